/**
 * Price suggestions kept current by the job workers (api/src/jobs/README.md), not the API process:
 *
 * - `pricing.update`: runs the updater's loop (recompute.ts `runSuggestionUpdates`: dirty products
 *   every 250 ms, then one queued website) for PRICING_UPDATE_WINDOW_MS (default 60 s) and ends.
 *   Offered every 30 s with policy 'stately' (one running and one waiting across all workers), so
 *   when one ends the waiting one starts at the next poll of a worker (1 s by default): one worker
 *   at a time keeps the loop going, and a dead worker's loop is taken over after its lease (60 s)
 *   like any job's. The marks come from the database's triggers (migration 060), whoever made the
 *   change (the API, a feed import, a scraper run), so nothing needs to enqueue per change.
 *
 * A window rather than one job running for ever: the queue shows the loop alive (a completed job
 * a minute). Between rounds the loop waits in `ctx.idle`, holding none of the worker's
 * JOB_CONCURRENCY slots: another job may run in it, and a round that finds work takes a slot
 * again first (it waits for one when every slot is busy with other jobs).
 */
import { defineJob, schedule } from '../jobs/queue.ts';
import { runSuggestionUpdates } from './recompute.ts';

export const PRICING_UPDATE = 'pricing.update';

const windowMs = Math.max(5_000, Number(process.env.PRICING_UPDATE_WINDOW_MS ?? 60_000) || 60_000);

defineJob(
  PRICING_UPDATE,
  { policy: 'stately', singletonKey: () => 'suggestions', expireInSeconds: 60, retryLimit: 1, retryDelaySeconds: 5 },
  async (_payload, { pool, signal, idle }) => {
    await runSuggestionUpdates(pool, {
      signal,
      idle,
      forMs: windowMs,
      onError: (error) => console.error('Price suggestions: recompute failed:', (error as Error).message ?? error),
    });
  },
);

schedule(PRICING_UPDATE, { everySeconds: 30 });
