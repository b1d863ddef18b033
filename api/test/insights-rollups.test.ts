/**
 * Data insights' rollups (migration 090), on both engines: after random sequences of competitor
 * price and availability changes, matches made and undone, own price, brand, category and
 * activity changes, products added and deleted — each a bulk statement, as imports and scrapes
 * write — and days passing (the periods' starts move over the price history), the rollups kept by
 * folding the triggers' notes (migration 096: folds between some steps, and before comparing)
 * equal a recount from scratch (insight_rebuild), and the dynamics they keep equal the rule read
 * straight from the price history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { migrate } from '../src/db/migrate.ts';
import { availableEngines } from './engines.ts';
import { differenceTenths, priceIndex } from '../src/insights/arithmetic.ts';
import { foldChanges, runFolds } from '../src/insights/fold.ts';
import type { Database } from '../src/db/database.ts';
import { random } from '../src/monitoring/fixture-shop/catalogue.ts';

const engines = await availableEngines();

const DYNAMICS = ['30', '90', '365'].map((n) => `up${n}, down${n}, unchanged${n}, change${n}::text`).join(', ');
const ROLLUPS = {
  insight_pairs: `product_id, competitor_id, organization_website_id, offers, priced, price_sum::text, in_stock, availability_known,
                  then30::text, now30::text, then90::text, now90::text, then365::text, now365::text`,
  insight_cells: `organization_website_id, competitor_id, brand, category, pairs, priced, index_sum::text, cheaper, same, pricier, offers,
                  in_stock, availability_known, ${DYNAMICS}`,
  insight_brands:
    'organization_website_id, brand, category, products, matched, priced, index_sum::text, difference_sum::text, cheaper, same, pricier',
  insight_competitors: `organization_website_id, competitor_id, pairs, priced, index_sum::text, cheaper, same, pricier, offers, in_stock,
                        availability_known, ${DYNAMICS}`,
  insight_offer_starts: 'competitor_product_id, p30::text, p90::text, p365::text',
  insight_cell_histograms: 'organization_website_id, competitor_id, brand, category, e.difference, e.n',
  insight_brand_histograms: 'organization_website_id, brand, category, e.difference, e.n',
  insight_products_counted: `product_id, organization_website_id, brand, category, price::text, market::text, matched,
                             pair_offers::text, pair_priced::text, pair_cents::text`,
  insight_products_packed: 'product_id, organization_website_id, price_cents::text, pair_packed::text, brand, category',
  insight_brand_cells: `organization_website_id, brand, competitor_id, pairs, priced, index_sum::text, cheaper, same, pricier, offers,
                        in_stock, availability_known, ${DYNAMICS}`,
  insight_brand_cell_histograms: 'organization_website_id, e.difference, brand, competitor_id, e.n',
  insight_brand_totals:
    'organization_website_id, brand, products, matched, priced, index_sum::text, difference_sum::text, cheaper, same, pricier',
  insight_brand_total_histograms: 'organization_website_id, e.difference, brand, e.n',
  insight_category_cells: `organization_website_id, category, competitor_id, pairs, priced, index_sum::text, cheaper, same, pricier, offers,
                           in_stock, availability_known, ${DYNAMICS}`,
} as const;
const ZERO: Record<keyof typeof ROLLUPS, string> = {
  insight_pairs: 'true',
  insight_cells: 'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
  insight_brands: 'products <> 0 OR matched <> 0 OR priced <> 0 OR index_sum <> 0',
  insight_competitors: 'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
  insight_offer_starts: 'true',
  insight_cell_histograms: 'true',
  insight_brand_histograms: 'true',
  insight_products_counted: 'true',
  insight_products_packed: 'true',
  insight_brand_cells: 'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
  insight_brand_cell_histograms: 'true',
  insight_brand_totals: 'products <> 0 OR matched <> 0 OR priced <> 0 OR index_sum <> 0',
  insight_brand_total_histograms: 'true',
  insight_category_cells: 'pairs <> 0 OR priced <> 0 OR offers <> 0 OR index_sum <> 0',
};
/** Histograms (migration 106: one array per row), compared as their non-zero elements. */
const HISTOGRAM: Partial<Record<keyof typeof ROLLUPS, string>> = {
  insight_cell_histograms: 'pairs',
  insight_brand_histograms: 'products',
  insight_brand_cell_histograms: 'pairs',
  insight_brand_total_histograms: 'products',
};
/** Rollups without a website column, reached through their competitor. */
const WEBSITE: Partial<Record<keyof typeof ROLLUPS, string>> = {
  insight_offer_starts: `competitor_product_id IN (SELECT cp.id FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id
                                                    WHERE c.organization_website_id = $1)`,
};

/** A rollup's rows (zero rows left by deltas are not rows), normalized and sorted. */
async function rollup(pool: Pool, table: keyof typeof ROLLUPS, website: string): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT ${ROLLUPS[table]} FROM ${table}${HISTOGRAM[table] ? `, insight_histogram_rows(${HISTOGRAM[table]}) AS e` : ''} WHERE ${WEBSITE[table] ?? 'organization_website_id = $1'} AND (${ZERO[table]})`,
    [website],
  );
  return rows
    .map((r) =>
      JSON.stringify(
        Object.values(r).map((v) => (typeof v === 'string' && /^-?\d+\.\d+$/.test(v) ? String(Number(v)) : v)),
      ),
    )
    .sort();
}

describe.each(engines)('Insights rollups on $name', (engine) => {
  let db: Database;
  let pool: Pool;
  let website: string;
  let other: string;
  beforeAll(async () => {
    db = await engine.open();
    pool = db.pool;
    await migrate(pool);
    const { rows } = await pool.query(
      `WITH o AS (INSERT INTO organizations (slug, name, plan) VALUES ('insights-test', 'Insights test', 'starter') RETURNING id),
            w AS (INSERT INTO websites (name, url) VALUES ('Rollup shop', 'https://rollup.shop.example'), ('Other shop', 'https://other.shop.example') RETURNING id, name)
       INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, w.name FROM o, w RETURNING id, name`,
    );
    website = rows.find((r) => r.name === 'Rollup shop').id;
    other = rows.find((r) => r.name === 'Other shop').id;
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  async function build(site: string, seed: number) {
    const r = random(seed);
    const competitors: string[] = [];
    for (let c = 0; c < 3; c += 1) {
      const { rows } = await pool.query(
        `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, $2, $3) RETURNING id`,
        [site, `Rival ${c}`, `https://rival-${c}-${seed}.example`],
      );
      competitors.push(rows[0].id);
    }
    // 40 products over 4 brands (one without) and 3 categories (one without); some without price.
    await pool.query(
      `INSERT INTO products (organization_website_id, item_id, name, brand, category, price)
       SELECT $1, 'item-' || i, 'Product ' || i, (ARRAY['Acme', 'Bolt', 'Cora', NULL])[1 + i % 4], (ARRAY['Tools', 'Garden', NULL])[1 + i % 3],
              CASE WHEN i % 9 = 0 THEN NULL ELSE 50 + (i * 37) % 400 END
         FROM generate_series(1, 40) AS i`,
      [site],
    );
    // Two offers per product and competitor (so a pair can have several matched offers).
    await pool.query(
      `INSERT INTO competitor_products (competitor_id, external_id, name, price, availability)
       SELECT c.id, 'ext-' || i || '-' || k, 'Offer ' || i, CASE WHEN (i + k) % 11 = 0 THEN NULL ELSE 40 + ((i * 41 + k * 7) % 420) END,
              (ARRAY['in_stock', 'out_of_stock', 'unknown', NULL])[1 + (i + k) % 4]
         FROM competitors c, generate_series(1, 40) AS i, generate_series(1, 2) AS k WHERE c.organization_website_id = $1`,
      [site],
    );
    // Price history over the last 400 days (changes: 0 to 5 per offer, some near the periods'
    // starts), so pairs have prices at the starts of the 30, 90 and 365-day periods.
    await pool.query(
      `INSERT INTO competitor_price_history (competitor_product_id, seen_at, price)
       SELECT cp.id, now() - ((abs(hashtext(cp.id::text || k)) % 400) || ' days')::interval - ((abs(hashtext(cp.id::text || k || 'h')) % 24) || ' hours')::interval,
              30 + abs(hashtext(cp.id::text || k || 'p')) % 450
         FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id, generate_series(1, 5) AS k
        WHERE c.organization_website_id = $1 AND abs(hashtext(cp.id::text || k || 'n')) % 3 > 0
       ON CONFLICT DO NOTHING`,
      [site],
    );
    await pool.query('SELECT insight_rebuild($1)', [site]);
    const products = (
      await pool.query('SELECT id FROM products WHERE organization_website_id = $1 ORDER BY item_id', [site])
    ).rows.map((x) => x.id as string);
    const offers = (
      await pool.query(
        `SELECT cp.id, cp.competitor_id FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1 ORDER BY cp.external_id, cp.competitor_id`,
        [site],
      )
    ).rows as Array<{ id: string; competitor_id: string }>;
    return { r, competitors, products, offers };
  }

  const pick = <T>(r: () => number, list: T[], n: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(r() * copy.length), 1)[0]!);
    return out;
  };

  async function randomStep(site: string, world: Awaited<ReturnType<typeof build>>) {
    const { r, products, offers } = world;
    const kind = Math.floor(r() * 9);
    if (kind === 0 || kind === 1) {
      // Match (or re-match) a batch of product x offer pairs.
      const pairs = Array.from({ length: 1 + Math.floor(r() * 20) }, () => [
        pick(r, products, 1)[0],
        pick(r, offers, 1)[0]!.id,
      ]);
      await pool.query(
        `INSERT INTO product_matches (product_id, competitor_product_id, status)
         SELECT DISTINCT ON (p, o) p, o, 'MATCHED' FROM unnest($1::uuid[], $2::uuid[]) AS x (p, o)
         ON CONFLICT (product_id, competitor_product_id) DO UPDATE SET status = 'MATCHED'`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
    } else if (kind === 2) {
      // Undo some matches (status change) and delete others.
      await pool.query(
        `UPDATE product_matches SET status = (ARRAY['WAITING', 'NEVER_MATCH', 'SKIPPED'])[1 + floor(random() * 3)::int]
                         WHERE id IN (SELECT m.id FROM product_matches m JOIN products p ON p.id = m.product_id WHERE p.organization_website_id = $1 ORDER BY m.id LIMIT $2)
                           AND status = 'MATCHED'`,
        [site, 1 + Math.floor(r() * 5)],
      );
      await pool.query(
        `DELETE FROM product_matches WHERE id IN (SELECT m.id FROM product_matches m JOIN products p ON p.id = m.product_id
                         WHERE p.organization_website_id = $1 ORDER BY m.updated_at DESC, m.id LIMIT $2)`,
        [site, Math.floor(r() * 4)],
      );
    } else if (kind === 3) {
      // A scrape: many competitor prices and availabilities at once (some to no price).
      const chosen = pick(r, offers, 1 + Math.floor(r() * 60));
      await pool.query(
        `UPDATE competitor_products cp SET price = x.price, availability = x.availability, seen_at = now()
           FROM unnest($1::uuid[], $2::numeric[], $3::text[]) AS x (id, price, availability) WHERE cp.id = x.id`,
        [
          chosen.map((o) => o.id),
          chosen.map(() => (r() < 0.1 ? null : (20 + Math.floor(r() * 50000) / 100).toFixed(2))),
          chosen.map(() => (['in_stock', 'out_of_stock', 'preorder', 'unknown', null] as const)[Math.floor(r() * 5)]),
        ],
      );
    } else if (kind === 4) {
      // A feed import: own prices (some equal to a competitor's, some none).
      const chosen = pick(r, products, 1 + Math.floor(r() * 30));
      await pool.query(
        `UPDATE products p SET price = x.price FROM unnest($1::uuid[], $2::numeric[]) AS x (id, price) WHERE p.id = x.id`,
        [chosen, chosen.map(() => (r() < 0.1 ? null : (30 + Math.floor(r() * 45000) / 100).toFixed(2)))],
      );
    } else if (kind === 5) {
      // Brand, category, activity.
      const chosen = pick(r, products, 1 + Math.floor(r() * 6));
      await pool.query(
        `UPDATE products p SET brand = x.brand, category = x.category, active = x.active FROM unnest($1::uuid[], $2::text[], $3::text[], $4::boolean[]) AS x (id, brand, category, active) WHERE p.id = x.id`,
        [
          chosen,
          chosen.map(() => (['Acme', 'Bolt', 'Dune', null] as const)[Math.floor(r() * 4)]),
          chosen.map(() => (['Tools', 'Kitchen', null] as const)[Math.floor(r() * 3)]),
          chosen.map(() => r() > 0.2),
        ],
      );
    } else if (kind === 6) {
      // The products' own rollups (market price, match count), as every writer of matches refreshes them.
      await pool.query(
        'SELECT refresh_product_rollups(ARRAY(SELECT id FROM products WHERE organization_website_id = $1))',
        [site],
      );
    } else if (kind === 8) {
      // Days pass: the website's start prices and pairs are put back as they stood 1 to 40 days
      // ago; the next write (a scrape with its history, as the scrapers write it) closes the
      // days and moves the starts over the history in between.
      const back = 1 + Math.floor(r() * 40);
      await pool.query(
        `SELECT insight_offer_starts_recount(ARRAY(SELECT cp.id FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id
                                                    WHERE c.organization_website_id = $1), (now() AT TIME ZONE 'UTC')::date - $2::int)`,
        [site, back],
      );
      await pool.query(
        'SELECT insight_pairs_refresh(array_agg(product_id), array_agg(competitor_id)) FROM insight_pairs WHERE organization_website_id = $1',
        [site],
      );
      await pool.query(
        `UPDATE insight_state SET starts_for = (now() AT TIME ZONE 'UTC')::date - $1::int,
                                  closed_through = least(closed_through, (now() AT TIME ZONE 'UTC')::date - 1 - $1::int)`,
        [back],
      );
      const chosen = pick(r, offers, 1 + Math.floor(r() * 10));
      await pool.query(
        `WITH changed AS (UPDATE competitor_products cp SET price = round(cp.price * 1.05, 2), seen_at = now() WHERE cp.id = ANY($1::uuid[]) AND cp.price IS NOT NULL RETURNING cp.id, cp.price)
         INSERT INTO competitor_price_history (competitor_product_id, seen_at, price) SELECT id, now(), price FROM changed ON CONFLICT DO NOTHING`,
        [chosen.map((o) => o.id)],
      );
    } else {
      // A product deleted, one added.
      const gone = pick(r, products, 1)[0]!;
      await pool.query('DELETE FROM products WHERE id = $1', [gone]);
      products.splice(products.indexOf(gone), 1);
      const { rows } = await pool.query(
        `INSERT INTO products (organization_website_id, item_id, name, brand, category, price) VALUES ($1, $2, 'Added', 'Acme', 'Tools', 99.5) RETURNING id`,
        [site, `added-${Math.floor(r() * 1e9)}`],
      );
      products.push(rows[0].id);
    }
  }

  const PERIODS = [30, 90, 365] as const;
  /** Up / down / unchanged and Σ change % (2 decimals) per competitor and period, as the competitor totals keep them. */
  async function dynamicsKept(site: string) {
    const { rows } = await pool.query(
      `SELECT competitor_id, ${PERIODS.map((n) => `up${n}, down${n}, unchanged${n}, round(change${n}, 2)::text AS change${n}`).join(', ')}
         FROM insight_competitors WHERE organization_website_id = $1 AND pairs > 0 ORDER BY competitor_id`,
      [site],
    );
    return rows;
  }
  /**
   * The same read straight from the price history (the rule of README.md, "Rules"): per MATCHED
   * pair of an active product, the average price of its offers at the period's start (the last
   * change at or before it) against their price now, over offers with both; each pair's change %
   * to 6 decimals, as the rule says (summed unrounded, a total landing on a half cent of a percent
   * could round the other way: 624.43 against the kept 624.44 once on PGlite).
   */
  async function dynamicsFromHistory(site: string) {
    const periods = await Promise.all(
      PERIODS.map(async (n) => {
        const { rows } = await pool.query(
          `SELECT mv.competitor_id, count(*) FILTER (WHERE mv.now_price > mv.then_price)::int AS up,
                  count(*) FILTER (WHERE mv.now_price < mv.then_price)::int AS down,
                  count(*) FILTER (WHERE mv.now_price = mv.then_price)::int AS unchanged,
                  round(coalesce(sum(round((mv.now_price / mv.then_price - 1) * 100, 6)), 0), 2)::text AS change
             FROM (SELECT m.product_id, m.competitor_id, avg(h.price) AS then_price, avg(cp.price) AS now_price
                     FROM product_matches m
                     JOIN competitor_products cp ON cp.id = m.competitor_product_id
                     JOIN competitors c ON c.id = m.competitor_id AND c.organization_website_id = $1
                     CROSS JOIN LATERAL (SELECT hh.price FROM competitor_price_history hh
                                          WHERE hh.competitor_product_id = cp.id
                                            AND hh.seen_at <= ((now() AT TIME ZONE 'UTC')::date - ($2::int - 1))::timestamp AT TIME ZONE 'UTC'
                                          ORDER BY hh.seen_at DESC LIMIT 1) h
                    WHERE m.status = 'MATCHED' AND cp.price IS NOT NULL
                    GROUP BY m.product_id, m.competitor_id) mv
             JOIN products p ON p.id = mv.product_id AND p.active
            WHERE mv.then_price > 0 AND mv.now_price > 0
            GROUP BY mv.competitor_id`,
          [site, n],
        );
        return new Map(rows.map((r) => [r.competitor_id as string, r]));
      }),
    );
    const { rows } = await pool.query(
      'SELECT competitor_id FROM insight_competitors WHERE organization_website_id = $1 AND pairs > 0 ORDER BY competitor_id',
      [site],
    );
    return rows.map(({ competitor_id }) => {
      const row: Record<string, unknown> = { competitor_id };
      PERIODS.forEach((n, i) => {
        const d = periods[i]!.get(competitor_id);
        row[`up${n}`] = d?.up ?? 0;
        row[`down${n}`] = d?.down ?? 0;
        row[`unchanged${n}`] = d?.unchanged ?? 0;
        row[`change${n}`] = d?.change ?? '0.00';
      });
      return row;
    });
  }

  it('equal a recount from scratch after random sequences of changes (three seeds, two websites)', async () => {
    const worlds = [await build(website, 1), await build(other, 2)];
    for (let step = 0; step < 60; step += 1) {
      await randomStep(website, worlds[0]!);
      if (step % 3 === 0) await randomStep(other, worlds[1]!);
      // The writes leave notes; folds come now and then (several changes of one product or pair
      // between two folds), and always before the rollups are compared.
      if (step % 4 === 1) await foldChanges(pool);
      if (step % 15 === 14) {
        await foldChanges(pool);
        expect(await foldChanges(pool), 'a second fold finds nothing').toBe(0);
        for (const site of [website, other]) {
          const kept = await Promise.all(
            (Object.keys(ROLLUPS) as Array<keyof typeof ROLLUPS>).map((t) => rollup(pool, t, site)),
          );
          await pool.query('SELECT insight_rebuild($1)', [site]);
          const recounted = await Promise.all(
            (Object.keys(ROLLUPS) as Array<keyof typeof ROLLUPS>).map((t) => rollup(pool, t, site)),
          );
          expect(kept, `step ${step}`).toEqual(recounted);
          expect(await dynamicsKept(site), `dynamics at step ${step}`).toEqual(await dynamicsFromHistory(site));
          // The brands' closed days (migration 097) are the closed days summed over categories.
          const days = (sql: string) =>
            pool.query(sql, [site]).then((x) => x.rows.map((r) => JSON.stringify(r)).sort());
          expect(
            await days(
              `SELECT brand, day::text, competitor_id, priced, index_sum::float8 AS ix FROM insight_daily_brands WHERE organization_website_id = $1`,
            ),
            `brands' closed days at step ${step}`,
          ).toEqual(
            await days(
              `SELECT brand, day::text, competitor_id, sum(priced)::int AS priced, sum(index_sum)::float8 AS ix FROM insight_daily
                WHERE organization_website_id = $1 GROUP BY brand, day, competitor_id`,
            ),
          );
        }
      }
    }
    // The sequences did reach every kind of row.
    const { rows } = await pool.query(
      `SELECT sum(pairs)::int AS pairs, sum(priced)::int AS priced, sum(cheaper)::int AS cheaper, sum(pricier)::int AS pricier, sum(same)::int AS same
         FROM insight_cells WHERE organization_website_id = $1`,
      [website],
    );
    expect(rows[0].pairs).toBeGreaterThan(10);
    expect(rows[0].cheaper).toBeGreaterThan(0);
    expect(rows[0].pricier).toBeGreaterThan(0);
    const moved = await pool.query(
      `SELECT sum(up30 + up365)::int AS up, sum(down30 + down365)::int AS down, sum(unchanged90)::int AS unchanged
         FROM insight_competitors WHERE organization_website_id = $1`,
      [website],
    );
    expect(moved.rows[0].up).toBeGreaterThan(0);
    expect(moved.rows[0].down).toBeGreaterThan(0);
  }, 240_000);

  it("the database's difference and index agree with the arithmetic module's on boundary prices", async () => {
    const pairs: Array<[number, number]> = [
      [101.05, 100],
      [98.95, 100],
      [101.04, 100],
      [1.01, 1],
      [99.99, 100.01],
      [123.45, 67.89],
      [0.01, 999.99],
      [100, 99.5],
    ];
    const { rows } = await pool.query(
      'SELECT insight_difference_tenths(o, c) AS d, insight_index(o, c)::float8 AS ix FROM unnest($1::numeric[], $2::numeric[]) WITH ORDINALITY AS x (o, c, n) ORDER BY n',
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    expect(rows.map((r) => r.d)).toEqual(pairs.map(([o, c]) => differenceTenths(o, c)));
    rows.forEach((r, i) => {
      expect(r.ix).toBeCloseTo(priceIndex(pairs[i]![0], pairs[i]![1])!, 5);
    });
  });

  it('a fold with no notes still closes the days and moves the period starts (the job does it within seconds of midnight)', async () => {
    await pool.query(
      `UPDATE insight_state SET starts_for = (now() AT TIME ZONE 'UTC')::date - 1, closed_through = (now() AT TIME ZONE 'UTC')::date - 2`,
    );
    await foldChanges(pool);
    expect(await foldChanges(pool)).toBe(0);
    const { rows } = await pool.query(
      `SELECT starts_for = (now() AT TIME ZONE 'UTC')::date AS moved, closed_through = (now() AT TIME ZONE 'UTC')::date - 1 AS closed FROM insight_state`,
    );
    expect(rows[0]).toEqual({ moved: true, closed: true });
  });

  it('the fold loop of the insights.fold job folds what the writes noted, and stops when told', async () => {
    await pool.query('UPDATE products SET price = price + 1 WHERE organization_website_id = $1 AND price IS NOT NULL', [
      website,
    ]);
    const notes = async () => (await pool.query('SELECT count(*)::int AS n FROM insight_changes')).rows[0].n;
    expect(await notes()).toBeGreaterThan(0);
    const stop = new AbortController();
    const loop = runFolds(pool, { forMs: 60_000, intervalMs: 50, signal: stop.signal });
    for (let i = 0; i < 100 && (await notes()) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    await loop;
    expect(await notes()).toBe(0);
    const kept = await rollup(pool, 'insight_brands', website);
    await pool.query('SELECT insight_rebuild($1)', [website]);
    expect(kept).toEqual(await rollup(pool, 'insight_brands', website));
  });

  it('a deleted website takes its rollups with it', async () => {
    await pool.query('DELETE FROM organization_websites WHERE id = $1', [other]);
    await foldChanges(pool);
    for (const table of Object.keys(ROLLUPS) as Array<keyof typeof ROLLUPS>) {
      expect(await rollup(pool, table, other)).toEqual([]);
    }
  });
});
