/** Prices and percentages as the reader's language writes them. */

export function formatMoney(value: number | null | undefined, currency: string, language: string): string {
  if (value == null) return '—';
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toLocaleString(language)} ${currency}`;
  }
}

/** A signed amount: '+100 Kč', '−5,50 €' (a plus for a positive difference). */
export function formatSignedMoney(value: number, currency: string, language: string): string {
  const text = formatMoney(Math.abs(value), currency, language);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** A signed percentage with one decimal: '+12.5%' ('−3,0 %' in Czech). */
export function formatSignedPercent(value: number | null, language: string): string {
  if (value == null) return '—';
  const text = new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Math.abs(value) / 100);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}
