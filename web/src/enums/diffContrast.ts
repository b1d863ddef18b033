import type { DiffContrast } from './definitions.ts';

/**
 * The diff contrast of our price against the cheapest competitor's, from the difference in
 * percent of that price: none without a comparison; similar within ±1 %; more when ours is
 * higher; lesser when it is lower by less than 5 %; less when it is lower by 5 % or more.
 */
export const DIFF_CONTRAST_LIMITS = { similarWithin: 1, lesserWithin: 5 } as const;

export function diffContrastOf(percent: number | null | undefined): DiffContrast {
  if (percent == null || !Number.isFinite(percent)) return 'none';
  if (Math.abs(percent) < DIFF_CONTRAST_LIMITS.similarWithin) return 'similar';
  if (percent > 0) return 'more';
  return -percent < DIFF_CONTRAST_LIMITS.lesserWithin ? 'lesser' : 'less';
}
