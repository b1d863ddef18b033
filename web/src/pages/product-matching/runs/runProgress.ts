import type { MatchingRunItem } from '../queries.ts';

/** A run still at work (the list is polled while one is). */
export const isWorking = (run: Pick<MatchingRunItem, 'status'>) => run.status === 'QUEUED' || run.status === 'RUNNING';

/** Percent of the run's products done (0 before the scope is known; 100 once it succeeded). */
export function runPercent(run: Pick<MatchingRunItem, 'status' | 'productsTotal' | 'productsDone'>): number {
  if (run.status === 'SUCCEEDED') return 100;
  if (!run.productsTotal) return 0;
  return Math.min(100, Math.floor((run.productsDone / run.productsTotal) * 100));
}
