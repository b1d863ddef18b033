import type { CompetitorMonitoring } from '../queries.ts';

/** Where our prices stand against one competitor's, over the matched pairs with both prices. */
export interface PricePositionSummary {
  /** Pairs compared. */
  compared: number;
  /** Shares of the compared pairs, in whole percent (0 when none are compared). */
  cheaperShare: number;
  equalShare: number;
  dearerShare: number;
  /** On average: ours cheaper, dearer, the same, or unknown without a compared pair. */
  verdict: 'cheaper' | 'dearer' | 'same' | 'unknown';
  /** The average difference without its sign, in percent (null when unknown). */
  averageAbsPercent: number | null;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : 0);

export function pricePosition(monitoring: CompetitorMonitoring): PricePositionSummary {
  const { cheaper, equal, dearer, averageDifferencePercent: average } = monitoring;
  const compared = cheaper + equal + dearer;
  return {
    compared,
    cheaperShare: share(cheaper, compared),
    equalShare: share(equal, compared),
    dearerShare: share(dearer, compared),
    verdict: average == null ? 'unknown' : average < 0 ? 'cheaper' : average > 0 ? 'dearer' : 'same',
    averageAbsPercent: average == null ? null : Math.abs(average),
  };
}
