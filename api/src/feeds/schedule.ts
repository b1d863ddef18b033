/**
 * Daily feeds: every URL feed whose schedule is not manual is imported again once its last run
 * started a day ago (or it never ran). main.ts calls `startDueImports` every few minutes; each
 * due feed gets a run (started_by NULL) like productFeedImport's.
 */
import type { Pool } from 'pg';
import { ImportAlreadyRunning, runImport, startRun, track } from './import.ts';
import { feedLimits } from './limits.ts';
import { fetchFeed } from './source.ts';
import type { FeedRow } from './feed-rows.ts';

export const SCHEDULER_INTERVAL_MS = 5 * 60_000;

/** Starts the due imports (at most `max` at once) and returns their run ids. */
export async function startDueImports(pool: Pool, max = 10): Promise<string[]> {
  const { rows } = await pool.query<FeedRow>(
    `SELECT f.id, f.organization_website_id, f.format, f.column_mapping, f.csv_delimiter, f.url
       FROM product_feeds f LEFT JOIN feed_import_runs r ON r.id = f.last_run_id
      WHERE f.source = 'url' AND f.schedule <> 'manual' AND (r.id IS NULL OR r.created_at < now() - interval '1 day')
      ORDER BY r.created_at NULLS FIRST LIMIT $1`,
    [max],
  );
  const started: string[] = [];
  for (const feed of rows) {
    try {
      const runId = await startRun(pool, feed.id, { startedBy: null, source: 'url' });
      void track(runImport(pool, runId, feed, () => fetchFeed(feed.url!, feedLimits())));
      started.push(runId);
    } catch (error) {
      if (!(error instanceof ImportAlreadyRunning)) console.error(`Scheduled import of feed ${feed.id} could not start:`, error);
    }
  }
  return started;
}
