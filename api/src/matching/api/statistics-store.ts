/**
 * The SQL of the six matching statistics (docs/matching.md) of a website, overall and per
 * competitor, counted in pairs: the sum of the deltas that the triggers of migration 040 append
 * with every change of product_matches (exact in every snapshot). When a website has gathered many
 * deltas a read folds them into one row per competitor. No access checks here: the resolvers
 * (statistics.ts, queue.ts) check the caller first.
 */
import type { Queryable } from '../../db/transaction.ts';

export interface MatchingStatistics {
  matched: number;
  waitingToMatch: number;
  waitingToConfirm: number;
  skipped: number;
  neverMatch: number;
  expired: number;
}

/** Deltas a website may gather before a read folds them. */
export const COMPACT_AFTER = 500;

const zero = (): MatchingStatistics => ({
  matched: 0,
  waitingToMatch: 0,
  waitingToConfirm: 0,
  skipped: 0,
  neverMatch: 0,
  expired: 0,
});

export interface WebsiteStatistics {
  overall: MatchingStatistics;
  /** Products waiting to match (in the matching queue) at any competitor. */
  queueProducts: number;
  competitors: Array<{ id: string; name: string; statistics: MatchingStatistics; queueProducts: number }>;
}

/**
 * Per competitor of the website (all of them, name order) and overall, with the size of the
 * matching queue (kept by migration 042), in one statement.
 */
export async function websiteStatistics(db: Queryable, websiteId: string): Promise<WebsiteStatistics> {
  const { rows } = await db.query(
    `WITH s AS (
       SELECT competitor_id, sum(matched) AS matched, sum(waiting_to_match) AS waiting_to_match, sum(waiting_to_confirm) AS waiting_to_confirm,
              sum(skipped) AS skipped, sum(never_match) AS never_match, sum(expired) AS expired, count(*) AS deltas
         FROM matching_statistics_deltas WHERE organization_website_id = $1 GROUP BY competitor_id
     ), q AS (
       SELECT competitor_id, sum(products) AS products, count(*) AS deltas
         FROM matching_queue_size_deltas WHERE organization_website_id = $1 GROUP BY competitor_id
     )
     SELECT (SELECT coalesce(sum(deltas), 0)::int FROM s) AS deltas, (SELECT coalesce(sum(deltas), 0)::int FROM q) AS queue_deltas,
            (SELECT coalesce(sum(products), 0)::int FROM q WHERE competitor_id IS NULL) AS queue_products_all,
            c.id, c.name, coalesce(s.matched, 0)::int AS matched, coalesce(s.waiting_to_match, 0)::int AS waiting_to_match,
            coalesce(s.waiting_to_confirm, 0)::int AS waiting_to_confirm, coalesce(s.skipped, 0)::int AS skipped,
            coalesce(s.never_match, 0)::int AS never_match, coalesce(s.expired, 0)::int AS expired, coalesce(q.products, 0)::int AS queue_products
       FROM (SELECT $1::uuid AS website) w
       LEFT JOIN competitors c ON c.organization_website_id = w.website
       LEFT JOIN s ON s.competitor_id = c.id
       LEFT JOIN q ON q.competitor_id = c.id
      ORDER BY c.name, c.id`,
    [websiteId],
  );
  // Many deltas gathered: folded now, for the next reads (this one has its sums already).
  if ((rows[0]?.deltas ?? 0) > COMPACT_AFTER) await db.query('SELECT compact_matching_statistics($1)', [websiteId]);
  if ((rows[0]?.queue_deltas ?? 0) > COMPACT_AFTER)
    await db.query('SELECT compact_matching_queue_size($1)', [websiteId]);
  const overall = zero();
  // One row without a competitor when the website has none (for the website-wide figures).
  const competitors = rows
    .filter((r) => r.id !== null)
    .map((r) => {
      const statistics: MatchingStatistics = {
        matched: r.matched,
        waitingToMatch: r.waiting_to_match,
        waitingToConfirm: r.waiting_to_confirm,
        skipped: r.skipped,
        neverMatch: r.never_match,
        expired: r.expired,
      };
      for (const key of Object.keys(overall) as (keyof MatchingStatistics)[]) overall[key] += statistics[key];
      return { id: r.id as string, name: r.name as string, statistics, queueProducts: r.queue_products as number };
    });
  return { overall, queueProducts: rows[0]?.queue_products_all ?? 0, competitors };
}
