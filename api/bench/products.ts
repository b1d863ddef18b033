/**
 * Benchmark of the products list (ProductList) at 100,000 products and 1,000,000 competitor
 * products on one organization website.
 *
 *   pnpm --filter @console/api exec tsx bench/products.ts [--engine pglite|postgres|both]
 *        [--requests 400] [--products 100000] [--competitor-products 250000] [--competitors 4] [--keep]
 *
 * For each engine (PGlite in a temporary directory, in its own process as the API runs it;
 * PostgreSQL in a scratch database when reachable) it migrates, seeds the demo data, generates
 * the catalogue in SQL (seedCatalogueScale: generate_series, no round trips per row) for a new
 * website of the demo Owner's organization, and sends ProductList requests as the console does
 * (a 20-row page with its total) through the API in process (yoga.fetch: token check, policy,
 * tenant scope, SQL, serialization), one at a time after a warm-up of 20. It prints the seed
 * time and p50/p95 per kind of request and over all, with the CPU time per request of this
 * process (API and client) and of the PGlite process. The goal: p95 <= 50 ms.
 * --keep keeps the scratch database (PostgreSQL: bench_products; PGlite: $TMPDIR/bench-products-pglite)
 * and reuses it on the next run (no new seed), for EXPLAIN ANALYZE by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchApi } from './api-client.ts';
import type { Engine } from '../src/db/database.ts';
import { type BenchDatabase, openBenchDatabase } from './harness.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedCatalogueScale, SCALE_SIZE } from '../src/seed/catalogue-demo.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '400' },
    products: { type: 'string', default: String(SCALE_SIZE.products) },
    'competitor-products': { type: 'string', default: String(SCALE_SIZE.competitorProducts) },
    competitors: { type: 'string', default: String(SCALE_SIZE.competitors) },
    keep: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(options.requests);
const PROJECT_ID = 'demo-price-console';
const OWNER = 'demo-owner';

const LIST = `query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort, $limit: Int!, $offset: Int!) {
  productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort, limit: $limit, offset: $offset) {
    data { id itemId name brand ean price currency competitorMinPrice competitorAvgPrice pricePosition { difference percent } diffRating recencyContrast matchedCount waitingCount }
    meta { pagination { total totalIsEstimate } } } }`;

/** The request kinds: what the products page asks for, each a 20-row page with its total. */
function kinds(sample: { brand: string; category: string; ean: string }): Array<[string, Record<string, unknown>]> {
  return [
    ['first page', { sort: 'NAME_ASC' }],
    ['brand', { filter: { brand: sample.brand } }],
    ['category + sort price', { filter: { category: sample.category }, sort: 'PRICE_DESC' }],
    ['has matched', { filter: { matchingStatus: 'HAS_MATCHED' } }],
    ['waiting, by position', { filter: { matchingStatus: 'HAS_WAITING' }, sort: 'PRICE_POSITION_DESC' }],
    ['none matched', { filter: { matchingStatus: 'NONE' } }],
    ['rating high', { filter: { diffRating: 'high' }, sort: 'PRICE_POSITION_DESC' }],
    ['rating normal', { filter: { diffRating: 'normal' } }],
    ['search name', { filter: { search: 'Sony' } }],
    ['search EAN', { filter: { search: sample.ean } }],
    ['brand + matched, page 10', { filter: { brand: sample.brand, matchingStatus: 'HAS_MATCHED' }, offset: 180 }],
    ['sort competitor min', { sort: 'COMPETITOR_MIN_PRICE_ASC' }],
  ];
}

function openEngine(name: string): Promise<BenchDatabase> {
  return openBenchDatabase(name as Engine, 'bench_products', options.keep);
}

/** CPU seconds used so far by this process's children (the PGlite process), from /proc. */
function childCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid) total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone
    }
  }
  return total;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function run(engine: string) {
  const { db, cleanup } = await openEngine(engine);
  try {
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 20 });
    const kept = await db.pool.query(`SELECT ow.id FROM organization_websites ow WHERE ow.name = 'Bench Shop'`);
    const site: string =
      kept.rows[0]?.id ??
      (
        await db.pool.query(
          `WITH w AS (INSERT INTO websites (name, url) VALUES ('Bench Shop', 'https://bench-shop.example') RETURNING id)
         INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Bench Shop' FROM organizations o, w WHERE o.slug = 'northwind' RETURNING id`,
        )
      ).rows[0].id;
    const started = performance.now();
    await seedCatalogueScale(db.pool, site, {
      products: Number(options.products),
      competitorProducts: Number(options['competitor-products']),
      competitors: Number(options.competitors),
      history: 0,
    });
    const seconds = (performance.now() - started) / 1000;
    const counts = (
      await db.pool.query(
        `SELECT (SELECT count(*)::int FROM products WHERE organization_website_id = $1) AS products,
              (SELECT count(*)::int FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1) AS competitor_products,
              (SELECT count(*)::int FROM product_matches) AS matches`,
        [site],
      )
    ).rows[0];
    console.log(
      `\n${engine}: generated ${counts.products} products, ${counts.competitor_products} competitor products, ${counts.matches} matches in ${seconds.toFixed(1)} s`,
    );
    const sample = (
      await db.pool.query(
        `SELECT brand, category, substr(gtin, 2) AS ean FROM products WHERE organization_website_id = $1 AND gtin IS NOT NULL ORDER BY item_id OFFSET 500 LIMIT 1`,
        [site],
      )
    ).rows[0];

    const { api, token } = await benchApi(db.pool, { projectId: PROJECT_ID, uid: OWNER, email: 'owner@demo.test' });
    const mix = kinds(sample);
    const times = new Map<string, number[]>(mix.map(([name]) => [name, []]));
    const totals = new Map<string, string>();
    const request = async (i: number) => {
      const [name, variables] = mix[i % mix.length]!;
      const t0 = performance.now();
      const response = await api.fetch('http://bench/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          operationName: 'ProductList',
          query: LIST,
          variables: { organizationWebsiteId: site, limit: 20, offset: 0, ...variables },
        }),
      });
      const body = (await response.json()) as {
        data?: { productList: { data: unknown[]; meta: { pagination: { total: number; totalIsEstimate: boolean } } } };
        errors?: unknown;
      };
      const elapsed = performance.now() - t0;
      if (response.status !== 200 || body.errors || !body.data)
        throw new Error(`${name}: ${response.status} ${JSON.stringify(body.errors)}`);
      const p = body.data.productList.meta.pagination;
      totals.set(name, `${p.totalIsEstimate ? '~' : ''}${p.total}`);
      return { name, elapsed };
    };
    for (let i = 0; i < 20; i += 1) await request(i);
    const cpuBefore = process.cpuUsage();
    const childBefore = childCpu();
    const all: number[] = [];
    // CPU per kind: this process (API and client) and the PGlite process (10 ms ticks, summed).
    const cpuOfKind = new Map<string, { api: number; pglite: number }>(
      mix.map(([name]) => [name, { api: 0, pglite: 0 }]),
    );
    for (let i = 0; i < REQUESTS; i += 1) {
      const apiBefore = process.cpuUsage();
      const pgliteBefore = engine === 'pglite' ? childCpu() : 0;
      const { name, elapsed } = await request(i);
      const apiUsed = process.cpuUsage(apiBefore);
      const spent = cpuOfKind.get(name)!;
      spent.api += (apiUsed.user + apiUsed.system) / 1e3;
      if (engine === 'pglite') spent.pglite += (childCpu() - pgliteBefore) * 1e3;
      times.get(name)!.push(elapsed);
      all.push(elapsed);
    }
    console.log(
      `  ${'kind'.padEnd(28)} ${'total'.padStart(9)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}   CPU per request: API${engine === 'pglite' ? ', PGlite' : ''}`,
    );
    for (const [name, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      const spent = cpuOfKind.get(name)!;
      console.log(
        `  ${name.padEnd(28)} ${totals.get(name)!.padStart(9)} ${ms(percentile(sorted, 50)).padStart(10)} ${ms(percentile(sorted, 95)).padStart(10)}   ` +
          `${ms(spent.api / list.length)}${engine === 'pglite' ? `, ${ms(spent.pglite / list.length)}` : ''}`,
      );
    }
    const sorted = all.sort((a, b) => a - b);
    const cpu = process.cpuUsage(cpuBefore);
    const perRequest = (seconds: number) => `${((seconds * 1000) / REQUESTS).toFixed(1)} ms`;
    console.log(
      `  ${'ALL'.padEnd(28)} ${''.padStart(9)} ${ms(percentile(sorted, 50)).padStart(10)} ${ms(percentile(sorted, 95)).padStart(10)}  (${REQUESTS} requests; ` +
        `CPU per request: API ${perRequest((cpu.user + cpu.system) / 1e6)}${engine === 'pglite' ? `, PGlite ${perRequest(childCpu() - childBefore)}` : ''})`,
    );
  } finally {
    await db.close();
    await cleanup();
  }
}

const engines = options.engine === 'both' ? ['postgres', 'pglite'] : [options.engine];
for (const engine of engines) await run(engine);
