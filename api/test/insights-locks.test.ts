/**
 * Data insights' rollups under concurrent writers (migrations 092, "Lock order", and 096): two
 * scraper-like transactions on one website — each a bulk competitor price update, then a bulk own
 * price update, on disjoint offers and products whose rollup rows (cells, competitor totals,
 * brands) overlap — and two folds of their notes run at the same time many times over without a
 * deadlock, and the rollups, folded, still equal a recount. PostgreSQL only: PGlite serves one
 * connection at a time, so nothing runs concurrently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { foldChanges } from '../src/insights/fold.ts';
import { availableEngines, openMigrated } from './engines.ts';
import type { Database } from '../src/db/database.ts';

const postgres = (await availableEngines()).filter((e) => e.name === 'postgres');

describe.skipIf(postgres.length === 0).each(postgres)('Insights rollups with concurrent writers on $name', (engine) => {
  let db: Database;
  let pool: Pool;
  let website: string;
  const competitors: string[] = [];
  beforeAll(async () => {
    db = await openMigrated(engine);
    pool = db.pool;
    const { rows } = await pool.query(
      `WITH o AS (INSERT INTO organizations (slug, name, plan) VALUES ('insights-locks', 'Insights locks', 'starter') RETURNING id),
            w AS (INSERT INTO websites (name, url) VALUES ('Lock shop', 'https://lock.shop.example') RETURNING id, name)
       INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, w.name FROM o, w RETURNING id`,
    );
    website = rows[0].id;
    for (const name of ['Rival A', 'Rival B']) {
      const { rows: c } = await pool.query(
        'INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, $2, $3) RETURNING id',
        [website, name, `https://${name.toLowerCase().replace(' ', '-')}.example`],
      );
      competitors.push(c[0].id);
    }
    // 80 products over 4 brands x 5 categories, each matched to one offer of each competitor.
    await pool.query(
      `INSERT INTO products (organization_website_id, item_id, name, brand, category, price)
       SELECT $1, 'item-' || i, 'Product ' || i, 'Brand ' || i % 4, 'Category ' || i % 5, 100 + i FROM generate_series(1, 80) AS i`,
      [website],
    );
    await pool.query(
      `WITH cp AS (
         INSERT INTO competitor_products (competitor_id, external_id, name, price, availability)
         SELECT c.id, p.id::text, p.name, p.price * 1.01, 'in_stock' FROM products p, competitors c
          WHERE p.organization_website_id = $1 AND c.organization_website_id = $1 RETURNING id, competitor_id, external_id)
       INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status)
       SELECT cp.external_id::uuid, cp.id, cp.competitor_id, 'MATCHED' FROM cp`,
      [website],
    );
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  /** One writer: competitor `c`'s prices of every product, then the own prices of half the products. */
  async function writer(competitor: string, parity: number, round: number) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        'UPDATE competitor_products SET price = round(price * (1 + ($2::int % 3 - 1) * 0.02), 2) WHERE competitor_id = $1',
        [competitor, round],
      );
      await client.query('SELECT pg_sleep(0.02)');
      await client.query(
        `UPDATE products SET price = round(price * (1 + ($3::int % 3 - 1) * 0.015), 2)
          WHERE organization_website_id = $1 AND substr(item_id, 6)::int % 2 = $2`,
        [website, parity, round],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  it('two writers on overlapping rollup rows and two folds, 25 times at once: no deadlock, rollups equal a recount', async () => {
    for (let round = 0; round < 25; round += 1) {
      const results = await Promise.allSettled([
        writer(competitors[0]!, 0, round),
        foldChanges(pool),
        writer(competitors[1]!, 1, round + 1),
        foldChanges(pool),
      ]);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(failed?.reason?.message, `round ${round}`).toBeUndefined();
    }
    const snapshot = async () =>
      (
        await pool.query(
          `SELECT (SELECT json_agg(c ORDER BY c.competitor_id, c.brand, c.category) FROM (
                     SELECT competitor_id, brand, category, pairs, priced, round(index_sum, 4) AS index_sum, cheaper, same, pricier
                       FROM insight_cells WHERE organization_website_id = $1 AND pairs <> 0) c) AS cells,
                  (SELECT json_agg(b ORDER BY b.brand, b.category) FROM (
                     SELECT brand, category, products, matched, priced, round(index_sum, 4) AS index_sum, cheaper, same, pricier
                       FROM insight_brands WHERE organization_website_id = $1 AND products <> 0) b) AS brands`,
          [website],
        )
      ).rows[0];
    await foldChanges(pool);
    const kept = await snapshot();
    await pool.query('SELECT insight_rebuild($1)', [website]);
    expect(kept).toEqual(await snapshot());
    expect(kept.cells).toHaveLength(2 * 20);
  }, 180_000);
});
