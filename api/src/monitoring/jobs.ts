/**
 * The scrapers' jobs on the PostgreSQL job queue (api/src/jobs/README.md):
 * - `scraper-run`: executes one queued run (run.ts); one job per run (singleton key), so no run
 *   is executed twice at once; a worker that stops during it writes what it fetched and hands
 *   the run and its job back, and the next worker resumes the run from the pages not yet done;
 *   one that dies leaves it to the job's retry (which resumes it) or to the sweep.
 * - `scrapers-schedule`, every minute across all workers: fails the runs whose worker died
 *   (heartbeat too old) and no worker resumed, dispatches again the queued runs waiting five
 *   minutes (their job may be lost), queues a run for every scraper that is due by its competitor's
 *   scraping frequency, and enqueues a `scraper-run` job for each.
 */
import type { Pool } from 'pg';
import { defineJob, enqueue, schedule } from '../jobs/queue.ts';
import { executeRun } from './run.ts';
import { queueDueRuns, sweepStaleRuns, waitingRuns } from './run-store.ts';

export const SCRAPER_RUN_JOB = 'scraper-run';
export const SCRAPERS_SCHEDULE_JOB = 'scrapers-schedule';

defineJob<{ runId: string }>(
  SCRAPER_RUN_JOB,
  { singletonKey: (p) => p.runId, retryLimit: 1, expireInSeconds: 120 },
  async ({ runId }, ctx) => {
    const result = await executeRun(ctx.pool, runId, { signal: ctx.signal });
    // Thrown so that the queue hands the job back (no try used): the next worker resumes the run.
    if (result.status === 'stopped') throw new Error('the worker stopped; the run was handed back to be resumed');
  },
);

defineJob(SCRAPERS_SCHEDULE_JOB, { retryLimit: 0, expireInSeconds: 60 }, async (_payload, ctx) => {
  await sweepStaleRuns(ctx.pool);
  for (const runId of await waitingRuns(ctx.pool)) await dispatchRun(ctx.pool, runId);
  for (const runId of await queueDueRuns(ctx.pool)) await dispatchRun(ctx.pool, runId);
});
schedule(SCRAPERS_SCHEDULE_JOB, { everySeconds: 60 });

/** Hands a queued run to the workers. */
export async function dispatchRun(pool: Pool, runId: string): Promise<void> {
  await enqueue(pool, SCRAPER_RUN_JOB, { runId });
}
