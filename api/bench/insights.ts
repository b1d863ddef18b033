/**
 * Benchmark of data insights (api/src/insights/README.md) at 100,000 products, 1,000,000 matched
 * competitor products and 90 days of daily points on one organization website.
 *
 *   npm run bench:insights -- [--engine postgres|pglite|both] [--products 100000] [--competitors 10]
 *        [--brands 200] [--categories 40] [--days 90] [--requests 60] [--changes 100000] [--batch 1000] [--keep]
 *        [--only brand,competitor,figures,home,maintenance] [--reuse <postgres database kept by --keep>]
 *
 * `--keep` leaves the PostgreSQL scratch database (its name is printed); `--reuse` measures on such
 * a database again without generating (the generation is most of the run on a loaded machine),
 * after applying the migrations added since it was kept.
 *
 * For each engine (PGlite in its own process as the API runs it; PostgreSQL in a scratch database
 * when reachable) it migrates, seeds the demo users, generates the catalogue in SQL (products over
 * `--brands` x `--categories`, `--competitors` competitors each MATCHED to every product with a
 * price around ours and two price changes in the history), builds the rollups from scratch,
 * writes the closed days (the cells' index moved by a few percent a day: the closed days' rows
 * are what a snapshot reads, however they were made) and then measures, printing each figure:
 * 1. brandSnapshot through the API, p50/p95 per filter (goal: p95 <= 100 ms);
 * 2. competitorSnapshot through the API, p50/p95 per filter (goal: p95 <= 100 ms);
 * 3. homeInsights p50/p95 (goal: p95 <= 50 ms);
 * 4. the time to apply `--changes` changed competitor prices (a scraper run: the prices, then the
 *    products' own rollups) and own prices (a feed import), `--batch` rows a statement, with and
 *    without the insights' triggers, three rounds in alternating order, each run after a VACUUM
 *    and a CHECKPOINT, and the time the fold of the notes the triggers left takes afterwards
 *    (migration 096; the job folds beside the writers). The goal (<= 20 %) is read off the upkeep
 *    line: the writer's extra time plus the fold, against the run without the triggers.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchApi } from './api-client.ts';
import { openDatabase, type Database, type Engine } from '../src/db/database.ts';
import { type BenchDatabase, enginesOf, machineLine, openBenchDatabase, POSTGRES_ADMIN_URL } from './harness.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    products: { type: 'string', default: '100000' },
    competitors: { type: 'string', default: '10' },
    brands: { type: 'string', default: '200' },
    categories: { type: 'string', default: '40' },
    days: { type: 'string', default: '90' },
    requests: { type: 'string', default: '60' },
    changes: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', default: 'brand,competitor,figures,home,maintenance' },
    reuse: { type: 'string' },
  },
});
const PRODUCTS = Number(options.products);
const COMPETITORS = Number(options.competitors);
const BRANDS = Number(options.brands);
const CATEGORIES = Number(options.categories);
const DAYS = Number(options.days);
const REQUESTS = Number(options.requests);
const CHANGES = Math.min(Number(options.changes), PRODUCTS * COMPETITORS);
const BATCH = Number(options.batch);
const ONLY = new Set(options.only!.split(','));
for (const name of ONLY)
  if (!['brand', 'competitor', 'figures', 'home', 'maintenance'].includes(name))
    throw new Error(`--only: unknown measurement "${name}"`);
const PROJECT_ID = 'demo-price-console';
const OWNER = 'demo-owner';

/**
 * The benchmark's database (harness, api/bench/README.md): a scratch one discarded at the end and
 * on Ctrl-C; with `--keep` a PostgreSQL one named `bench_insights_<pid>` left behind (its name
 * printed), which `--reuse <name>` measures again without generating.
 */
async function openEngine(engine: Engine): Promise<BenchDatabase> {
  if (!options.keep && !options.reuse) return openBenchDatabase(engine, 'bench_insights');
  if (engine !== 'postgres') throw new Error('--keep and --reuse: PostgreSQL only (--engine postgres)');
  const name = options.reuse ?? `bench_insights_${process.pid}`;
  if (!/^bench_insights_\d+$/.test(name)) throw new Error('--reuse: a database named bench_insights_<number>');
  if (!options.reuse) {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
  return {
    db,
    cleanup: async () => {
      await db.close();
      console.log(`postgres: kept the database ${name}`);
    },
  };
}

const INSIGHT_TRIGGERS = {
  products: ['insight_products_insert', 'insight_products_update', 'insight_product_deleted'],
  competitor_products: ['insight_competitor_products_update'],
  product_matches: ['insight_matches_insert', 'insight_matches_update', 'insight_matches_delete'],
} as const;

async function insightTriggers(db: Database, on: boolean) {
  for (const [table, triggers] of Object.entries(INSIGHT_TRIGGERS)) {
    for (const trigger of triggers)
      await db.pool.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
  }
}

/** The insights' tables a generation (or a reuse that applied migrations) vacuums and analyzes. */
const ROLLUP_TABLES = [
  'insight_pairs',
  'insight_cells',
  'insight_brands',
  'insight_competitors',
  'insight_daily',
  'insight_daily_totals',
  'insight_daily_categories',
  'insight_cell_histograms',
  'insight_brand_histograms',
  'insight_products_counted',
  'insight_products_packed',
  'insight_daily_brands',
  'insight_brand_cells',
  'insight_brand_cell_histograms',
  'insight_brand_totals',
  'insight_brand_total_histograms',
  'insight_competitor_slots',
].join(', ');

/** The rollups a fold writes (migrations 096-101), vacuumed before each timed maintenance run. */
const FOLDED_TABLES = [
  'insight_changes',
  'insight_pairs',
  'insight_cells',
  'insight_competitors',
  'insight_brand_cells',
  'insight_category_cells',
  'insight_cell_histograms',
  'insight_brand_cell_histograms',
  'insight_brands',
  'insight_brand_totals',
  'insight_brand_histograms',
  'insight_brand_total_histograms',
  'insight_products_counted',
  'insight_products_packed',
  'insight_websites',
].join(', ');

/** The catalogue, the history and the rollups, all in SQL. */
async function seed(db: Database, site: string, engine: string) {
  let t0 = performance.now();
  const step = (what: string) => {
    console.log(`${engine}:   ${what} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
  };
  // Generated with every user trigger off (the other areas' rollups are not what is measured);
  // the rollups are then built from scratch, as the migration does for existing data.
  await db.pool.query('ALTER TABLE products DISABLE TRIGGER USER');
  await db.pool.query('ALTER TABLE competitor_products DISABLE TRIGGER USER');
  await db.pool.query('ALTER TABLE product_matches DISABLE TRIGGER USER');
  await db.pool.query(
    `INSERT INTO products (organization_website_id, item_id, name, brand, category, price, currency, stock)
     SELECT $1, 'SKU-' || lpad(i::text, 7, '0'), 'Product ' || i, 'Brand ' || (abs(hashtext('b' || i)) % $3), 'Category ' || (abs(hashtext('c' || i)) % $4),
            round((200 + (i * 7919) % 20000)::numeric + 0.9, 2), 'CZK', (i * 37) % 50
       FROM generate_series(1, $2::int) AS i`,
    [site, PRODUCTS, BRANDS, CATEGORIES],
  );
  await db.pool.query(
    `INSERT INTO competitors (organization_website_id, name, url) SELECT $1, 'Competitor ' || c, 'https://competitor-' || c || '.example' FROM generate_series(1, $2::int) AS c`,
    [site, COMPETITORS],
  );
  step('products and competitors');
  const { rows: competitors } = await db.pool.query<{ id: string; n: number }>(
    'SELECT id, row_number() OVER (ORDER BY name)::int AS n FROM competitors WHERE organization_website_id = $1',
    [site],
  );
  for (const competitor of competitors) {
    await db.pool.query(
      `WITH cp AS (
         INSERT INTO competitor_products (competitor_id, external_id, name, price, currency, availability, seen_at)
         SELECT $1, p.id::text, p.name, round(p.price * (0.85 + (abs(hashtext(p.item_id || $3::text)) % 300) / 1000.0), 2), 'CZK',
                CASE WHEN abs(hashtext(p.item_id) + $3::int) % 9 = 0 THEN 'out_of_stock' ELSE 'in_stock' END, now()
           FROM products p WHERE p.organization_website_id = $2
         RETURNING id, external_id, price)
       , m AS (INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, score)
               SELECT cp.external_id::uuid, cp.id, $1, 'MATCHED', 0.95 FROM cp)
       INSERT INTO competitor_price_history (competitor_product_id, seen_at, price)
       SELECT cp.id, now() - interval '400 days', round(cp.price * 1.03, 2) FROM cp
       UNION ALL
       SELECT cp.id, now() - ((abs(hashtext(cp.external_id || 'h')) % $4::int) || ' days')::interval,
              CASE abs(hashtext(cp.external_id)) % 3 WHEN 0 THEN cp.price WHEN 1 THEN round(cp.price * 1.02, 2) ELSE round(cp.price * 0.97, 2) END
         FROM cp`,
      [competitor.id, site, competitor.n, DAYS],
    );
  }
  step(`${competitors.length} x ${PRODUCTS} competitor products, matches and history`);
  await db.pool.query(
    'SELECT refresh_product_rollups(array(SELECT id FROM products WHERE organization_website_id = $1))',
    [site],
  );
  step("products' own rollups");
  await db.pool.query('ALTER TABLE products ENABLE TRIGGER USER');
  await db.pool.query('ALTER TABLE competitor_products ENABLE TRIGGER USER');
  await db.pool.query('ALTER TABLE product_matches ENABLE TRIGGER USER');
  await db.pool.query('SELECT insight_rebuild($1)', [site]);
  step('insights rollups from scratch');
  await db.pool.query(
    `INSERT INTO insight_daily (organization_website_id, competitor_id, brand, category, day, priced, index_sum)
     SELECT c.organization_website_id, c.competitor_id, c.brand, c.category, (now() AT TIME ZONE 'UTC')::date - d, c.priced,
            round(c.index_sum * (1 + 0.02 * sin(d / 7.0 + length(c.brand)))::numeric, 6)
       FROM insight_cells c, generate_series(1, $2::int - 1) AS d
      WHERE c.organization_website_id = $1 AND c.priced > 0
     ON CONFLICT DO NOTHING`,
    [site, DAYS],
  );
  await db.pool.query(
    `INSERT INTO insight_daily_totals (organization_website_id, competitor_id, day, priced, index_sum)
     SELECT organization_website_id, competitor_id, day, sum(priced), sum(index_sum) FROM insight_daily WHERE organization_website_id = $1 GROUP BY 1, 2, 3
     ON CONFLICT DO NOTHING`,
    [site],
  );
  await db.pool.query(
    `INSERT INTO insight_daily_categories (organization_website_id, competitor_id, category, day, priced, index_sum)
     SELECT organization_website_id, competitor_id, category, day, sum(priced), sum(index_sum) FROM insight_daily WHERE organization_website_id = $1 GROUP BY 1, 2, 3, 4
     ON CONFLICT DO NOTHING`,
    [site],
  );
  await db.pool.query(
    `INSERT INTO insight_daily_brands (organization_website_id, brand, day, competitor_id, priced, index_sum)
     SELECT organization_website_id, brand, day, competitor_id, sum(priced), sum(index_sum) FROM insight_daily WHERE organization_website_id = $1 GROUP BY 1, 2, 3, 4
     ON CONFLICT DO NOTHING`,
    [site],
  );
  await db.pool.query(`UPDATE insight_state SET closed_through = (now() AT TIME ZONE 'UTC')::date - 1`);
  step(`${DAYS - 1} closed days`);
  await db.pool.query(
    `VACUUM ANALYZE products, competitors, competitor_products, product_matches, competitor_price_history, ${ROLLUP_TABLES}`,
  );
  step('vacuum analyze');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(engine: Engine) {
  const { db, cleanup } = await openEngine(engine);
  try {
    let site: string;
    const t0 = performance.now();
    if (options.reuse) {
      site = (await db.pool.query(`SELECT ow.id FROM organization_websites ow WHERE ow.name = 'Bench Insights Shop'`))
        .rows[0].id;
      // Migrations added since the database was kept are applied (their own recounts included), so
      // a change to the rollups is measured on the same data before and after.
      const applied = await migrate(db.pool);
      // The tables a migration filled are analyzed, as a generation does, before anything is read.
      if (applied.length) await db.pool.query(`VACUUM ANALYZE ${ROLLUP_TABLES}`);
      console.log(
        `\n${engine}: reusing ${options.reuse}${applied.length ? `, applied ${applied.join(', ')} in ${((performance.now() - t0) / 1000).toFixed(1)} s` : ''}`,
      );
    } else {
      await migrate(db.pool);
      await seedDemoData(db.pool, { websites: 20 });
      site = (
        await db.pool.query(
          `WITH w AS (INSERT INTO websites (name, url) VALUES ('Bench Insights Shop', 'https://bench-insights.example') RETURNING id)
           INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Bench Insights Shop' FROM organizations o, w WHERE o.slug = 'northwind' RETURNING id`,
        )
      ).rows[0].id;
      console.log(
        `\n${engine}: generating ${PRODUCTS} products x ${COMPETITORS} competitors, ${BRANDS} brands x ${CATEGORIES} categories, ${DAYS} days`,
      );
      await seed(db, site, engine);
    }
    const sizes = (
      await db.pool.query(
        `SELECT (SELECT count(*)::int FROM insight_pairs WHERE organization_website_id = $1) AS pairs,
                (SELECT count(*)::int FROM insight_cells WHERE organization_website_id = $1) AS cells,
                (SELECT count(*)::int FROM insight_brands WHERE organization_website_id = $1) AS brands,
                (SELECT count(*)::int FROM insight_daily WHERE organization_website_id = $1) AS daily`,
        [site],
      )
    ).rows[0];
    console.log(
      `${engine}: generated in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${sizes.pairs} matched pairs; rollup rows: ${sizes.cells} cells, ${sizes.brands} brand x category, ${sizes.daily} closed-day rows`,
    );

    const { gql } = await benchApi(db.pool, { projectId: PROJECT_ID, uid: OWNER, email: 'owner@demo.test' });
    const competitorIds = (
      await db.pool.query('SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY name', [site])
    ).rows.map((r) => r.id);
    const COUNTS = 'comparison { cheaper same pricier }';
    const ROW = `brand products matchedProducts coveragePercent priceIndex ${COUNTS} averageDifferencePercent cells { competitorId matchedProducts priceIndex ${COUNTS} }`;
    const BRAND = `query BrandSnapshot($filter: InsightsFilter!) { brandSnapshot(filter: $filter) { competitors { id name } rows { ${ROW} } total { ${ROW} } empty updatedAt } }`;
    const COMPETITOR = `query CompetitorSnapshot($filter: InsightsFilter!) { competitorSnapshot(filter: $filter) {
      rows { competitor { id name } matchedProducts overlapPercent priceIndex ${COUNTS} inStockShare lastCollectedAt dynamics { up down unchanged averageChangePercent } }
      series { day competitorId priceIndex matchedProducts } empty updatedAt } }`;
    const COMPETITOR_FIGURES = `query CompetitorSnapshot($filter: InsightsFilter!) { competitorSnapshot(filter: $filter) {
      rows { competitor { id name } matchedProducts overlapPercent priceIndex ${COUNTS} inStockShare lastCollectedAt }
      series { day competitorId priceIndex matchedProducts } empty updatedAt } }`;
    const HOME = `query HomeInsights($id: ID!) { homeInsights(organizationWebsiteId: $id) { priceIndex ${COUNTS} products matchedProducts coveragePercent suggestionsWaiting failingScrapers } }`;

    const measure = async (label: string, goal: number, call: (i: number) => Promise<unknown>) => {
      await call(0);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const start = performance.now();
        await call(i + 1);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      console.log(
        `${engine}: ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${REQUESTS} requests)  [goal p95 <= ${goal} ms${p95 > goal ? ': NOT MET' : ''}]`,
      );
    };
    const brand = (i: number) => `Brand ${i % BRANDS}`;
    const category = (i: number) => `Category ${i % CATEGORIES}`;
    const filters: Array<[string, (i: number) => Record<string, unknown>]> = [
      ['whole website, 30 days', () => ({})],
      ['one brand', (i) => ({ brands: [brand(i)] })],
      ['three categories', (i) => ({ categories: [category(i), category(i + 1), category(i + 2)] })],
      [
        'two competitors',
        (i) => ({
          competitorIds: [competitorIds[i % competitorIds.length], competitorIds[(i + 1) % competitorIds.length]],
        }),
      ],
      ['tolerance 2.5 %', () => ({ tolerancePercent: 2.5 })],
    ];
    if (ONLY.has('brand'))
      for (const [label, filter] of filters) {
        await measure(`brandSnapshot, ${label}`, 100, (i) =>
          gql(BRAND, { filter: { organizationWebsiteId: site, ...filter(i) } }),
        );
      }
    if (ONLY.has('competitor'))
      for (const [label, filter] of [
        ...filters.slice(0, 3),
        ['whole website, 365 days', () => ({ period: 'LAST_365_DAYS' })] as [
          string,
          (i: number) => Record<string, unknown>,
        ],
      ]) {
        await measure(`competitorSnapshot, ${label}`, 100, (i) =>
          gql(COMPETITOR, { filter: { organizationWebsiteId: site, ...filter(i) } }),
        );
      }
    // `figures`: the competitor snapshot without its dynamics (README.md, "Left to do").
    if (ONLY.has('figures')) {
      for (const [label, filter] of filters.slice(0, 3)) {
        await measure(`competitorSnapshot without dynamics, ${label}`, 100, (i) =>
          gql(COMPETITOR_FIGURES, { filter: { organizationWebsiteId: site, ...filter(i) } }),
        );
      }
    }
    if (ONLY.has('home')) await measure('homeInsights', 50, () => gql(HOME, { id: site }));

    // 4. Rollup maintenance: the same changes applied with and without the insights' triggers,
    //    alternating, three times each; the median of each.
    const offers = (
      await db.pool.query(
        `SELECT cp.id FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1 ORDER BY hashtext(cp.id::text) LIMIT $2`,
        [site, CHANGES],
      )
    ).rows.map((r) => r.id as string);
    const products = (
      await db.pool.query(
        'SELECT id FROM products WHERE organization_website_id = $1 ORDER BY hashtext(id::text) LIMIT $2',
        [site, Math.min(CHANGES, PRODUCTS)],
      )
    ).rows.map((r) => r.id as string);
    let round = 0;
    const scrape = async () => {
      round += 1;
      for (let i = 0; i < offers.length; i += BATCH) {
        const ids = offers.slice(i, i + BATCH);
        const client = await db.pool.connect();
        try {
          await client.query('BEGIN');
          const { rows } = await client.query(
            `WITH changed AS (UPDATE competitor_products SET price = round(price * (1 + (($2::int % 2) * 2 - 1) * 0.01), 2), seen_at = now() WHERE id = ANY($1::uuid[]) RETURNING id)
             SELECT array_agg(DISTINCT m.product_id) AS products FROM changed JOIN product_matches m ON m.competitor_product_id = changed.id AND m.status = 'MATCHED'`,
            [ids, round],
          );
          await client.query('SELECT refresh_product_rollups($1::uuid[])', [rows[0].products ?? []]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      }
    };
    const feed = async () => {
      round += 1;
      for (let i = 0; i < products.length; i += BATCH) {
        await db.pool.query(
          'UPDATE products SET price = round(price * (1 + (($2::int % 2) * 2 - 1) * 0.01), 2), updated_at = now() WHERE id = ANY($1::uuid[])',
          [products.slice(i, i + BATCH), round],
        );
      }
    };
    if (ONLY.has('maintenance'))
      for (const [label, apply, count] of [
        ["scraper run (competitor prices, then the products' rollups)", scrape, offers.length],
        ['feed import (own prices)', feed, products.length],
      ] as const) {
        const withTriggers: number[] = [];
        const without: number[] = [];
        const folds: number[] = [];
        let notes = 0;
        for (let r = 0; r < 3; r += 1) {
          // Each timed run starts from the same state: the written tables and the rollups the
          // fold writes vacuumed (the previous run and fold left a dead row version per changed
          // row, which the next would otherwise pay for, as autovacuum would not have caught up
          // between back-to-back runs) and a checkpoint taken; and the order alternates between rounds, so neither
          // condition always runs on the table the other has just dirtied.
          for (const on of r % 2 === 0 ? [false, true] : [true, false]) {
            await db.pool.query(`VACUUM (ANALYZE) products, competitor_products, product_matches, ${FOLDED_TABLES}`);
            await db.pool.query('CHECKPOINT');
            await insightTriggers(db, on);
            const start = performance.now();
            await apply();
            (on ? withTriggers : without).push(performance.now() - start);
            if (on) {
              // The notes the triggers left, folded into the rollups at once (the job does it
              // every few seconds, beside the writers).
              const foldStart = performance.now();
              notes = (await db.pool.query('SELECT insight_fold() AS n')).rows[0].n;
              folds.push(performance.now() - foldStart);
            }
          }
        }
        await insightTriggers(db, true);
        const a = median(without);
        const b = median(withTriggers);
        const fold = median(folds);
        const extra = ((b - a) / a) * 100;
        // The goal counts all the work the rollups add: the writer's extra time and the fold of
        // its notes (done beside the writer by the job), against the run without the triggers.
        const total = ((b - a + fold) / a) * 100;
        console.log(
          `${engine}: ${label}, ${count} changed prices in statements of ${BATCH}: ${(a / 1000).toFixed(1)} s without the insights' triggers, ${(b / 1000).toFixed(1)} s with (${extra.toFixed(0)} % extra in the writer); the fold of its ${notes} notes ${(fold / 1000).toFixed(1)} s (median of ${folds.map((f) => (f / 1000).toFixed(1)).join(', ')} s)`,
        );
        console.log(
          `${engine}: ${label}: upkeep (writer extra + fold) ${((b - a + fold) / 1000).toFixed(1)} s = ${total.toFixed(0)} % of the run without the triggers  [goal <= 20 %${total > 20 ? ': NOT MET' : ''}]`,
        );
      }
    // The insights' triggers are left on.
    await insightTriggers(db, true);
  } finally {
    // Closes the database (and discards it unless kept).
    await cleanup();
  }
}

console.log(machineLine());
for (const engine of await enginesOf(options.engine!)) await run(engine);
