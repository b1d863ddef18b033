/**
 * Migration 113: a competitor's price of 0 is no price. What an older build stored at 0 (the CSV
 * import took "0 or more") becomes what "no price" is everywhere else — the offer's current price
 * none, the recorded 0 out of the history, the products' market and the insights' start prices
 * without it — and from then on both columns refuse 0, on both engines.
 */
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { foldChanges } from '../src/insights/fold.ts';
import { availableEngines } from './engines.ts';

const engines = await availableEngines();
const MIGRATION_113 = readFileSync(
  new URL('../src/db/migrations/113_competitor_price_above_zero.sql', import.meta.url),
  'utf8',
);
/** The constraints as migration 020 made them, which 113 replaces. */
const BEFORE_113 = `
  ALTER TABLE competitor_products DROP CONSTRAINT competitor_products_price_check,
    ADD CONSTRAINT competitor_products_price_check CHECK (price >= 0);
  ALTER TABLE competitor_price_history DROP CONSTRAINT competitor_price_history_price_check,
    ADD CONSTRAINT competitor_price_history_price_check CHECK (price >= 0);`;

describe.each(engines)('A competitor price of 0 on $name (migration 113)', (engine) => {
  let db: Database;
  let pool: Pool;
  let website: string;
  let competitor: string;

  beforeAll(async () => {
    db = await engine.open();
    pool = db.pool;
    await migrate(pool);
    await pool.query(BEFORE_113);
    website = (
      await pool.query(
        `WITH o AS (INSERT INTO organizations (slug, name, plan) VALUES ('price-zero', 'Price zero', 'starter') RETURNING id),
              w AS (INSERT INTO websites (name, url) VALUES ('Zero shop', 'https://zero.shop.example') RETURNING id)
         INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Zero shop' FROM o, w RETURNING id`,
      )
    ).rows[0].id;
    competitor = (
      await pool.query(
        `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, 'Rival', 'https://rival.zero.example') RETURNING id`,
        [website],
      )
    ).rows[0].id;
    // Tent: its offer was 100.00 fifty days ago, 0 forty days ago (the period's start), 120.00 now.
    // Stove: its offer was 90.00 fifty days ago and 0 since five days ago, its current price.
    await pool.query(
      `WITH p AS (
         INSERT INTO products (organization_website_id, item_id, name, brand, category, price)
         VALUES ($1, 'tent', 'Tent', 'Acme', 'Outdoor', 110), ($1, 'stove', 'Stove', 'Acme', 'Outdoor', 95)
         RETURNING id, item_id),
       cp AS (
         INSERT INTO competitor_products (competitor_id, external_id, name, price, availability, seen_at)
         SELECT $2, p.item_id, 'Rival ' || p.item_id, CASE p.item_id WHEN 'tent' THEN 120 ELSE 0 END, 'in_stock', now() FROM p
         RETURNING id, external_id),
       h AS (
         INSERT INTO competitor_price_history (competitor_product_id, seen_at, price)
         SELECT cp.id, now() - make_interval(days => x.days), x.price
           FROM cp JOIN (VALUES ('tent', 50, 100), ('tent', 40, 0), ('tent', 10, 120), ('stove', 50, 90), ('stove', 5, 0))
                        AS x (item, days, price) ON x.item = cp.external_id)
       INSERT INTO product_matches (product_id, competitor_product_id, status)
       SELECT p.id, cp.id, 'MATCHED' FROM p JOIN cp ON cp.external_id = p.item_id`,
      [website, competitor],
    );
    await pool.query(
      'SELECT refresh_product_rollups(array(SELECT id FROM products WHERE organization_website_id = $1))',
      [website],
    );
    // The history above is back-dated: the period starts are counted from it as a day's close does.
    await pool.query('UPDATE insight_state SET starts_for = NULL');
    await foldChanges(pool);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const markets = async () =>
    (
      await pool.query<{ item_id: string; min: string | null; avg: string | null; matched: number }>(
        `SELECT item_id, competitor_min_price::text AS min, competitor_avg_price::text AS avg, matched_count AS matched
           FROM products WHERE organization_website_id = $1 ORDER BY item_id`,
        [website],
      )
    ).rows;
  const starts = async () =>
    (
      await pool.query<{ external_id: string; p30: string | null }>(
        `SELECT cp.external_id, s.p30::text AS p30 FROM competitor_products cp
           LEFT JOIN insight_offer_starts s ON s.competitor_product_id = cp.id
          WHERE cp.competitor_id = $1 ORDER BY cp.external_id`,
        [competitor],
      )
    ).rows;
  const dynamics = async () =>
    (
      await pool.query<{ up30: number; down30: number; unchanged30: number }>(
        `SELECT sum(up30)::int AS up30, sum(down30)::int AS down30, sum(unchanged30)::int AS unchanged30
           FROM insight_cells WHERE organization_website_id = $1`,
        [website],
      )
    ).rows[0];

  it('before it, the stored 0 was the lowest price of a market and the start of a period', async () => {
    expect(await markets()).toEqual([
      { item_id: 'stove', min: '0.00', avg: '0.00', matched: 1 },
      { item_id: 'tent', min: '120.00', avg: '120.00', matched: 1 },
    ]);
    expect(await starts()).toEqual([
      { external_id: 'stove', p30: '90.00' },
      { external_id: 'tent', p30: '0.00' },
    ]);
  });

  it('makes the 0 no price, counts again what it moved, and equals a recount', async () => {
    await pool.query(MIGRATION_113);
    const { rows: offers } = await pool.query(
      'SELECT external_id, price FROM competitor_products WHERE competitor_id = $1 ORDER BY external_id',
      [competitor],
    );
    expect(offers).toEqual([
      { external_id: 'stove', price: null },
      { external_id: 'tent', price: '120.00' },
    ]);
    const { rows: zeros } = await pool.query('SELECT count(*)::int AS n FROM competitor_price_history WHERE price = 0');
    expect(zeros[0].n).toBe(0);
    // The stove stays matched, with no price; the tent's offer starts the period at 100.00.
    expect(await markets()).toEqual([
      { item_id: 'stove', min: null, avg: null, matched: 1 },
      { item_id: 'tent', min: '120.00', avg: '120.00', matched: 1 },
    ]);
    expect(await starts()).toEqual([
      { external_id: 'stove', p30: '90.00' },
      { external_id: 'tent', p30: '100.00' },
    ]);
    expect(await foldChanges(pool)).toBeGreaterThan(0);
    // The tent went up from 100.00 to 120.00; the stove has no price now, so no movement.
    const folded = await dynamics();
    expect(folded).toEqual({ up30: 1, down30: 0, unchanged30: 0 });
    await pool.query('SELECT insight_rebuild($1)', [website]);
    expect(await dynamics()).toEqual(folded);
  });

  it('from then on, neither the offers nor the history take a price of 0', async () => {
    const offer = pool.query(
      `INSERT INTO competitor_products (competitor_id, external_id, name, price) VALUES ($1, 'free', 'Free', 0)`,
      [competitor],
    );
    await expect(offer).rejects.toMatchObject({ code: '23514' });
    const point = pool.query(
      `INSERT INTO competitor_price_history (competitor_product_id, seen_at, price)
       SELECT id, now(), 0 FROM competitor_products WHERE competitor_id = $1 LIMIT 1`,
      [competitor],
    );
    await expect(point).rejects.toMatchObject({ code: '23514' });
    const { rows } = await pool.query(
      `INSERT INTO competitor_products (competitor_id, external_id, name, price) VALUES ($1, 'cent', 'Cent', 0.01) RETURNING price`,
      [competitor],
    );
    expect(rows[0].price).toBe('0.01');
  });
});
