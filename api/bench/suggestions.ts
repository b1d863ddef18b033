/**
 * Benchmark of price suggestions (api/src/pricing/README.md) at 100,000 products and 1,000,000
 * matched competitor prices on one organization website.
 *
 *   npm run bench:suggestions -- [--engine pglite|postgres|both] [--products 100000] [--competitors 10]
 *        [--changes 20] [--counts 200] [--quick] [--only recompute,change,count,sort,feed]
 *
 * `--quick`: 10,000 products, 5 changes, 50 counts (minutes on a loaded machine). `--only` runs
 * the named measurements (the seed always runs; `change` and `sort` need `recompute`'s suggestions).
 * `--keep`: leave the PostgreSQL scratch database (its name is printed) for profiling.
 * `--reuse` (with `--keep`): measure on the kept database's catalogue instead of generating it
 * again (its rules, suggestions and marks are removed first, so the full recompute starts empty).
 *
 * For each engine (PGlite in its own process as the API runs it; PostgreSQL in a scratch database
 * when reachable) it migrates, seeds the demo data, generates the catalogue in SQL (products with
 * cost, MAP and RRP; `--competitors` competitors each selling and MATCHED to every product, with
 * prices around ours, some out of stock or old) and then measures, printing each figure:
 * 1. a full recompute of every suggestion under an Active rule written through the API
 *    (goal: <= 30 s on PostgreSQL), with where its time went, then the same again with nothing
 *    changed;
 * 2. one competitor price changing: the time until the product's new suggestion is readable
 *    through the API, with the updater running as the `pricing.update` job on a job worker in
 *    this process (goal: <= 1 s);
 * 3. the affected count of a rule being edited (priceRuleAffectedCount, varied filters) p50/p95
 *    (goal: p95 <= 200 ms);
 * 4. the products list sorted by the suggested change (first page and a page at 1,000; no
 *    filter, a brand, a category) p50/max through the API;
 * 5. the price feed streamed in CSV and JSON (every suggestion, ~100,000 rows): time, rows and the
 *    growth of this process's heap and RSS while it streams (goal: flat).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchApi } from './api-client.ts';
import type { Database, Engine } from '../src/db/database.ts';
import { type BenchDatabase, openBenchDatabase } from './harness.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { processQueuedWebsite, type RecomputeTimings } from '../src/pricing/recompute.ts';
import { PRICING_UPDATE } from '../src/pricing/jobs.ts';
import { queueRecompute } from '../src/pricing/store/recompute-queue.ts';
import { closeQueueOf, defineJob, enqueue } from '../src/jobs/queue.ts';
import { startWorker } from '../src/jobs/worker.ts';

/** Another job on the updater's worker: how long it waits for a slot while pricing.update runs. */
const BENCH_OTHER_JOB = 'bench.suggestions.other';
const otherJobsDone = new Map<string, () => void>();
defineJob<{ n: string }>(BENCH_OTHER_JOB, { retryLimit: 0 }, async ({ n }) => {
  otherJobsDone.get(n)?.();
});

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    products: { type: 'string', default: '100000' },
    competitors: { type: 'string', default: '10' },
    changes: { type: 'string', default: '20' },
    counts: { type: 'string', default: '200' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string', default: 'recompute,change,count,sort,feed' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
if (options.quick) {
  options.products = '10000';
  options.changes = '5';
  options.counts = '50';
}
const ONLY = new Set(options.only!.split(','));
for (const name of ONLY)
  if (!['recompute', 'change', 'count', 'sort', 'feed'].includes(name))
    throw new Error(`--only: unknown measurement "${name}"`);
const PRODUCTS = Number(options.products);
const COMPETITORS = Number(options.competitors);
const PROJECT_ID = 'demo-price-console';
const OWNER = 'demo-owner';
const BRANDS = ['Husky', 'Vango', 'Sony', 'JBL', 'Bosch', 'Philips', 'Dyson', 'Logitech'];
const CATEGORIES = ['Outdoor', 'Audio', 'Electronics', 'Kitchen', 'Home'];

function openEngine(name: string): Promise<BenchDatabase> {
  return openBenchDatabase(name as Engine, 'bench_suggestions', options.keep || options.reuse);
}

/** The catalogue, all in SQL: products, competitors, one competitor product per competitor and product, MATCHED. */
async function seed(db: Database, site: string): Promise<void> {
  await db.pool.query(
    `INSERT INTO products (organization_website_id, item_id, name, brand, category, price, cost, map, rrp, currency, stock)
     SELECT $1, 'SKU-' || lpad(i::text, 7, '0'), 'Product ' || i, ($3::text[])[1 + i % 8], ($4::text[])[1 + i % 5],
            p, CASE WHEN i % 7 <> 0 THEN round(p * 0.7, 2) END, CASE WHEN i % 5 = 0 THEN round(p * 0.85, 2) END,
            CASE WHEN i % 3 = 0 THEN round(p * 1.1, 2) END, 'CZK', (i * 37) % 50
       FROM (SELECT i, round((200 + (i * 7919) % 20000)::numeric + 0.9, 2) AS p FROM generate_series(1, $2) AS i) s`,
    [site, PRODUCTS, BRANDS, CATEGORIES],
  );
  await db.pool.query(
    `INSERT INTO competitors (organization_website_id, name, url, matching_mode)
     SELECT $1, 'Competitor ' || c, 'https://competitor-' || c || '.example', CASE WHEN c % 2 = 0 THEN 'automatic' ELSE 'confirmation' END
       FROM generate_series(1, $2) AS c`,
    [site, COMPETITORS],
  );
  const { rows: competitors } = await db.pool.query<{ id: string; n: number }>(
    `SELECT id, row_number() OVER (ORDER BY name)::int AS n FROM competitors WHERE organization_website_id = $1`,
    [site],
  );
  // The matching area's triggers (queue sizes, rollups) are not what is measured here: off while seeding.
  await db.pool.query('ALTER TABLE product_matches DISABLE TRIGGER USER');
  for (const competitor of competitors) {
    // The competitor product's external id is our product's id: the match needs no join.
    await db.pool.query(
      `WITH cp AS (
         INSERT INTO competitor_products (competitor_id, external_id, name, price, currency, availability, seen_at)
         SELECT $1, p.id::text, p.name, round(p.price * (0.8 + ((hashtext(p.item_id || $3::text) & 1023) / 2300.0)), 2), 'CZK',
                CASE WHEN abs(hashtext(p.item_id) + $3::int) % 9 = 0 THEN 'out_of_stock' ELSE 'in_stock' END,
                now() - ((hashtext(p.item_id || 's' || $3::text) & 31) || ' days')::interval
           FROM products p WHERE p.organization_website_id = $2
         RETURNING id, external_id)
       INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, score)
       SELECT cp.external_id::uuid, cp.id, $1, 'MATCHED', 0.95 FROM cp`,
      [competitor.id, site, competitor.n],
    );
  }
  await db.pool.query('ALTER TABLE product_matches ENABLE TRIGGER USER');
  await db.pool.query('VACUUM ANALYZE products, competitors, competitor_products, product_matches');
}

/**
 * CPU seconds used so far by this database's server processes (PostgreSQL on this machine: read
 * from /proc; empty elsewhere), by process id. Unlike elapsed time, hardly changed by the load
 * of other work on a shared machine.
 */
async function serverCpu(db: Database): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (db.engine !== 'postgres') return cpu;
  const { rows } = await db.pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Another machine's server, or the process ended.
    }
  }
  return cpu;
}
/** CPU seconds of the server processes between two `serverCpu` readings (processes started since count whole). */
const cpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function run(engine: string) {
  const { db, cleanup } = await openEngine(engine);
  try {
    let t0 = performance.now();
    let site: string;
    const kept = options.reuse
      ? (
          await db.pool.query<{ id: string }>(
            `SELECT ow.id FROM organization_websites ow WHERE ow.name = 'Bench Pricing Shop'
              ORDER BY (SELECT count(*) FROM products p WHERE p.organization_website_id = ow.id) DESC LIMIT 1`,
          )
        ).rows[0]
      : undefined;
    if (kept) {
      site = kept.id;
      const applied = await migrate(db.pool);
      await db.pool.query('DELETE FROM price_rules WHERE organization_website_id = $1', [site]);
      await db.pool.query('DELETE FROM price_suggestions WHERE organization_website_id = $1', [site]);
      await db.pool.query('DELETE FROM price_suggestion_dirty WHERE organization_website_id = $1', [site]);
      await db.pool.query('DELETE FROM price_suggestion_recomputes WHERE organization_website_id = $1', [site]);
      await db.pool.query('VACUUM ANALYZE price_suggestions');
      console.log(`\n${engine}: reusing the kept catalogue${applied.length ? `, applied ${applied.join(', ')}` : ''}`);
    } else {
      if (options.reuse) console.log(`${engine}: nothing kept to reuse: generating the catalogue`);
      await migrate(db.pool);
      await seedDemoData(db.pool, { websites: 20 });
      site = (
        await db.pool.query(
          `WITH w AS (INSERT INTO websites (name, url) VALUES ('Bench Pricing Shop', 'https://bench-pricing.example') RETURNING id)
           INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Bench Pricing Shop' FROM organizations o, w WHERE o.slug = 'northwind' RETURNING id`,
        )
      ).rows[0].id;
      t0 = performance.now();
      await seed(db, site);
    }
    const counts = (
      await db.pool.query(
        `SELECT (SELECT count(*)::int FROM products WHERE organization_website_id = $1) AS products,
                (SELECT count(*)::int FROM product_matches m JOIN products p ON p.id = m.product_id WHERE p.organization_website_id = $1 AND m.status = 'MATCHED') AS matched`,
        [site],
      )
    ).rows[0];
    console.log(
      `\n${engine}: ${kept ? 'kept' : 'generated'} ${counts.products} products and ${counts.matched} matched competitor prices in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const { api, gql } = await benchApi(db.pool, { projectId: PROJECT_ID, uid: OWNER, email: 'owner@demo.test' });

    // 1. Full recompute under an Active rule written through the API.
    await gql(
      `mutation PriceRuleCreate($organizationWebsiteId: ID!, $input: PriceRuleInput!) { priceRuleCreate(organizationWebsiteId: $organizationWebsiteId, input: $input) { id } }`,
      {
        organizationWebsiteId: site,
        input: {
          name: 'Beat the in-stock lowest',
          status: 'ACTIVE',
          priority: 1,
          products: {},
          competitors: { inStockOnly: true, maxAgeDays: 30, minPrices: 2 },
          strategy: { type: 'BEAT_LOWEST', beatBy: 1, beatUnit: 'PERCENT', tolerancePercent: 0.5 },
          bounds: { costMargin: 10, useMap: true, useRrp: true, maxChangePercent: 20 },
          rounding: { mode: 'CHARM', ending: 'CENTS_90' },
        },
      },
    );
    if (ONLY.has('recompute') || ONLY.has('change') || ONLY.has('sort')) {
      const timings: RecomputeTimings = { read: 0, compute: 0, writeWait: 0 };
      // Server processes started during the recompute count whole: the pool is opened before.
      await Promise.all(Array.from({ length: 4 }, () => db.pool.query('SELECT 1')));
      let cpu0 = await serverCpu(db);
      let own0 = process.cpuUsage();
      t0 = performance.now();
      while (await processQueuedWebsite(db.pool, { timings }));
      const fullSeconds = (performance.now() - t0) / 1000;
      const cpuLine = async (cpu: Map<number, number>, own: NodeJS.CpuUsage) => {
        const mine = process.cpuUsage(own);
        const server = cpu.size
          ? `, the database's server processes ${cpuBetween(cpu, await serverCpu(db)).toFixed(1)} s`
          : '';
        return `CPU: this process ${((mine.user + mine.system) / 1e6).toFixed(1)} s${server}`;
      };
      const firstCpu = await cpuLine(cpu0, own0);
      const outcomes = (
        await db.pool.query(
          'SELECT outcome, count(*)::int AS n FROM price_suggestions WHERE organization_website_id = $1 GROUP BY 1 ORDER BY 1',
          [site],
        )
      ).rows;
      console.log(
        `${engine}: full recompute of ${counts.products} products (${counts.matched} matched prices): ${fullSeconds.toFixed(1)} s  [goal <= 30 s on PostgreSQL]`,
      );
      console.log(
        `${engine}:   reading ${(timings.read / 1000).toFixed(1)} s, computing ${(timings.compute / 1000).toFixed(1)} s, waiting for writes ${(timings.writeWait / 1000).toFixed(1)} s; ${firstCpu}; outcomes ${outcomes.map((o) => `${o.outcome} ${o.n}`).join(', ')}`,
      );
      // Again with nothing changed (a rule saved as it was, a feed import that changed nothing):
      // every suggestion computed and compared, none written.
      const again: RecomputeTimings = { read: 0, compute: 0, writeWait: 0 };
      await queueRecompute(db.pool, site);
      cpu0 = await serverCpu(db);
      own0 = process.cpuUsage();
      t0 = performance.now();
      while (await processQueuedWebsite(db.pool, { timings: again }));
      const againSeconds = (performance.now() - t0) / 1000;
      console.log(
        `${engine}: full recompute again, nothing changed: ${againSeconds.toFixed(1)} s (reading ${(again.read / 1000).toFixed(1)} s, computing ${(again.compute / 1000).toFixed(1)} s, waiting for writes ${(again.writeWait / 1000).toFixed(1)} s; ${await cpuLine(cpu0, own0)})`,
      );
    }

    // 2. One competitor price change -> the product's new suggestion readable through the API.
    if (ONLY.has('change')) {
      // The updater as it runs in production: the `pricing.update` job on a job worker.
      const updater = await startWorker({ pool: db.pool, concurrency: 1, kinds: [PRICING_UPDATE, BENCH_OTHER_JOB] });
      // Measured in the steady state: once the worker has taken the job (it offers it at start).
      for (const started = performance.now(); updater.running().length === 0; ) {
        if (performance.now() - started > 30_000)
          throw new Error('the job worker did not start pricing.update within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const latencies: number[] = [];
      const otherWaits: number[] = [];
      try {
        const { rows: samples } = await db.pool.query<{ product_id: string; cp: string }>(
          `SELECT s.product_id, (SELECT cp.id FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id
                                  WHERE m.product_id = s.product_id AND cp.availability = 'in_stock' ORDER BY cp.price LIMIT 1) AS cp
           FROM price_suggestions s WHERE s.organization_website_id = $1 AND s.outcome = 'CHANGE_SUGGESTED' ORDER BY s.product_id LIMIT $2`,
          [site, Number(options.changes)],
        );
        const SUGGESTION = `query PriceSuggestion($productId: ID!) { priceSuggestion(productId: $productId) { suggestedPrice explanation { code price } } }`;
        for (const sample of samples) {
          if (!sample.cp) continue;
          const before = (await gql(SUGGESTION, { productId: sample.product_id })).priceSuggestion;
          const lowestBefore = before.explanation.find((s: { code: string }) => s.code === 'lowest').price as number;
          const start = performance.now();
          // 3 % under the lowest price the rule saw: the product's lowest price changes for certain.
          await db.pool.query(
            'UPDATE competitor_products SET price = round($2::numeric * 0.97, 2), seen_at = now() WHERE id = $1',
            [sample.cp, lowestBefore],
          );
          for (;;) {
            const now = (await gql(SUGGESTION, { productId: sample.product_id })).priceSuggestion;
            const lowest = now.explanation.find((s: { code: string }) => s.code === 'lowest').price as number;
            if (lowest !== lowestBefore) break;
            if (performance.now() - start > 30_000) {
              const dirty = (await db.pool.query('SELECT count(*)::int AS n FROM price_suggestion_dirty')).rows[0].n;
              const row = (
                await db.pool.query('SELECT explanation FROM price_suggestions WHERE product_id = $1', [
                  sample.product_id,
                ])
              ).rows[0];
              throw new Error(
                `no new suggestion within 30 s (dirty marks ${dirty}; lowest before ${lowestBefore}; stored ${JSON.stringify(row?.explanation)})`,
              );
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          latencies.push(performance.now() - start);
        }
        // The worker has one slot and pricing.update holds it while it works: another job queued
        // now starts once the loop waits (it holds no slot then) or, were it to hold the slot, when its window ends.
        for (let i = 0; i < 5; i += 1) {
          const start = performance.now();
          const done = new Promise<void>((resolve) => otherJobsDone.set(String(i), resolve));
          await enqueue(db.pool, BENCH_OTHER_JOB, { n: String(i) });
          await Promise.race([
            done,
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error('the other job did not run within 90 s')), 90_000),
            ),
          ]);
          otherWaits.push(performance.now() - start);
        }
      } finally {
        await updater.stop();
      }
      otherWaits.sort((a, b) => a - b);
      console.log(
        `${engine}: another job on the updater's one-slot worker, queued to done: p50 ${percentile(otherWaits, 50).toFixed(0)} ms, max ${otherWaits.at(-1)!.toFixed(0)} ms over ${otherWaits.length}  [pricing.update running; the worker polls every 1 s]`,
      );
      latencies.sort((a, b) => a - b);
      console.log(
        `${engine}: one competitor price change -> new suggestion readable: p50 ${percentile(latencies, 50).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms over ${latencies.length} changes  [goal <= 1 s; the pricing.update job polls every 250 ms]`,
      );
    }

    // 3. Affected count of a rule being edited.
    if (ONLY.has('count')) {
      const COUNT = `query PriceRuleAffectedCount($organizationWebsiteId: ID!, $products: PriceRuleProductsInput!) { priceRuleAffectedCount(organizationWebsiteId: $organizationWebsiteId, products: $products) }`;
      const filters = [
        {},
        { brands: ['Sony'] },
        { brands: ['Sony', 'JBL'], categories: ['Audio'] },
        { categories: ['Kitchen'], priceMin: 1000, priceMax: 5000 },
        { availability: 'IN_STOCK' },
        { brands: ['Husky'], availability: 'OUT_OF_STOCK', priceMax: 8000 },
        { priceMin: 15000 },
      ];
      const countTimes: number[] = [];
      for (let i = 0; i < 10; i += 1)
        await gql(COUNT, { organizationWebsiteId: site, products: filters[i % filters.length] });
      for (let i = 0; i < Number(options.counts); i += 1) {
        const start = performance.now();
        await gql(COUNT, { organizationWebsiteId: site, products: filters[i % filters.length] });
        countTimes.push(performance.now() - start);
      }
      countTimes.sort((a, b) => a - b);
      console.log(
        `${engine}: affected count: p50 ${percentile(countTimes, 50).toFixed(1)} ms, p95 ${percentile(countTimes, 95).toFixed(1)} ms over ${countTimes.length} requests  [goal p95 <= 200 ms]`,
      );
    }

    // 4. The products list sorted by the suggested change.
    if (ONLY.has('sort')) {
      const LIST = `query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort, $limit: Int!, $offset: Int!) {
        productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort, limit: $limit, offset: $offset) { data { id suggestedPrice } } }`;
      for (const filter of [null, { brand: 'Sony' }, { category: 'Audio' }]) {
        for (const sort of ['SUGGESTED_CHANGE_DESC', 'SUGGESTED_CHANGE_ASC']) {
          for (const offset of [0, 1000]) {
            const times: number[] = [];
            for (let i = 0; i < 6; i += 1) {
              const start = performance.now();
              await gql(LIST, { organizationWebsiteId: site, filter, sort, limit: 50, offset });
              if (i > 0) times.push(performance.now() - start);
            }
            times.sort((a, b) => a - b);
            console.log(
              `${engine}: products sorted ${sort}, filter ${JSON.stringify(filter)}, 50 at ${offset}: p50 ${percentile(times, 50).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms over ${times.length}`,
            );
          }
        }
      }
    }

    // 5. The price feed, streamed.
    if (ONLY.has('feed')) {
      const { rows: keys } = await db.pool.query('SELECT api_key FROM organization_websites WHERE id = $1', [site]);
      for (const format of ['csv', 'json']) {
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        const rssBefore = process.memoryUsage().rss;
        let heapPeak = heapBefore;
        let rssPeak = rssBefore;
        const start = performance.now();
        const response = await api.fetch(`http://bench/price-feed/${site}?format=${format}`, {
          headers: { 'x-api-key': keys[0].api_key },
        });
        if (response.status !== 200) throw new Error(`feed ${format}: ${response.status}`);
        const reader = response.body!.getReader();
        let bytes = 0;
        let newlines = 0;
        let braces = 0;
        // RSS growth over the stream, every fifth of the rows: flat means it stops growing.
        const rssSteps: string[] = [];
        const step = Math.max(1, Math.floor(PRODUCTS / 5));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.length;
          for (const byte of value) {
            if (byte === 10) newlines += 1;
            if (byte === 123) braces += 1;
          }
          const usage = process.memoryUsage();
          heapPeak = Math.max(heapPeak, usage.heapUsed);
          rssPeak = Math.max(rssPeak, usage.rss);
          const sofar = format === 'csv' ? newlines : braces;
          if (sofar >= (rssSteps.length + 1) * step) {
            // With --expose-gc (NODE_OPTIONS), the heap still in use after a collection: what the stream holds.
            global.gc?.();
            const live = global.gc ? ` heap ${mb(process.memoryUsage().heapUsed - heapBefore)}` : '';
            rssSteps.push(`RSS +${mb(usage.rss - rssBefore)}${live}`);
          }
        }
        const rows = format === 'csv' ? newlines - 1 : braces - 1;
        console.log(
          `${engine}: price feed ${format}: ${rows} rows, ${mb(bytes)} in ${((performance.now() - start) / 1000).toFixed(1)} s; heap ${mb(heapBefore)} -> peak ${mb(heapPeak)} (+${mb(heapPeak - heapBefore)}), RSS +${mb(rssPeak - rssBefore)}; after each fifth of the rows: ${rssSteps.join('; ')}  [goal: flat]`,
        );
      }
    }
  } finally {
    await closeQueueOf(db.pool);
    // Closes the database too (a kept one's pool, or the scratch one's before it is dropped).
    await cleanup();
  }
}

const engines = options.engine === 'both' ? ['postgres', 'pglite'] : [options.engine!];
for (const engine of engines) {
  try {
    await run(engine);
  } catch (error) {
    console.error(`${engine}: benchmark failed:`, error);
    process.exitCode = 1;
  }
}
