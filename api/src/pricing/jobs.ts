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
 * a minute), and a worker's slot is given back between windows. The cost: the loop holds one of
 * a worker's JOB_CONCURRENCY slots nearly all the time.
 */
import { defineJob, schedule } from '../jobs/queue.ts';
import { runSuggestionUpdates } from './recompute.ts';

export const PRICING_UPDATE = 'pricing.update';

const windowMs = Math.max(5_000, Number(process.env.PRICING_UPDATE_WINDOW_MS ?? 60_000) || 60_000);

defineJob(
  PRICING_UPDATE,
  { policy: 'stately', singletonKey: () => 'suggestions', expireInSeconds: 60, retryLimit: 1, retryDelaySeconds: 5 },
  async (_payload, { pool, signal }) => {
    await runSuggestionUpdates(pool, {
      signal,
      forMs: windowMs,
      onError: (error) => console.error('Price suggestions: recompute failed:', (error as Error).message ?? error),
    });
  },
);

schedule(PRICING_UPDATE, { everySeconds: 30 });
