/**
 * `insights.fold` (api/src/jobs/README.md): folds the notes the writes leave into the insights'
 * rollups (fold.ts, migration 096) every INSIGHTS_FOLD_INTERVAL_MS (default 2 s) for a window of
 * INSIGHTS_FOLD_WINDOW_MS (default 60 s), then ends. Offered every 30 s with policy 'stately' (one
 * running and one waiting across all workers), as `pricing.update` is: one worker at a time folds,
 * and a dead worker's loop is taken over after its lease.
 */
import { defineJob, schedule } from '../jobs/queue.ts';
import { runFolds } from './fold.ts';

export const INSIGHTS_FOLD = 'insights.fold';

const windowMs = Math.max(5_000, Number(process.env.INSIGHTS_FOLD_WINDOW_MS ?? 60_000) || 60_000);
const intervalMs = Math.max(100, Number(process.env.INSIGHTS_FOLD_INTERVAL_MS ?? 2_000) || 2_000);

defineJob(
  INSIGHTS_FOLD,
  { policy: 'stately', singletonKey: () => 'rollups', expireInSeconds: 120, retryLimit: 1, retryDelaySeconds: 5 },
  async (_payload, { pool, signal, idle }) => {
    await runFolds(pool, {
      signal,
      forMs: windowMs,
      intervalMs,
      idle,
      onError: (error) => console.error('Insights: fold failed:', (error as Error).message ?? error),
    });
  },
);

schedule(INSIGHTS_FOLD, { everySeconds: 30 });
