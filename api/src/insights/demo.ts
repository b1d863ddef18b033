/**
 * Demo data for the insights (npm start): 90 days of competitor price history for the matched
 * offers of the demo catalogue's websites, so the price index over time and the dynamics move,
 * and the closed days recounted from it (migration 091). Deterministic (every price follows
 * from the offer's external id and the day); changes only, as the scrapers keep history: an
 * offer changes price every 6 to 14 days, each competitor with its own drift (one gets cheaper
 * over the period, one dearer, one wavers). Idempotent: a website whose history already reaches
 * back 30 days is left alone.
 */
import type { Pool, PoolClient } from 'pg';
import { foldChanges } from './fold.ts';

type Db = Pick<Pool | PoolClient, 'query'>;

export const DEMO_HISTORY_DAYS = 90;

export async function seedInsightsHistory(db: Db): Promise<{ websites: number; historyRows: number }> {
  const { rows: websites } = await db.query<{ id: string }>(
    `SELECT DISTINCT c.organization_website_id AS id
       FROM competitors c JOIN product_matches m ON m.competitor_id = c.id AND m.status = 'MATCHED'
      WHERE NOT EXISTS (SELECT 1 FROM competitor_price_history h JOIN competitor_products cp ON cp.id = h.competitor_product_id
                         WHERE cp.competitor_id IN (SELECT id FROM competitors WHERE organization_website_id = c.organization_website_id)
                           AND h.seen_at < now() - interval '30 days')
        AND (SELECT count(*) FROM products p WHERE p.organization_website_id = c.organization_website_id) <= 5000`,
  );
  let historyRows = 0;
  for (const { id } of websites) {
    // Competitor number k (by name) drifts by k: -0.08 %/day, +0.06 %/day, or a wave.
    const inserted = await db.query(
      `INSERT INTO competitor_price_history (competitor_product_id, seen_at, price)
       SELECT o.id, date_trunc('day', now()) - d * interval '1 day' + ((o.h % 10) + 8) * interval '1 hour',
              round(o.price * (1 + CASE o.k % 3 WHEN 0 THEN 0.0008 * d WHEN 1 THEN -0.0006 * d ELSE (0.03 * sin(d / 9.0 + o.h))::numeric END
                                 + ((o.h + d) % 7 - 3) / 200.0), 2)
         FROM (SELECT cp.id, cp.price, abs(hashtext(cp.external_id)) % 1000 AS h, c.k
                 FROM (SELECT id, row_number() OVER (ORDER BY name, id) - 1 AS k FROM competitors WHERE organization_website_id = $1) c
                 JOIN competitor_products cp ON cp.competitor_id = c.id AND cp.price IS NOT NULL
                WHERE EXISTS (SELECT 1 FROM product_matches m WHERE m.competitor_product_id = cp.id AND m.status = 'MATCHED')) o
         CROSS JOIN generate_series(6, $2::int) AS d
        WHERE (d + o.h) % (6 + o.h % 9) = 0
       ON CONFLICT DO NOTHING`,
      [id, DEMO_HISTORY_DAYS],
    );
    historyRows += inserted.rowCount ?? 0;
    await db.query('SELECT insight_backfill_days($1, $2)', [id, DEMO_HISTORY_DAYS]);
  }
  // History written after the fact (here and by the catalogue's demo) moves the offers' prices at
  // the periods' starts: the dynamics' rollups are recounted for every website with matches (the
  // other websites' notes folded first).
  await foldChanges(db);
  await db.query(
    `SELECT insight_rebuild(w.id) FROM organization_websites w
      WHERE EXISTS (SELECT 1 FROM competitors c JOIN product_matches m ON m.competitor_id = c.id AND m.status = 'MATCHED'
                     WHERE c.organization_website_id = w.id)`,
  );
  return { websites: websites.length, historyRows };
}
