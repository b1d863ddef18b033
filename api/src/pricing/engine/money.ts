/**
 * Money arithmetic in minor units (cents), so that 1299 x 0.99 is 1286.01 and never
 * 1286.0099999: every price the engine produces is a whole number of the currency's minor units.
 */

const decimalsCache = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (CZK 2, JPY 0); 2 for a code the runtime does not know. */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsCache.get(currency);
  if (decimals === undefined) {
    try {
      decimals =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    decimalsCache.set(currency, decimals);
  }
  return decimals;
}

/** `value` in minor units, halves away from zero (a price is never negative here). */
export function toMinor(value: number, decimals: number): number {
  const scaled = value * 10 ** decimals;
  // The float error of the multiplication (1286.005 * 100 = 128600.49999) is far below 1e-6.
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-6);
}

export const fromMinor = (minor: number, decimals: number): number =>
  Number((minor / 10 ** decimals).toFixed(decimals));

/**
 * The largest price the price columns hold (numeric(12, 2): 9,999,999,999.99) in a currency of
 * `decimals` minor digits (9,999,999,999 in one without cents).
 */
export function largestPrice(decimals: number): number {
  const digits = Math.min(decimals, 2);
  return fromMinor(Math.floor(999_999_999_999 / 10 ** (2 - digits)), digits);
}

/** `value` rounded half up to the currency's decimals. */
export const roundMoney = (value: number, decimals: number): number => fromMinor(toMinor(value, decimals), decimals);

/** `price` changed by `percent` % (negative lowers it), rounded to the currency's decimals. */
export const addPercent = (price: number, percent: number, decimals: number): number =>
  roundMoney(price * (1 + percent / 100), decimals);

/** (to - from) in percent of from, to 2 decimals; null when from is 0 or absent. */
export function percentChange(from: number | null, to: number): number | null {
  if (from == null || from === 0) return null;
  return Math.round(((to - from) / from) * 10_000) / 100;
}
