/**
 * Data insights' brand rows against a subset of competitors (store.brandSums, migrations 098, 100
 * and 105), on both engines: for counted products with random per-slot sums, prices on the ties of
 * a tenth around every tolerance, and products whose sums do not fit the packing of 105 (the pass
 * then reads the three arrays), the brand rows and the whole selection equal the rule computed
 * per product with the numeric functions (market = Σ cents ÷ Σ priced rounded to cents; index and
 * difference by insight_index and insight_difference_tenths) — the same answer either way.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import type { Database } from '../src/db/database.ts';
import { brandSums, type Selection } from '../src/insights/store.ts';
import { availableEngines, openMigrated } from './engines.ts';
import { random } from '../src/monitoring/fixture-shop/catalogue.ts';

const engines = await availableEngines();
const SLOTS = 6;

interface Product {
  brand: string;
  category: string;
  price: string | null;
  offers: number[];
  priced: number[];
  cents: number[];
}

/**
 * Counted products with sums per slot. A third are ties: one priced offer of one slot at a
 * multiple of 2,000 cents and an own price exactly on the half of a tenth of it (at ±t + 0.05 %
 * for the tolerances compared), so inclusive and exclusive bounds give different counts.
 */
function products(seed: number, count: number): Product[] {
  const r = random(seed);
  const list: Product[] = [];
  const ties = [-501, -500, -124, -123, -26, -25, -11, -10, -6, -5, -1, 0, 4, 5, 9, 10, 24, 25, 122, 123, 499, 500];
  for (let i = 0; i < count; i += 1) {
    const brand = `brand ${Math.floor(r() * 7)}`;
    const category = `category ${Math.floor(r() * 3)}`;
    if (r() < 1 / 3) {
      const slot = 1 + Math.floor(r() * SLOTS);
      const k = 1 + Math.floor(r() * 10);
      const tie = ties[Math.floor(r() * ties.length)]!;
      list.push({
        brand,
        category,
        price: ((k * (2001 + 2 * tie)) / 100).toFixed(2),
        offers: Array.from({ length: slot }, (_, s) => (s === slot - 1 ? 1 : 0)),
        priced: Array.from({ length: slot }, (_, s) => (s === slot - 1 ? 1 : 0)),
        cents: Array.from({ length: slot }, (_, s) => (s === slot - 1 ? 2000 * k : 0)),
      });
      continue;
    }
    const length = Math.floor(r() * (SLOTS + 1));
    const offers: number[] = [];
    const priced: number[] = [];
    const cents: number[] = [];
    for (let s = 0; s < length; s += 1) {
      const o = r() < 0.2 ? 0 : 1 + Math.floor(r() * 3);
      const p = Math.min(o, Math.floor(r() * (o + 1)));
      offers.push(o);
      priced.push(p);
      let sum = 0;
      for (let k = 0; k < p; k += 1) sum += 100 + Math.floor(r() * 20_000);
      cents.push(sum);
    }
    const own = r() < 0.05 ? null : 50 + Math.floor(r() * 20_000);
    list.push({ brand, category, price: own === null ? null : (own / 100).toFixed(2), offers, priced, cents });
  }
  return list;
}

/** The rule per product with the numeric functions, per brand and for the whole selection. */
const RULE = `
  WITH p AS (
    SELECT pc.brand, pc.price,
           (SELECT coalesce(sum(pc.pair_offers[s]), 0) FROM unnest($2::int[]) AS s) AS offers,
           (SELECT round(sum(pc.pair_cents[s])::numeric / 100 / nullif(sum(pc.pair_priced[s]), 0), 2) FROM unnest($2::int[]) AS s) AS market
      FROM insight_products_counted pc
     WHERE pc.organization_website_id = $1 AND ($4::text[] IS NULL OR pc.brand = ANY($4::text[]))),
  x AS (SELECT brand, offers, insight_index(price, market) AS ix, insight_difference_tenths(price, market) AS d FROM p)
  SELECT brand, count(*)::int AS products, count(*) FILTER (WHERE offers > 0)::int AS matched, count(ix)::int AS priced,
         coalesce(sum(ix), 0)::text AS index_sum, count(*) FILTER (WHERE d < -$3::int)::int AS cheaper,
         count(*) FILTER (WHERE d BETWEEN -$3::int AND $3::int)::int AS same, count(*) FILTER (WHERE d > $3::int)::int AS pricier
    FROM x GROUP BY GROUPING SETS ((brand), ())`;

describe.each(engines)('Insights subset reads on $name', (engine) => {
  let db: Database;
  let pool: Pool;
  const website = randomUUID();
  const competitors = Array.from({ length: SLOTS }, () => randomUUID());

  beforeAll(async () => {
    db = await openMigrated(engine);
    pool = db.pool;
    for (const [i, id] of competitors.entries())
      await pool.query(
        'INSERT INTO insight_competitor_slots (competitor_id, organization_website_id, slot) VALUES ($1, $2, $3)',
        [id, website, i + 1],
      );
    const list = products(16, 3000);
    await pool.query(
      `INSERT INTO insight_products_counted (product_id, organization_website_id, brand, category, price, market, matched,
                                             pair_offers, pair_priced, pair_cents)
       SELECT gen_random_uuid(), $1, t.brand, t.category, t.price, NULL, false,
              t.offers::int[], t.priced::int[], t.cents::bigint[]
         FROM unnest($2::text[], $3::text[], $4::numeric[], $5::text[], $6::text[], $7::text[]) AS t (brand, category, price, offers, priced, cents)`,
      [
        website,
        list.map((p) => p.brand),
        list.map((p) => p.category),
        list.map((p) => p.price),
        list.map((p) => `{${p.offers.join(',')}}`),
        list.map((p) => `{${p.priced.join(',')}}`),
        list.map((p) => `{${p.cents.join(',')}}`),
      ],
    );
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  async function compare(chosen: number[], tolerance: number, brands: string[] | null) {
    const sel: Selection = {
      websiteId: website,
      brands,
      categories: null,
      competitorIds: chosen.map((slot) => competitors[slot - 1]!),
      tolerance,
      period: 'LAST_30_DAYS',
    };
    const answer = await brandSums(pool, sel);
    const { rows } = await pool.query(RULE, [website, chosen, tolerance, brands]);
    const expected = rows
      .map((r) => ({
        brand: r.brand as string | null,
        products: r.products,
        matched: r.matched,
        priced: r.priced,
        indexSum: Number(r.index_sum),
        cheaper: r.cheaper,
        same: r.same,
        pricier: r.pricier,
      }))
      .sort((a, b) => String(a.brand).localeCompare(String(b.brand)));
    const got = answer
      .map(({ differenceSum, ...rest }) => {
        // The difference sum is the index sum less 100 per priced product (README "Rules").
        expect(differenceSum).toBeCloseTo(rest.indexSum - 100 * rest.priced, 6);
        return rest;
      })
      .sort((a, b) => String(a.brand).localeCompare(String(b.brand)));
    expect(got, `slots ${chosen} at ${tolerance / 10} %`).toEqual(expected);
    return expected;
  }

  it('packs every product whose sums fit, and the brand rows equal the rule at tolerances 0 to 50 %', async () => {
    const { rows } = await pool.query(
      'SELECT count(*) FILTER (WHERE pair_packed IS NULL)::int AS unpacked FROM insight_products_counted WHERE organization_website_id = $1',
      [website],
    );
    expect(rows[0].unpacked).toBe(0);
    let moved = 0;
    for (const chosen of [[1, 2], [3], [2, 4, 6], [1, 2, 3, 4, 5, 6]])
      for (const tolerance of [0, 5, 10, 25, 123, 500]) {
        const rule = await compare(chosen, tolerance, null);
        moved += rule.reduce((n, b) => n + (b.brand === null ? b.cheaper + b.pricier : 0), 0);
      }
    await compare([1, 3], 10, ['brand 2', 'brand 5']);
    expect(moved, 'some products cheaper or pricier').toBeGreaterThan(0);
  });

  it('a product whose sums do not fit the packing leaves it empty, and the pass reads the arrays with the same answer', async () => {
    const sel: [number[], number][] = [
      [[1, 2], 10],
      [[2, 5, 6], 0],
      [[4], 37],
    ];
    const before = [];
    for (const [chosen, tolerance] of sel) before.push(await compare(chosen, tolerance, null));
    // 1,024 offers of one slot, then a price sum of 2^43 cents: each too wide for its field.
    for (const [offers, cents] of [
      [1024, 100_000],
      [1, 8_796_093_022_208],
    ]) {
      const id = randomUUID();
      await pool.query(
        `INSERT INTO insight_products_counted (product_id, organization_website_id, brand, category, price, market, matched,
                                               pair_offers, pair_priced, pair_cents)
         VALUES ($1, $2, 'brand 1', 'category 0', 99.99, NULL, true, ARRAY[0, $3::int], ARRAY[0, 1], ARRAY[0, $4::bigint])`,
        [id, website, offers, cents],
      );
      const { rows } = await pool.query('SELECT pair_packed FROM insight_products_counted WHERE product_id = $1', [id]);
      expect(rows[0].pair_packed).toBeNull();
      for (const [chosen, tolerance] of sel) await compare(chosen, tolerance, null);
      await pool.query('DELETE FROM insight_products_counted WHERE product_id = $1', [id]);
    }
    // The website packed again: the answers as before.
    for (const [i, [chosen, tolerance]] of sel.entries())
      expect(await compare(chosen, tolerance, null)).toEqual(before[i]);
  });
});
