/**
 * The insights' fold (migration 101), on both engines: a fold writes each counted product's row
 * once (its counted state and its per-competitor arrays together), whether the product's own
 * price moved (a feed import) or its competitors' prices and then its market moved (a scraper
 * run), and what it leaves equals a recount from scratch (insight_rebuild).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { migrate } from '../src/db/migrate.ts';
import { availableEngines } from './engines.ts';
import { foldChanges } from '../src/insights/fold.ts';
import type { Database } from '../src/db/database.ts';

const engines = await availableEngines();

/** Rollups compared with a recount (zero rows left by deltas are not rows). */
const ROLLUPS: Record<string, [columns: string, nonZero: string]> = {
  insight_cells: [
    'competitor_id, brand, category, pairs, priced, index_sum::float8, cheaper, same, pricier, offers, in_stock, availability_known, up30, down30, unchanged30, change30::float8',
    'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
  ],
  insight_competitors: [
    'competitor_id, pairs, priced, index_sum::float8, cheaper, same, pricier, offers, in_stock',
    'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
  ],
  insight_brand_cells: [
    'brand, competitor_id, pairs, priced, index_sum::float8, cheaper, same, pricier, offers',
    'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
  ],
  insight_category_cells: [
    'category, competitor_id, pairs, priced, index_sum::float8, cheaper, same, pricier, offers',
    'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
  ],
  'insight_cell_histograms, insight_histogram_rows(pairs) AS e': [
    'competitor_id, brand, category, e.difference, e.n',
    'true',
  ],
  'insight_brand_cell_histograms, insight_histogram_rows(pairs) AS e': [
    'brand, competitor_id, e.difference, e.n',
    'true',
  ],
  insight_brands: [
    'brand, category, products, matched, priced, index_sum::float8, difference_sum::float8, cheaper, same, pricier',
    'products <> 0 OR matched <> 0 OR priced <> 0 OR index_sum <> 0',
  ],
  insight_brand_totals: [
    'brand, products, matched, priced, index_sum::float8, cheaper, same, pricier',
    'products <> 0',
  ],
  'insight_brand_histograms, insight_histogram_rows(products) AS e': ['brand, category, e.difference, e.n', 'true'],
  insight_products_counted: [
    'product_id, brand, category, price::text, market::text, matched, pair_offers::text, pair_priced::text, pair_cents::text',
    'true',
  ],
};

async function rollups(pool: Pool, website: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [table, [columns, nonZero]] of Object.entries(ROLLUPS)) {
    const { rows } = await pool.query(
      `SELECT ${columns} FROM ${table} WHERE organization_website_id = $1 AND (${nonZero})`,
      [website],
    );
    out[table] = rows.map((r) => JSON.stringify(Object.values(r))).sort();
  }
  return out;
}

describe.each(engines)('Insights fold on $name', (engine) => {
  let db: Database;
  let pool: Pool;
  let website: string;

  beforeAll(async () => {
    db = await engine.open();
    pool = db.pool;
    await migrate(pool);
    website = (
      await pool.query(
        `WITH o AS (INSERT INTO organizations (slug, name, plan) VALUES ('insights-fold', 'Insights fold', 'starter') RETURNING id),
              w AS (INSERT INTO websites (name, url) VALUES ('Fold shop', 'https://fold.shop.example') RETURNING id)
         INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Fold shop' FROM o, w RETURNING id`,
      )
    ).rows[0].id;
    await pool.query(
      `INSERT INTO competitors (organization_website_id, name, url)
       SELECT $1, 'Rival ' || c, 'https://rival-' || c || '.fold.example' FROM generate_series(1, 3) AS c`,
      [website],
    );
    await pool.query(
      `INSERT INTO products (organization_website_id, item_id, name, brand, category, price)
       SELECT $1, 'fold-' || i, 'Product ' || i, (ARRAY['Acme', 'Bolt', NULL])[1 + i % 3], (ARRAY['Tools', 'Garden'])[1 + i % 2],
              100 + i * 13
         FROM generate_series(1, 12) AS i`,
      [website],
    );
    // One offer per product and competitor, every one matched; prices around the own price.
    await pool.query(
      `WITH cp AS (
         INSERT INTO competitor_products (competitor_id, external_id, name, price, availability)
         SELECT c.id, p.id::text, p.name, round(p.price * (0.9 + (abs(hashtext(p.item_id || c.name)) % 200) / 1000.0), 2), 'in_stock'
           FROM products p JOIN competitors c ON c.organization_website_id = p.organization_website_id
          WHERE p.organization_website_id = $1
         RETURNING id, external_id)
       INSERT INTO product_matches (product_id, competitor_product_id, status) SELECT external_id::uuid, id, 'MATCHED' FROM cp`,
      [website],
    );
    await pool.query(
      'SELECT refresh_product_rollups(array(SELECT id FROM products WHERE organization_website_id = $1))',
      [website],
    );
    await foldChanges(pool);
    // Counts every write of a counted product's row from here on.
    await pool.query(`
      CREATE TABLE fold_counted_writes (product_id uuid NOT NULL);
      CREATE FUNCTION fold_counted_written() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO fold_counted_writes VALUES (NEW.product_id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER fold_counted_written AFTER INSERT OR UPDATE ON insight_products_counted
        FOR EACH ROW EXECUTE FUNCTION fold_counted_written();`);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  /** Folds, answering how often each counted product's row was written. */
  async function foldCountingWrites(): Promise<number[]> {
    await pool.query('DELETE FROM fold_counted_writes');
    expect(await foldChanges(pool)).toBeGreaterThan(0);
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fold_counted_writes GROUP BY product_id ORDER BY 1 DESC',
    );
    return rows.map((r) => r.n);
  }

  /** The subset pass's narrow copy (migration 108) holds exactly the counted products' five columns. */
  async function expectNarrowCopy() {
    const columns = 'product_id, organization_website_id, price_cents, pair_packed, brand, category';
    const { rows } = await pool.query<{ copied: number; differing: number }>(
      `SELECT (SELECT count(*)::int FROM insight_products_packed WHERE organization_website_id = $1) AS copied,
              (SELECT count(*)::int FROM ((SELECT ${columns} FROM insight_products_packed EXCEPT ALL SELECT ${columns} FROM insight_products_counted)
                UNION ALL (SELECT ${columns} FROM insight_products_counted EXCEPT ALL SELECT ${columns} FROM insight_products_packed)) d) AS differing`,
      [website],
    );
    expect(rows[0]!.copied).toBeGreaterThan(0);
    expect(rows[0]!.differing).toBe(0);
  }

  async function expectRecount() {
    await expectNarrowCopy();
    const kept = await rollups(pool, website);
    await pool.query('SELECT insight_rebuild($1)', [website]);
    expect(await rollups(pool, website)).toEqual(kept);
    await expectNarrowCopy();
  }

  it("a scraper run's fold writes each product once (the market it moved and the arrays its pairs moved) and equals a recount", async () => {
    const { rows } = await pool.query(
      `WITH changed AS (
         UPDATE competitor_products cp SET price = round(cp.price * 1.07, 2), seen_at = now()
           FROM competitors c WHERE c.id = cp.competitor_id AND c.organization_website_id = $1 RETURNING cp.id)
       SELECT array_agg(DISTINCT m.product_id) AS products FROM changed JOIN product_matches m ON m.competitor_product_id = changed.id`,
      [website],
    );
    await pool.query('SELECT refresh_product_rollups($1::uuid[])', [rows[0].products]);
    const writes = await foldCountingWrites();
    expect(writes).toHaveLength(12);
    expect(Math.max(...writes)).toBe(1);
    await expectRecount();
  });

  it("a feed import's fold (own prices) writes each product once and equals a recount", async () => {
    await pool.query(
      `UPDATE products SET price = price + 1.5 WHERE organization_website_id = $1 AND item_id <> 'fold-1'`,
      [website],
    );
    const writes = await foldCountingWrites();
    expect(writes).toHaveLength(11);
    expect(Math.max(...writes)).toBe(1);
    await expectRecount();
  });

  it('own prices, brands and categories changed together, and a product deactivated, fold to a recount', async () => {
    await pool.query(
      `UPDATE products SET price = CASE WHEN item_id = 'fold-2' THEN NULL ELSE price * 0.8 END,
              brand = CASE WHEN item_id IN ('fold-3', 'fold-4') THEN 'Cora' ELSE brand END,
              category = CASE WHEN item_id = 'fold-5' THEN NULL ELSE category END,
              active = item_id <> 'fold-6'
        WHERE organization_website_id = $1`,
      [website],
    );
    const writes = await foldCountingWrites();
    expect(Math.max(...writes)).toBe(1);
    await expectRecount();
    // Back to active: counted anew with its arrays.
    await pool.query(`UPDATE products SET active = true WHERE organization_website_id = $1 AND item_id = 'fold-6'`, [
      website,
    ]);
    expect(await foldCountingWrites()).toEqual([1]);
    const { rows } = await pool.query(
      `SELECT pair_offers::text FROM insight_products_counted c JOIN products p ON p.id = c.product_id WHERE p.item_id = 'fold-6'`,
    );
    expect(rows[0].pair_offers).toBe('{1,1,1}');
    await expectRecount();
  });

  it('an offer scraped at one cent against a dear product folds (migration 111), counts as pricier, and equals a recount', async () => {
    // 25,000.00 against 0.01: a difference of 2.5 × 10^9 tenths, beyond the integer range.
    await pool.query(`UPDATE products SET price = 25000 WHERE organization_website_id = $1 AND item_id = 'fold-7'`, [
      website,
    ]);
    const { rows: offers } = await pool.query(
      `UPDATE competitor_products SET price = 0.01
        WHERE id = (SELECT m.competitor_product_id FROM product_matches m JOIN products p ON p.id = m.product_id
                     WHERE p.item_id = 'fold-7' ORDER BY m.competitor_product_id LIMIT 1)
        RETURNING competitor_id`,
    );
    await pool.query(
      `SELECT refresh_product_rollups(array(SELECT id FROM products WHERE organization_website_id = $1 AND item_id = 'fold-7'))`,
      [website],
    );
    expect(await foldChanges(pool)).toBeGreaterThan(0);
    const { rows: notes } = await pool.query('SELECT count(*)::int AS n FROM insight_changes');
    expect(notes[0].n).toBe(0);
    const { rows: pair } = await pool.query(
      `SELECT pricier FROM insight_cells c JOIN products p ON p.organization_website_id = c.organization_website_id
          AND c.brand = coalesce(p.brand, '') AND c.category = coalesce(p.category, '')
        WHERE p.item_id = 'fold-7' AND c.competitor_id = $1`,
      [offers[0].competitor_id],
    );
    expect(pair[0].pricier).toBeGreaterThanOrEqual(1);
    await expectRecount();
  });
});
