/**
 * `npm run bench:matching-queue -- [--engine pglite|postgres|both] [--requests 300]
 *  [--products 100000] [--competitor-products 250000] [--competitors 4] [--extra-candidates 2] [--keep]`
 *
 * The matching queue at scale: for each engine it migrates, seeds the demo data, generates the
 * benchmark catalogue (seedCatalogueScale: 100,000 products, 4 x 250,000 competitor products,
 * their pairs) on a new website, adds `--extra-candidates` more candidates waiting to match per
 * competitor to every third product (the engine's next-best guesses), then sends through the API
 * in process (token check, policy, tenant scope, SQL, serialization), one at a time after a
 * warm-up:
 *   - queue pages (MatchingQueue, 20 rows with total and counts: first page, page 10, filtered by
 *     brand, category, competitor, competitor + brand);
 *   - the candidates of one product (MatchingProduct: attributes, every pair per competitor with
 *     evidence and price difference), for products drawn from the queue.
 * It prints p50/p95 of each. Goals: queue page p95 <= 20 ms, candidates of one product p95 <= 30 ms.
 * --keep keeps the scratch database (PostgreSQL: bench_matching_queue; PGlite:
 * $TMPDIR/bench-matching-queue-pglite) and reuses it on the next run (no new seed).
 */
import { parseArgs } from 'node:util';
import { createTokenVerifier } from '../../packages/firebase-token/index.ts';
import { loadAccessControl } from '../src/access.ts';
import { createApi } from '../src/app.ts';
import type { Database, Engine } from '../src/db/database.ts';
import { type BenchDatabase, openBenchDatabase, postgresReachable } from './harness.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedCatalogueScale, SCALE_SIZE } from '../src/seed/catalogue-demo.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '300' },
    products: { type: 'string', default: String(SCALE_SIZE.products) },
    'competitor-products': { type: 'string', default: String(SCALE_SIZE.competitorProducts) },
    competitors: { type: 'string', default: String(SCALE_SIZE.competitors) },
    'extra-candidates': { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(options.requests);
const PROJECT_ID = 'demo-price-console';

const QUEUE = `query MatchingQueue($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $limit: Int!, $offset: Int!) {
  matchingQueue(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
    data { product { id itemId name brand ean price currency imageUrl } candidates bestScore priceGapPercent waitingSince priority lease { userId mine expiresAt } }
    meta { pagination { total totalIsEstimate } counts { matched waitingToMatch waitingToConfirm skipped neverMatch expired } } } }`;
const PRODUCT = `query MatchingProduct($productId: ID!) { matchingProduct(productId: $productId) {
  product { id itemId name brand ean mpn category price currency imageUrl url } waitingToMatch lease { userId mine expiresAt }
  competitors { competitor { id name } matchingMode pairs { id status stage version score priceDifference priceDifferencePercent updatedAt
    evidence { gtinEqual mpnEqual brandEqual nameSimilarity sharedWords sharedModelNumbers }
    competitorProduct { id externalId name brand ean mpn price currency availability url seenAt } } } } }`;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function token(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ email, aud: PROJECT_ID, iss: `https://securetoken.google.com/${PROJECT_ID}`, sub: uid, iat: now, exp: now + 7200 })}.`;
}

async function openEngine(name: string): Promise<BenchDatabase | null> {
  if (name === 'postgres' && !(await postgresReachable())) return null;
  return openBenchDatabase(name as Engine, 'bench_matching_queue', options.keep);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const lastSeed = { catalogue: 0, extra: 0 };

/** The benchmark website: the scale catalogue and the extra candidates. */
async function seedBench(db: Database): Promise<string> {
  await seedDemoData(db.pool, { websites: 20 });
  const site = (
    await db.pool.query(
      `WITH w AS (INSERT INTO websites (name, url) VALUES ('Bench Queue Shop', 'https://bench-queue-shop.example') RETURNING id)
     INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Bench Queue Shop' FROM organizations o, w WHERE o.slug = 'northwind' RETURNING id`,
    )
  ).rows[0].id as string;
  let started = performance.now();
  await seedCatalogueScale(db.pool, site, {
    products: Number(options.products),
    competitorProducts: Number(options['competitor-products']),
    competitors: Number(options.competitors),
    history: 0,
  });
  const seedSeconds = (performance.now() - started) / 1000;
  // More candidates waiting to match: for every third product, the next competitor products
  // by external id at each competitor (plausible neighbours), with lower scores.
  started = performance.now();
  const competitors = (
    await db.pool.query(
      `SELECT c.id, (SELECT split_part(external_id, '-', 1) FROM competitor_products WHERE competitor_id = c.id LIMIT 1) AS prefix
       FROM competitors c WHERE c.organization_website_id = $1`,
      [site],
    )
  ).rows;
  for (const competitor of competitors) {
    await db.pool.query(
      `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, score, evidence)
       SELECT p.id, cp.id, $2, 'WAITING', 0.3 + k * 0.1 + (hashtext(p.item_id) & 63) / 200.0, '{"nameSimilarity": 0.4}'
         FROM products p
        CROSS JOIN generate_series(1, $4::int) k
         JOIN competitor_products cp ON cp.competitor_id = $2 AND cp.external_id = $3 || '-' || ((substr(p.item_id, 5))::int + k)
        WHERE p.organization_website_id = $1 AND (substr(p.item_id, 5))::int % 3 = 0
       ON CONFLICT (product_id, competitor_product_id) DO NOTHING`,
      [site, competitor.id, competitor.prefix, Number(options['extra-candidates'])],
    );
  }
  await db.pool.query('VACUUM ANALYZE products, product_matches, matching_queue, matching_statistics_deltas');
  const extraSeconds = (performance.now() - started) / 1000;
  lastSeed.catalogue = seedSeconds;
  lastSeed.extra = extraSeconds;
  return site;
}

async function run(engine: string) {
  const opened = await openEngine(engine);
  if (!opened) return;
  const { db, cleanup } = opened;
  try {
    await migrate(db.pool);
    const kept = (await db.pool.query(`SELECT id FROM organization_websites WHERE name = 'Bench Queue Shop'`)).rows[0]
      ?.id as string | undefined;
    const site = kept ?? (await seedBench(db));
    const seedSeconds = kept ? 0 : lastSeed.catalogue;
    const extraSeconds = kept ? 0 : lastSeed.extra;
    const counts = (
      await db.pool.query(
        `SELECT (SELECT count(*)::int FROM products WHERE organization_website_id = $1) AS products,
              (SELECT count(*)::int FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1) AS competitor_products,
              (SELECT count(*)::int FROM product_matches m JOIN competitors c ON c.id = m.competitor_id WHERE c.organization_website_id = $1) AS pairs,
              (SELECT count(*)::int FROM products WHERE organization_website_id = $1 AND queue_candidates > 0) AS queued`,
        [site],
      )
    ).rows[0];
    console.log(
      `\n${engine}: ${counts.products} products, ${counts.competitor_products} competitor products, ${counts.pairs} pairs, ${counts.queued} products in the queue (catalogue ${seedSeconds.toFixed(1)} s, extra candidates ${extraSeconds.toFixed(1)} s)`,
    );

    const api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
      environment: 'production',
    });
    const bearer = `Bearer ${token('demo-owner', 'owner@demo.test')}`;
    const send = async (query: string, operationName: string, variables: Record<string, unknown>) => {
      const t0 = performance.now();
      const response = await api.fetch('http://bench/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: bearer },
        body: JSON.stringify({ operationName, query, variables }),
      });
      const body = (await response.json()) as { data?: any; errors?: unknown };
      if (response.status !== 200 || body.errors || !body.data)
        throw new Error(`${operationName}: ${response.status} ${JSON.stringify(body.errors)}`);
      return { elapsed: performance.now() - t0, data: body.data };
    };
    const sample = (
      await db.pool.query(
        `SELECT p.brand, p.category, (SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY name, id LIMIT 1) AS competitor
         FROM products p WHERE p.organization_website_id = $1 AND p.queue_candidates > 0 AND p.brand IS NOT NULL ORDER BY p.item_id OFFSET 100 LIMIT 1`,
        [site],
      )
    ).rows[0];
    const kinds: Array<[string, Record<string, unknown>]> = [
      ['first page', {}],
      ['page 10', { offset: 180 }],
      ['brand', { filter: { brand: sample.brand } }],
      ['category', { filter: { category: sample.category } }],
      ['competitor', { filter: { competitorId: sample.competitor } }],
      ['competitor + brand', { filter: { competitorId: sample.competitor, brand: sample.brand } }],
    ];
    const queued = (
      await db.pool.query<{ id: string }>(
        `SELECT id FROM products WHERE organization_website_id = $1 AND queue_candidates > 0 ORDER BY md5(id::text) LIMIT 500`,
        [site],
      )
    ).rows.map((r) => r.id);
    const times = new Map<string, number[]>([
      ...kinds.map(([name]) => [name, []] as [string, number[]]),
      ['candidates of one product', []],
    ]);
    const totals = new Map<string, string>();
    const queuePage = async (i: number) => {
      const [name, variables] = kinds[i % kinds.length]!;
      const { elapsed, data } = await send(QUEUE, 'MatchingQueue', {
        organizationWebsiteId: site,
        limit: 20,
        offset: 0,
        ...variables,
      });
      const p = data.matchingQueue.meta.pagination;
      totals.set(name, `${p.totalIsEstimate ? '~' : ''}${p.total}`);
      return { name, elapsed };
    };
    const productDetail = async (i: number) => {
      const { elapsed, data } = await send(PRODUCT, 'MatchingProduct', { productId: queued[i % queued.length] });
      totals.set(
        'candidates of one product',
        `${data.matchingProduct.competitors.reduce((n: number, c: any) => n + c.pairs.length, 0)} pairs`,
      );
      return elapsed;
    };
    for (let i = 0; i < 20; i += 1) {
      await queuePage(i);
      await productDetail(i);
    }
    for (let i = 0; i < REQUESTS; i += 1) {
      const { name, elapsed } = await queuePage(i);
      times.get(name)!.push(elapsed);
      times.get('candidates of one product')!.push(await productDetail(i + 20));
    }
    const allQueue = [...times]
      .filter(([name]) => name !== 'candidates of one product')
      .flatMap(([, list]) => list)
      .sort((a, b) => a - b);
    console.log(`  ${'request'.padEnd(28)} ${'total'.padStart(9)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}`);
    for (const [name, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(28)} ${(totals.get(name) ?? '').padStart(9)} ${`${percentile(sorted, 50).toFixed(1)} ms`.padStart(9)} ${`${percentile(sorted, 95).toFixed(1)} ms`.padStart(9)}`,
      );
    }
    console.log(
      `  ${'ALL queue pages'.padEnd(28)} ${''.padStart(9)} ${`${percentile(allQueue, 50).toFixed(1)} ms`.padStart(9)} ${`${percentile(allQueue, 95).toFixed(1)} ms`.padStart(9)}  (goal p95 <= 20 ms; candidates of one product p95 <= 30 ms)`,
    );
  } finally {
    await db.close();
    await cleanup();
  }
}

const engines = options.engine === 'both' ? ['postgres', 'pglite'] : [options.engine];
for (const engine of engines) await run(engine);
process.exit(0);
