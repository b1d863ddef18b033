/**
 * The insights' arithmetic (README.md, "Rules"), pure and table-tested (arithmetic.test.ts).
 * The SQL of the stores and the rollups apply the same rules to many rows at once; this module
 * states them once for the API's own use and is the reference the tests compare against.
 *
 * - Price index of a pair: own price ÷ competitor price × 100 (both > 0, else no index).
 * - Difference: (own ÷ competitor − 1) × 100, rounded to 0.1 % — kept as an integer count of
 *   tenths of a percent, so a rollup, a snapshot and the products list all compare the same
 *   integer with the same tolerance (a heat-map cell's count equals the list's).
 * - Comparison with tolerance t (0..50 %, steps of 0.1): CHEAPER below −t, PRICIER above +t,
 *   SAME within ±t (bounds included).
 * - Averages of an empty set are null with a reason, never NaN; coverage of no products is 0.
 */

export type Comparison = 'CHEAPER' | 'SAME' | 'PRICIER';
export type Movement = 'UP' | 'DOWN' | 'UNCHANGED';

export const DEFAULT_TOLERANCE_PERCENT = 1;
export const MAX_TOLERANCE_PERCENT = 50;

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** own ÷ competitor × 100, or null when either price is missing or not positive. */
export function priceIndex(own: number | null | undefined, competitor: number | null | undefined): number | null {
  if (!positive(own) || !positive(competitor)) return null;
  return (own / competitor) * 100;
}

/** The difference in tenths of a percent, rounded half away from zero (as SQL's round does). */
export function differenceTenths(own: number | null | undefined, competitor: number | null | undefined): number | null {
  if (!positive(own) || !positive(competitor)) return null;
  const tenths = (own / competitor - 1) * 1000;
  // Round on a value cut to 9 decimals so binary noise (1.005 → 1.00499…) does not tip a half.
  const cut = Math.round(Math.abs(tenths) * 1e9) / 1e9;
  const rounded = Math.sign(tenths) * Math.floor(cut + 0.5);
  return rounded === 0 ? 0 : rounded;
}

/** A tolerance in percent as tenths; throws a RangeError on anything but 0..50 in steps of 0.1. */
export function toleranceTenths(percent: number | null | undefined): number {
  const value = percent ?? DEFAULT_TOLERANCE_PERCENT;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_TOLERANCE_PERCENT) {
    throw new RangeError(`must be a number from 0 to ${MAX_TOLERANCE_PERCENT}`);
  }
  const tenths = Math.round(value * 10);
  if (Math.abs(tenths - value * 10) > 1e-6) throw new RangeError('must be a multiple of 0.1');
  return tenths;
}

/** Where a difference (tenths of a percent) stands with a tolerance (tenths). */
export function compare(difference: number, tolerance: number): Comparison {
  if (difference < -tolerance) return 'CHEAPER';
  if (difference > tolerance) return 'PRICIER';
  return 'SAME';
}

/** How a price moved between the start of a period and now. */
export function movement(start: number | null | undefined, now: number | null | undefined): Movement | null {
  if (!positive(start) || !positive(now)) return null;
  if (now > start) return 'UP';
  if (now < start) return 'DOWN';
  return 'UNCHANGED';
}

/** (now ÷ start − 1) × 100, or null. */
export function changePercent(start: number | null | undefined, now: number | null | undefined): number | null {
  if (!positive(start) || !positive(now)) return null;
  return (now / start - 1) * 100;
}

/** The mean of a sum over a count; null for none (never NaN). */
export function mean(sum: number, count: number): number | null {
  return count > 0 && Number.isFinite(sum) ? sum / count : null;
}

/** Matched ÷ all × 100; 0 when there are no products (the snapshot says why with `empty`). */
export function coveragePercent(matched: number, products: number): number {
  return products > 0 ? (matched / products) * 100 : 0;
}

export interface ComparisonCounts {
  cheaper: number;
  same: number;
  pricier: number;
}

/** Counts of many differences with one tolerance. */
export function countComparisons(differences: Array<number | null>, tolerance: number): ComparisonCounts {
  const counts = { cheaper: 0, same: 0, pricier: 0 };
  for (const d of differences) {
    if (d === null) continue;
    const c = compare(d, tolerance);
    if (c === 'CHEAPER') counts.cheaper += 1;
    else if (c === 'SAME') counts.same += 1;
    else counts.pricier += 1;
  }
  return counts;
}

export type EmptyReason = 'NO_PRODUCTS' | 'NO_MATCHED_PRODUCTS' | 'NO_DATA_IN_PERIOD';

/** Why a selection has nothing to show, or null when it has. */
export function emptyReason(products: number, matched: number, points?: number): EmptyReason | null {
  if (products === 0) return 'NO_PRODUCTS';
  if (matched === 0) return 'NO_MATCHED_PRODUCTS';
  if (points !== undefined && points === 0) return 'NO_DATA_IN_PERIOD';
  return null;
}

/** Round for the answer (2 decimals), keeping null. */
export const round2 = (n: number | null): number | null => (n === null ? null : Math.round(n * 100) / 100);
