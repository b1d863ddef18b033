/**
 * Daily feeds: every URL feed whose schedule is not manual is imported again once its last run
 * started a day ago (or it never ran). The job workers look every SCHEDULER_INTERVAL_MS
 * (`feeds.due`, jobs.ts) and import each due feed as a job of its own (`feeds.import`); each due
 * feed gets a run (started_by NULL) like productFeedImport's. `startDueImports` does both in
 * this process (the suites).
 */
import type { Pool } from 'pg';
import { ImportAlreadyRunning, runImport, startRun, track, type RunOutcome } from './import.ts';
import { feedLimits } from './limits.ts';
import { fetchFeed } from './source.ts';
import type { FeedRow } from './feeds-store.ts';

export const SCHEDULER_INTERVAL_MS = 5 * 60_000;

const FEED_COLUMNS = 'f.id, f.organization_website_id, f.format, f.column_mapping, f.csv_delimiter, f.url';

/** The due feeds, longest waiting first (at most `max`). */
export async function dueFeeds(pool: Pool, max = 10): Promise<FeedRow[]> {
  const { rows } = await pool.query<FeedRow>(
    `SELECT ${FEED_COLUMNS}
       FROM product_feeds f LEFT JOIN feed_import_runs r ON r.id = f.last_run_id
      WHERE f.source = 'url' AND f.schedule <> 'manual' AND (r.id IS NULL OR r.created_at < now() - interval '1 day')
      ORDER BY r.created_at NULLS FIRST LIMIT $1`,
    [max],
  );
  return rows;
}

/** A URL feed by id, or null when it is gone or no longer a URL feed. */
export async function urlFeed(pool: Pool, feedId: string): Promise<FeedRow | null> {
  const { rows } = await pool.query<FeedRow>(
    `SELECT ${FEED_COLUMNS} FROM product_feeds f WHERE f.id = $1 AND f.source = 'url' AND f.url IS NOT NULL`,
    [feedId],
  );
  return rows[0] ?? null;
}

/** Starts a scheduled run of the feed; the import goes on in `importing` (throws ImportAlreadyRunning). */
export async function startScheduledImport(
  pool: Pool,
  feed: FeedRow,
): Promise<{ runId: string; importing: Promise<RunOutcome> }> {
  const runId = await startRun(pool, feed.id, { startedBy: null, source: 'url' });
  return { runId, importing: track(runImport(pool, runId, feed, () => fetchFeed(feed.url!, feedLimits()))) };
}

/** Starts the due imports (at most `max` at once) in this process and returns their run ids. */
export async function startDueImports(pool: Pool, max = 10): Promise<string[]> {
  const started: string[] = [];
  for (const feed of await dueFeeds(pool, max)) {
    try {
      const { runId, importing } = await startScheduledImport(pool, feed);
      void importing.catch(() => undefined);
      started.push(runId);
    } catch (error) {
      if (!(error instanceof ImportAlreadyRunning))
        console.error(`Scheduled import of feed ${feed.id} could not start:`, error);
    }
  }
  return started;
}
