/**
 * How a product's price compares with its competitors', as the console shows it (the display
 * enumerations): the diff rating of the price position and the recency contrast of the freshest
 * competitor price. Pure functions; the products list filters with the same thresholds
 * (`DIFF_RATING_RANGES`), so a filter and a row's rating never disagree.
 */

export type DiffRating = 'unknown' | 'normal' | 'increased' | 'high';
export type RecencyContrast = 'none' | 'short' | 'middle' | 'long';

/**
 * Bounds of the absolute price difference in percent of the competitors' minimum price:
 * below 5 % normal, below 15 % increased, from 15 % high. `from` inclusive, `below` exclusive.
 */
export const DIFF_RATING_RANGES: Readonly<
  Record<Exclude<DiffRating, 'unknown'>, { from: number; below: number | null }>
> = {
  normal: { from: 0, below: 5 },
  increased: { from: 5, below: 15 },
  high: { from: 15, below: null },
};

/** The rating of a price difference in percent (sign ignored); unknown without a competitor price. */
export function diffRating(differencePercent: number | null | undefined): DiffRating {
  if (differencePercent == null || !Number.isFinite(differencePercent)) return 'unknown';
  const size = Math.abs(differencePercent);
  for (const rating of ['normal', 'increased', 'high'] as const) {
    const { from, below } = DIFF_RATING_RANGES[rating];
    if (size >= from && (below === null || size < below)) return rating;
  }
  return 'unknown';
}

const HOUR = 3_600_000;
/** Ages of the freshest competitor price: below a day short, below a week middle, older long. */
export const RECENCY_LIMITS = { short: 24 * HOUR, middle: 7 * 24 * HOUR } as const;

/** How old the freshest competitor price is; none when there is none. A future time counts as fresh. */
export function recencyContrast(seenAt: Date | string | null | undefined, now: Date = new Date()): RecencyContrast {
  if (seenAt == null) return 'none';
  const time = seenAt instanceof Date ? seenAt.getTime() : Date.parse(seenAt);
  if (Number.isNaN(time)) return 'none';
  const age = now.getTime() - time;
  if (age < RECENCY_LIMITS.short) return 'short';
  if (age < RECENCY_LIMITS.middle) return 'middle';
  return 'long';
}
