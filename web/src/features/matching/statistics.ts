import { MATCHING_STATISTIC, type MatchingStatistic } from '../../enums/index.ts';

/** The six matching statistics (docs/matching.md), each a count. */
export type MatchingStatistics = Record<MatchingStatistic, number>;

export const STATISTIC_KEYS: readonly MatchingStatistic[] = MATCHING_STATISTIC.values;

export interface StatisticSegment {
  key: MatchingStatistic;
  count: number;
  /** Share of the total in percent (0 when the total is 0). */
  percent: number;
}

/** The statistics in the spec's order with their shares of the total (for a segmented bar). */
export function statisticSegments(statistics: Partial<MatchingStatistics> | null | undefined): {
  total: number;
  segments: StatisticSegment[];
} {
  const counts = STATISTIC_KEYS.map((key) => ({ key, count: Math.max(0, statistics?.[key] ?? 0) }));
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  return { total, segments: counts.map((entry) => ({ ...entry, percent: total ? (entry.count / total) * 100 : 0 })) };
}
