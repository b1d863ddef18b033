/**
 * Prices as shops write them: '$1,299.00', '1 299,90 Kč', '1.299,90 €', '499,-', 'CZK 29.90'.
 */

/** The amount, or null when the text holds no price. */
export function parsePrice(text: string | null | undefined): number | null {
  if (!text) return null;
  let digits = text.replace(/,-+$/, '').replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return null;
  digits = digits.replace(/^[.,]+|[.,]+$/g, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = Math.max(lastDot, lastComma);
  } else {
    const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (separator) {
      const occurrences = digits.split(separator).length - 1;
      const decimals = digits.length - digits.lastIndexOf(separator) - 1;
      // one separator followed by exactly three digits is a thousands separator ('1,299')
      if (occurrences === 1 && decimals !== 3) decimalAt = digits.lastIndexOf(separator);
    }
  }
  const integer = (decimalAt >= 0 ? digits.slice(0, decimalAt) : digits).replace(/[.,]/g, '');
  const fraction = decimalAt >= 0 ? digits.slice(decimalAt + 1) : '';
  const value = Number(`${integer || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/**
 * Whether a competitor's price can be stored: from 0.01 to 9,999,999,999.99 (numeric(12, 2)) once
 * rounded to cents. A price of 0 is no price (a page or a file that shows none; migration 113), and
 * 0.004 would be stored as 0.
 */
export function isStorableCompetitorPrice(price: number): boolean {
  const cents = Math.round(price * 100);
  return cents >= 1 && cents <= 999_999_999_999;
}

/** Relative difference of two prices (|a - b| / max), or null when either is missing. */
export function relativePriceDifference(a: number | null, b: number | null): number | null {
  if (a === null || b === null || a <= 0 || b <= 0) return null;
  return Math.abs(a - b) / Math.max(a, b);
}
