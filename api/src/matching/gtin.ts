/**
 * GTIN / EAN / UPC identifiers: normalized to 14 digits (so an UPC-A '036000291452' equals the
 * EAN-13 '0036000291452') and accepted only with a valid check digit.
 */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** True when the last digit is the GS1 mod-10 check digit of the others. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** The 14-digit GTIN, or null when the text is no valid GTIN-8/12/13/14. */
export function normalizeGtin(text: string | null | undefined): string | null {
  if (!text) return null;
  const digits = text.replace(/[\s\-.]/g, '');
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.has(digits.length)) return null;
  if (!hasValidCheckDigit(digits)) return null;
  const gtin = digits.padStart(14, '0');
  return /^0+$/.test(gtin.slice(0, 13)) ? null : gtin;
}
