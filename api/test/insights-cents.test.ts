/**
 * Data insights' integer functions (migration 100), on both engines: for prices in cents,
 * insight_difference_tenths_cents and insight_index_micros equal insight_difference_tenths and
 * insight_index × 10^6 for the same prices in currency units — on a grid of small prices with
 * every tie of a tenth, on prices spread over ten orders of magnitude, and on prices where numeric's
 * two roundings of the index (the division's scale, then 6 decimals) differ from rounding once —
 * and the counted products' price in cents is their price × 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import type { Database } from '../src/db/database.ts';
import { availableEngines, openMigrated } from './engines.ts';
import { random } from '../src/monitoring/fixture-shop/catalogue.ts';

const engines = await availableEngines();

/** x^-1 mod m (m coprime to x), by the extended Euclidean algorithm. */
function inverse(x: bigint, m: bigint): bigint {
  let [a, b, u, v] = [x % m, m, 1n, 0n];
  while (b !== 0n) {
    const q = a / b;
    [a, b] = [b, a - q * b];
    [u, v] = [v, u - q * v];
  }
  return ((u % m) + m) % m;
}

/**
 * Prices (own, competitor) in cents whose own × 10^8 ÷ competitor lies just below or at a half:
 * competitors of 10^8 .. 3 × 10^9 cents, own over one to three times them.
 */
function nearHalves(seed: number, count: number): Array<[string, string]> {
  const r = random(seed);
  const pairs: Array<[string, string]> = [];
  while (pairs.length < count) {
    const m = BigInt(100_000_001 + Math.floor(r() * 2_900_000_000)) | 1n;
    if (m % 5n === 0n) continue;
    const inv = inverse(100_000_000n, m);
    for (const target of [(m - 1n) / 2n, (m - 3n) / 2n, (m + 1n) / 2n]) {
      const base = (target * inv) % m;
      for (const times of [0n, 1n, 2n]) {
        const own = base + times * m;
        if (own > 0n && own < 10_000_000_000n) pairs.push([String(own), String(m)]);
      }
    }
  }
  return pairs;
}

/** Rows (own, competitor) where the integer functions differ from the numeric ones. */
const MISMATCHES = `
  SELECT o, c, insight_difference_tenths_cents(o, c) AS d, insight_index_micros(o, c) AS ix
    FROM v
   WHERE insight_difference_tenths_cents(o, c) IS DISTINCT FROM insight_difference_tenths(round(o::numeric / 100, 2), round(c::numeric / 100, 2))
      OR insight_index_micros(o, c)::numeric / 1000000 IS DISTINCT FROM insight_index(round(o::numeric / 100, 2), round(c::numeric / 100, 2))
   LIMIT 5`;

describe.each(engines)('Insights integer arithmetic on $name', (engine) => {
  let db: Database;
  let pool: Pool;
  beforeAll(async () => {
    db = await openMigrated(engine);
    pool = db.pool;
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('equals the numeric functions on small prices, every tie of a tenth, and no price', async () => {
    const { rows } = await pool.query(
      `WITH v AS (
         SELECT o, c FROM generate_series(0, 250) AS o, generate_series(0, 250) AS c
         UNION ALL
         SELECT (c * (2000 + 2 * k + 1)) / 2000 + e, c FROM generate_series(1, 600) AS c, generate_series(-40, 40) AS k, generate_series(-1, 1) AS e
         UNION ALL
         SELECT NULL, 100 UNION ALL SELECT 100, NULL UNION ALL SELECT -5, 100)
       ${MISMATCHES}`,
    );
    expect(rows).toEqual([]);
  });

  it('equals the numeric functions on prices over ten orders of magnitude, both sides of the fallback', async () => {
    const r = random(100);
    const own: string[] = [];
    const competitor: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const c = 1 + Math.floor(r() * 10 ** (1 + Math.floor(r() * 10)));
      const o = Math.max(1, Math.min(99_999_999_999, Math.round(c * Math.exp(Math.log(100_000) * (2 * r() - 1)))));
      own.push(String(o));
      competitor.push(String(c));
    }
    const { rows } = await pool.query(
      `WITH v AS (SELECT o, c FROM unnest($1::bigint[], $2::bigint[]) AS t (o, c)) ${MISMATCHES}`,
      [own, competitor],
    );
    expect(rows).toEqual([]);
    const { rows: sides } = await pool.query(
      `SELECT count(*) FILTER (WHERE o < 10000 * c AND o < 10000000000 AND c < 10000000000)::int AS integer,
              count(*) FILTER (WHERE NOT (o < 10000 * c AND o < 10000000000 AND c < 10000000000))::int AS numeric
         FROM unnest($1::bigint[], $2::bigint[]) AS t (o, c)`,
      [own, competitor],
    );
    expect(sides[0].integer).toBeGreaterThan(1000);
    expect(sides[0].numeric).toBeGreaterThan(100);
  });

  it("equals numeric's two roundings of the index where rounding once differs", async () => {
    const pairs = nearHalves(16, 1500);
    const own = pairs.map((p) => p[0]);
    const competitor = pairs.map((p) => p[1]);
    const { rows } = await pool.query(
      `WITH v AS (SELECT o, c FROM unnest($1::bigint[], $2::bigint[]) AS t (o, c)) ${MISMATCHES}`,
      [own, competitor],
    );
    expect(rows).toEqual([]);
    // The cases are the ones that matter: rounding once would differ from numeric on many of them.
    const { rows: once } = await pool.query(
      `SELECT count(*)::int AS n FROM unnest($1::bigint[], $2::bigint[]) AS t (o, c)
        WHERE ((o * 200000000 + c) / (2 * c))::numeric / 1000000
              IS DISTINCT FROM insight_index(round(o::numeric / 100, 2), round(c::numeric / 100, 2))`,
      [own, competitor],
    );
    expect(once[0].n).toBeGreaterThan(100);
  });

  it('keeps the counted products’ price in cents', async () => {
    const { rows } = await pool.query(
      `WITH o AS (INSERT INTO organizations (slug, name, plan) VALUES ('cents-test', 'Cents test', 'starter') RETURNING id),
            w AS (INSERT INTO websites (name, url) VALUES ('Cents shop', 'https://cents.shop.example') RETURNING id, name)
       INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, w.name FROM o, w RETURNING id`,
    );
    const site = rows[0].id;
    await pool.query(
      `INSERT INTO insight_products_counted (product_id, organization_website_id, brand, category, price, market, matched)
       VALUES (gen_random_uuid(), $1, 'A', '', 12.34, NULL, false), (gen_random_uuid(), $1, 'B', '', NULL, NULL, false),
              (gen_random_uuid(), $1, 'C', '', 9999999999.99, NULL, false)`,
      [site],
    );
    await pool.query(
      `UPDATE insight_products_counted SET price = 0.05 WHERE organization_website_id = $1 AND brand = 'B'`,
      [site],
    );
    const { rows: counted } = await pool.query(
      `SELECT brand, price_cents::text AS cents FROM insight_products_counted WHERE organization_website_id = $1 ORDER BY brand`,
      [site],
    );
    expect(counted).toEqual([
      { brand: 'A', cents: '1234' },
      { brand: 'B', cents: '5' },
      { brand: 'C', cents: '999999999999' },
    ]);
  });
});
