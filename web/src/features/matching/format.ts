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
