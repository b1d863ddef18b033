/**
 * What importers call so matching follows their changes (incremental runs, queue.ts). Each hook
 * records the change and, in the API process (serveMatching), wakes the worker; a hook never
 * fails its import (a problem is logged, and the next full run covers what it missed).
 */
import type { Pool, PoolClient } from 'pg';
import { recordChanges, wakeIfServing } from './queue.ts';

/** After a product feed import (feeds/import.ts): the products it created or changed. */
export async function matchingAfterFeedImport(pool: Pool, feedRunId: string): Promise<void> {
  try {
    const { rows } = await pool.query<{ organization_website_id: string; started_at: Date; changed: number }>(
      `SELECT f.organization_website_id, r.started_at, r.products_created + r.products_updated AS changed
         FROM feed_import_runs r JOIN product_feeds f ON f.id = r.product_feed_id
        WHERE r.id = $1 AND r.status = 'succeeded'`,
      [feedRunId],
    );
    const run = rows[0];
    if (!run || run.changed === 0) return;
    await recordChanges(pool, { websiteId: run.organization_website_id, competitorId: null, since: run.started_at });
    wakeIfServing(pool);
  } catch (error) {
    console.error(`Matching after feed import ${feedRunId}:`, error);
  }
}

/**
 * Inside an import of competitor products (its transaction, before COMMIT): the competitor's
 * products written by this transaction. The worker is woken shortly after (the periodic wake-up
 * of jobs.ts picks the run up if the commit takes longer).
 */
export async function matchingAfterCompetitorImport(
  client: PoolClient,
  pool: Pool,
  competitorId: string,
): Promise<void> {
  const { rows } = await client.query<{ organization_website_id: string }>(
    'SELECT organization_website_id FROM competitors WHERE id = $1',
    [competitorId],
  );
  if (!rows[0]) return;
  await client.query('SAVEPOINT matching_changes');
  try {
    await recordChanges(client, { websiteId: rows[0].organization_website_id, competitorId, since: null });
    await client.query('RELEASE SAVEPOINT matching_changes');
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT matching_changes');
    console.error(`Matching after the import of competitor ${competitorId}'s products:`, error);
    return;
  }
  setTimeout(() => wakeIfServing(pool), 200).unref();
}
