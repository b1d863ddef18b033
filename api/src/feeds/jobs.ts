/**
 * Scheduled feed imports as jobs (jobs/README.md; schedule.ts says which feeds are due):
 *
 * - `feeds.due`, every SCHEDULER_INTERVAL_MS across all workers: queues a `feeds.import` job per
 *   due feed. Locally only with FEED_SCHEDULER=on (the demo feeds' addresses do not exist).
 * - `feeds.import` (one queued and one running per feed): starts the feed's run and imports it.
 *   A worker killed mid-import leaves the run `running`; the job comes back after its lease
 *   (jobs/README.md) and retries every 5 minutes until the run's heartbeat is 10 minutes old,
 *   when a new run fails the old one (import.ts) and imports the feed again.
 */
import { defineJob, enqueue, schedule } from '../jobs/queue.ts';
import { ImportAlreadyRunning } from './import.ts';
import { dueFeeds, SCHEDULER_INTERVAL_MS, startScheduledImport, urlFeed } from './schedule.ts';

export const FEEDS_DUE = 'feeds.due';
export const FEED_IMPORT = 'feeds.import';

/** How many due feeds one look queues at most (the rest are due at the next look). */
const MAX_QUEUED_PER_LOOK = 100;

export function feedSchedulerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.APP_ENV || 'local') !== 'local' || env.FEED_SCHEDULER === 'on';
}

defineJob(
  FEEDS_DUE,
  { policy: 'singleton', singletonKey: () => 'due', expireInSeconds: 60, retryLimit: 0 },
  async (_payload, { pool }) => {
    if (!feedSchedulerEnabled()) return;
    for (const feed of await dueFeeds(pool, MAX_QUEUED_PER_LOOK)) await enqueue(pool, FEED_IMPORT, { feedId: feed.id });
  },
);

defineJob<{ feedId: string }>(
  FEED_IMPORT,
  { singletonKey: (payload) => payload.feedId, expireInSeconds: 600, retryLimit: 3, retryDelaySeconds: 300 },
  async ({ feedId }, { pool, retryCount }) => {
    const feed = await urlFeed(pool, feedId);
    if (!feed) return;
    try {
      const { importing } = await startScheduledImport(pool, feed);
      const outcome = await importing;
      console.log(`Scheduled import of feed ${feedId}: ${outcome.status}, ${outcome.rowsImported} rows imported.`);
    } catch (error) {
      // Someone's import runs (nothing to do), or, on a retry, the run of a worker that died
      // (retry until it is stale and a new run replaces it).
      if (error instanceof ImportAlreadyRunning && retryCount === 0) return;
      throw error;
    }
  },
);

schedule(FEEDS_DUE, { everySeconds: SCHEDULER_INTERVAL_MS / 1000 });
