/**
 * Data insights: the brand snapshot against a subset of competitors (store.ts brandSums, the
 * counted products' per-competitor sums of migrations 098–108) equals the rule computed with the
 * numeric functions, on both engines, for products within and beyond the bounds where the integer
 * formulas hold (own and market below 10^8 cents, own below 10,000 × market: within them the pass
 * takes the formulas, beyond them the functions), up to prices 10^11 times apart (migration 111).
 * Counted rows are written directly (the fold's output), so prices no catalogue holds can be tried.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { brandSums, type Selection } from '../src/insights/store.ts';
import { random } from '../src/monitoring/fixture-shop/catalogue.ts';
import { availableEngines, openMigrated } from './engines.ts';

const engines = await availableEngines();

/** A counted product: own price in cents (null: none) and, per slot 1..4, [offers, priced, cents]. */
interface Counted {
  label: string;
  brand: string;
  category: string;
  own: number | null;
  slots: Array<[number, number, number]>;
}

/** One priced offer per slot at these prices (cents). */
const at = (...cents: number[]): Array<[number, number, number]> => cents.map((c) => [1, 1, c]);

const CRAFTED: Counted[] = [
  { label: 'ordinary', brand: 'a', category: 'x', own: 1999, slots: at(2000, 2100, 1900, 2050) },
  {
    label: 'on the 1 % line',
    brand: 'a',
    category: 'x',
    own: 10100,
    slots: at(10000, 10000, 10000, 10000),
  },
  {
    label: 'half a tenth over',
    brand: 'a',
    category: 'y',
    own: 10105,
    slots: at(10000, 10000, 10000, 10000),
  },
  {
    label: 'one slot unpriced',
    brand: 'a',
    category: 'y',
    own: 500,
    slots: [[2, 0, 0], ...at(480, 530, 510)],
  },
  { label: 'no pairs', brand: 'b', category: 'x', own: 700, slots: [] },
  { label: 'no own price', brand: 'b', category: 'x', own: null, slots: at(700, 710, 690, 705) },
  {
    label: 'own 10,000 × one slot',
    brand: 'b',
    category: 'y',
    own: 40_000_000,
    slots: at(4000, 4_100_000, 3_900_000, 4_050_000),
  },
  {
    label: 'one slot at 10^8 cents',
    brand: 'c',
    category: 'x',
    own: 2100,
    slots: at(2000, 100_000_000, 2050, 1990),
  },
  {
    label: 'own at 10^8 cents',
    brand: 'c',
    category: 'x',
    own: 100_000_000,
    slots: at(99_000_000, 99_500_000, 98_000_000, 99_999_999),
  },
  {
    label: 'prices of 10^10 cents',
    brand: 'c',
    category: 'y',
    own: 99_999_999_999,
    slots: at(30_000_000_000, 2_000_000_000, 99_000_000_000, 50),
  },
  {
    label: 'a price 2,200,000 times an offer',
    brand: 'a',
    category: 'y',
    own: 2_200_000,
    slots: at(1, 2_100_000, 2_300_000, 2_200_000),
  },
  {
    label: 'a price 10^11 times an offer',
    brand: 'b',
    category: 'y',
    own: 99_999_999_998,
    slots: at(1, 1, 1, 1),
  },
  {
    label: 'two offers in a slot',
    brand: 'c',
    category: 'y',
    own: 1000,
    slots: [[2, 2, 2001], ...at(1000, 990, 1011)],
  },
];

/** Products over ten orders of magnitude, about a quarter of them outside the formulas' bounds. */
function randomProducts(seed: number, count: number): Counted[] {
  const r = random(seed);
  const products: Counted[] = [];
  for (let i = 0; i < count; i += 1) {
    const scale = 10 ** (1 + Math.floor(r() * 9));
    const slots: Array<[number, number, number]> = [];
    for (let s = 0; s < 4; s += 1) {
      const offers = Math.floor(r() * 3);
      const priced = Math.min(offers, Math.floor(r() * 3));
      let cents = 0;
      for (let k = 0; k < priced; k += 1) cents += Math.max(1, Math.round(scale * (0.5 + r())));
      slots.push([offers, priced, cents]);
    }
    const own =
      r() < 0.05
        ? null
        : Math.max(1, Math.min(99_999_999_999, Math.round(scale * Math.exp(Math.log(20_000) * (r() - 0.6)))));
    products.push({ label: `random ${i}`, brand: `r${i % 5}`, category: i % 2 ? 'x' : 'y', own, slots });
  }
  return products;
}

describe.each(engines)('Insights brand snapshot against a subset of competitors on $name', (engine) => {
  let db: Database;
  let pool: Pool;
  beforeAll(async () => {
    db = await openMigrated(engine);
    pool = db.pool;
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  /** A website with four competitors in slots 1..4 and these counted products. */
  async function website(products: Counted[]): Promise<{ websiteId: string; competitors: string[] }> {
    const websiteId = randomUUID();
    const competitors = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await pool.query(
      `INSERT INTO insight_competitor_slots (competitor_id, organization_website_id, slot)
       SELECT c, $1, i FROM unnest($2::uuid[]) WITH ORDINALITY AS t (c, i)`,
      [websiteId, competitors],
    );
    await pool.query(
      `INSERT INTO insight_products_counted
         (product_id, organization_website_id, brand, category, price, market, matched, pair_offers, pair_priced, pair_cents)
       SELECT gen_random_uuid(), $1, p->>'brand', p->>'category', (p->>'own')::bigint / 100.0, NULL,
              jsonb_array_length(p->'slots') > 0,
              ARRAY(SELECT (s->>0)::int FROM jsonb_array_elements(p->'slots') WITH ORDINALITY AS e (s, i) ORDER BY i),
              ARRAY(SELECT (s->>1)::int FROM jsonb_array_elements(p->'slots') WITH ORDINALITY AS e (s, i) ORDER BY i),
              ARRAY(SELECT (s->>2)::bigint FROM jsonb_array_elements(p->'slots') WITH ORDINALITY AS e (s, i) ORDER BY i)
         FROM jsonb_array_elements($2::jsonb) AS p`,
      [websiteId, JSON.stringify(products)],
    );
    return { websiteId, competitors };
  }

  /**
   * The rule with the numeric functions: a product's market is Σ cents ÷ Σ priced over the chosen
   * slots rounded half up to a cent (two decimals, as products.competitor_avg_price), its index and difference insight_index and
   * insight_difference_tenths of its own price against it; grouped by brand, the whole as brand null.
   */
  async function rule(websiteId: string, slots: number[], tolerance: number, categories: string[] | null) {
    const { rows } = await pool.query(
      `SELECT x.brand, count(*)::int AS products, count(*) FILTER (WHERE x.offers > 0)::int AS matched, count(x.ix)::int AS priced,
              coalesce(sum(x.ix), 0)::text AS index_sum, coalesce(sum(x.ix - 100), 0)::text AS difference_sum,
              count(*) FILTER (WHERE x.d < -$3::int)::int AS cheaper, count(*) FILTER (WHERE x.d BETWEEN -$3::int AND $3::int)::int AS same,
              count(*) FILTER (WHERE x.d > $3::int)::int AS pricier
         FROM (SELECT m.brand, m.offers, insight_index(m.price, m.market) AS ix, insight_difference_tenths(m.price, m.market) AS d
                 FROM (SELECT pc.brand, pc.price,
                              (SELECT coalesce(sum(pc.pair_offers[s]), 0) FROM unnest($2::int[]) AS s) AS offers,
                              (SELECT round(((2 * sum(pc.pair_cents[s])::bigint + sum(pc.pair_priced[s])) / (2 * sum(pc.pair_priced[s])))::numeric / 100, 2)
                                 FROM unnest($2::int[]) AS s HAVING coalesce(sum(pc.pair_priced[s]), 0) > 0) AS market
                         FROM insight_products_counted pc
                        WHERE pc.organization_website_id = $1 AND ($4::text[] IS NULL OR pc.category = ANY($4::text[]))) m) x
        GROUP BY GROUPING SETS ((x.brand), ())`,
      [websiteId, slots, tolerance, categories],
    );
    return rows
      .map((r) => ({
        brand: r.brand as string | null,
        products: r.products as number,
        matched: r.matched as number,
        priced: r.priced as number,
        indexSum: Number(r.index_sum),
        differenceSum: Number(r.difference_sum),
        cheaper: r.cheaper as number,
        same: r.same as number,
        pricier: r.pricier as number,
      }))
      .sort((a, b) => String(a.brand).localeCompare(String(b.brand)));
  }

  /** Every non-empty subset of the four competitors, at tolerances 0, 1 %, 2.5 % and 50 %, with and without a category filter. */
  async function expectEveryAnswerEqualsTheRule(websiteId: string, competitors: string[]) {
    let compared = 0;
    for (let mask = 1; mask < 16; mask += 1) {
      const slots = [1, 2, 3, 4].filter((slot) => mask & (1 << (slot - 1)));
      for (const tolerance of [0, 10, 25, 500])
        for (const categories of [null, ['y']]) {
          const sel: Selection = {
            websiteId,
            brands: null,
            categories,
            competitorIds: slots.map((slot) => competitors[slot - 1]!),
            tolerance,
            period: 'LAST_30_DAYS',
          };
          const answer = (await brandSums(pool, sel)).sort((a, b) => String(a.brand).localeCompare(String(b.brand)));
          expect(answer, `slots ${slots} at ${tolerance / 10} % ${categories ?? ''}`).toEqual(
            await rule(websiteId, slots, tolerance, categories),
          );
          compared += 1;
        }
    }
    expect(compared).toBe(120);
  }

  it('equals the rule for every subset, tolerance and category filter, at and beyond the bounds', async () => {
    const products = [...CRAFTED, ...randomProducts(111, 400)];
    const { websiteId, competitors } = await website(products);
    // Both sides of the bounds, against all four competitors, through the packed sums.
    const { rows } = await pool.query<{ within: number; beyond: number; packed: boolean }>(
      `SELECT count(*) FILTER (WHERE x.within)::int AS within, count(*) FILTER (WHERE NOT x.within)::int AS beyond,
              bool_and(x.packed) AS packed
         FROM (SELECT pc.pair_packed IS NOT NULL AS packed,
                      coalesce(pc.price_cents < 100000000 AND m.market < 100000000 AND pc.price_cents < 10000 * m.market, false) AS within
                 FROM insight_products_counted pc,
                      LATERAL (SELECT (2 * sum(c) + sum(p)) / nullif(2 * sum(p), 0) AS market FROM unnest(pc.pair_priced, pc.pair_cents) AS u (p, c)) m
                WHERE pc.organization_website_id = $1 AND pc.price_cents > 0) x`,
      [websiteId],
    );
    expect(rows[0]!.within).toBeGreaterThan(200);
    expect(rows[0]!.beyond).toBeGreaterThan(50);
    expect(rows[0]!.packed).toBe(true);
    await expectEveryAnswerEqualsTheRule(websiteId, competitors);
  }, 120_000);

  it('equals the rule when a product has too many offers to pack its sums (the three arrays read instead)', async () => {
    const products = [
      ...CRAFTED,
      ...randomProducts(112, 150),
      {
        label: 'many offers',
        brand: 'a',
        category: 'y',
        own: 5000,
        slots: [[1500, 1200, 6_000_000] as [number, number, number]],
      },
    ];
    const { websiteId, competitors } = await website(products);
    const { rows } = await pool.query<{ unpacked: number }>(
      'SELECT count(*)::int AS unpacked FROM insight_products_counted WHERE organization_website_id = $1 AND pair_packed IS NULL',
      [websiteId],
    );
    expect(rows[0]!.unpacked).toBe(1);
    await expectEveryAnswerEqualsTheRule(websiteId, competitors);
  }, 120_000);
});
