/**
 * `npm run bench:matching -- [options]`: the throughput of a full matching run at 100,000
 * products and 1,000,000 competitor products (4 competitors x 250,000), on PGlite (in its own
 * process, as the API runs it) and on PostgreSQL (a scratch database, when reachable).
 *
 *   --engine pglite|postgres|both   (both)
 *   --products 100000 --competitor-products 250000 --competitors 4   the catalogue (per competitor)
 *   --sample N      the run matches only the first N of our products (the others inactive); the
 *                   competitor side stays whole, so per-product figures hold for the whole run
 *   --latency N     time the top-10 candidates of N single products at the first competitor (200; 0: off)
 *   --keep          keep the scratch database (PostgreSQL: bench_matching; PGlite:
 *                   $TMPDIR/bench-matching-pglite) and reuse it next time (no new catalogue)
 *
 * The catalogue is the products benchmark's generator (seedCatalogueScale, api/src/seed/
 * catalogue-demo.ts), its pre-made pairs removed so the run matches from scratch. Printed: the
 * catalogue's time; building the matching keys (normalization of every row, done once, then only
 * for changed rows); the full run (products/s, product x competitor checks/s, candidates,
 * automatic matches, requests for confirmation); the same run again (nothing changed); an
 * incremental run after 1% of the products changed.
 */
import { parseArgs } from 'node:util';
import type { Database } from '../src/db/database.ts';
import { openBenchDatabase } from './harness.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedCatalogueScale, SCALE_SIZE, type CatalogueSize } from '../src/seed/catalogue-demo.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import {
  loadBrandIndex,
  recountTerms,
  refreshCompetitorKeys,
  refreshProductKeys,
  termsUpToDate,
} from '../src/matching/runs/keys.ts';
import { findRun, matchingSettled, recordChanges, requestRun } from '../src/matching/runs/queue.ts';
import {
  brandSizes,
  CompetitorStatistics,
  loadQueryProducts,
  scoreCandidates,
} from '../src/matching/runs/candidates.ts';
import { DEFAULT_SETTINGS } from '../src/matching/runs/settings.ts';
import { DEFAULT_MODEL } from '../src/matching/default-model.ts';

const SITE_NAME = 'Bench Matching Shop';

export type BenchEngine = 'pglite' | 'postgres';

/**
 * The benchmark website (northwind's 'Bench Matching Shop') with the scale catalogue and no
 * pairs yet; an existing one (--keep) is reused as it is. Returns its id and the seconds spent.
 */
async function prepareMatchingBench(
  db: Database,
  size: CatalogueSize = SCALE_SIZE,
): Promise<{ siteId: string; seconds: number; reused: boolean }> {
  const started = performance.now();
  await migrate(db.pool);
  await seedDemoData(db.pool, { websites: 20 });
  const kept = await db.pool.query<{ id: string }>('SELECT id FROM organization_websites WHERE name = $1', [SITE_NAME]);
  if (kept.rows[0]) {
    // A kept catalogue (and its matching keys) is matched again from scratch.
    const siteId = kept.rows[0].id;
    await db.pool.query(
      'DELETE FROM product_matches m USING products p WHERE p.id = m.product_id AND p.organization_website_id = $1',
      [siteId],
    );
    await db.pool.query('DELETE FROM matching_runs WHERE organization_website_id = $1', [siteId]);
    await db.pool.query(
      `UPDATE products SET name = regexp_replace(name, '( v2)+$', '') WHERE organization_website_id = $1 AND name LIKE '% v2'`,
      [siteId],
    );
    await db.pool.query('VACUUM ANALYZE product_matches');
    return { siteId, seconds: (performance.now() - started) / 1000, reused: true };
  }
  const { rows } = await db.pool.query<{ id: string }>(
    `WITH w AS (INSERT INTO websites (name, url) VALUES ($1, 'https://bench-matching.shop.example') RETURNING id)
     INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, $1 FROM organizations o, w WHERE o.slug = 'northwind' RETURNING id`,
    [SITE_NAME],
  );
  const siteId = rows[0]!.id;
  await seedCatalogueScale(db.pool, siteId, size);
  // The generator pairs products in advance (for the products list); matching starts from none.
  await db.pool.query(
    'DELETE FROM product_matches m USING products p WHERE p.id = m.product_id AND p.organization_website_id = $1',
    [siteId],
  );
  await db.pool.query(
    'SELECT refresh_product_rollups(array(SELECT id FROM products WHERE organization_website_id = $1))',
    [siteId],
  );
  await db.pool.query('VACUUM ANALYZE products, product_matches, competitor_products');
  return { siteId, seconds: (performance.now() - started) / 1000, reused: false };
}

const rate = (n: number, seconds: number) => `${Math.round(n / seconds).toLocaleString('en-US')}/s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function runToEnd(db: Database, request: () => Promise<string>) {
  const started = performance.now();
  const id = await request();
  await matchingSettled(db.pool);
  const seconds = (performance.now() - started) / 1000;
  const run = (await findRun(db.pool, id))!;
  if (run.status !== 'succeeded') throw new Error(`run ${id} ${run.status}: ${run.error_message}`);
  return { run, seconds };
}

async function bench(
  engine: BenchEngine,
  options: { size: CatalogueSize; sample: number | null; keep: boolean; latency: number },
) {
  const { db, cleanup } = await openBenchDatabase(engine, 'bench_matching', options.keep);
  const label = `${engine.padEnd(8)} `;
  try {
    const prepared = await prepareMatchingBench(db, options.size);
    const siteId = prepared.siteId;
    const counts = (
      await db.pool.query(
        `SELECT (SELECT count(*)::int FROM products WHERE organization_website_id = $1) AS products,
              (SELECT count(*)::int FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1) AS offers,
              (SELECT count(*)::int FROM competitors WHERE organization_website_id = $1) AS competitors`,
        [siteId],
      )
    ).rows[0];
    console.log(
      `\n${label}catalogue: ${counts.products.toLocaleString('en-US')} products, ${counts.offers.toLocaleString('en-US')} competitor products at ${counts.competitors} competitors (${prepared.reused ? 'reused' : `generated in ${prepared.seconds.toFixed(1)} s`})`,
    );
    const sample = options.sample ?? counts.products;
    await db.pool.query(
      `UPDATE products SET active = (item_id <= 'SKU-' || lpad($2::text, 6, '0')) WHERE organization_website_id = $1`,
      [siteId, sample],
    );
    const active = (
      await db.pool.query('SELECT count(*)::int AS n FROM products WHERE organization_website_id = $1 AND active', [
        siteId,
      ])
    ).rows[0].n as number;

    // Matching keys: every row normalized once (a run does this for stale rows first).
    let started = performance.now();
    const brands = await loadBrandIndex(db.pool, siteId);
    const products = (await refreshProductKeys(db.pool, siteId, brands)).length;
    const productSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    let offers = 0;
    for (const { id } of (
      await db.pool.query('SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY id', [siteId])
    ).rows) {
      const counted = await termsUpToDate(db.pool, id);
      offers += (await refreshCompetitorKeys(db.pool, id, brands, { countTerms: counted })).changed.length;
      if (!counted) await recountTerms(db.pool, id);
    }
    const offerSeconds = (performance.now() - started) / 1000;
    console.log(
      `${label}matching keys: ${products.toLocaleString('en-US')} products in ${productSeconds.toFixed(1)} s (${rate(products, productSeconds)}), ` +
        `${offers.toLocaleString('en-US')} competitor products in ${offerSeconds.toFixed(1)} s (${rate(offers, offerSeconds)})`,
    );

    // Scoring latency: the top-10 candidates of one product at one competitor, product by product
    // (the learned model, runs/candidates.ts), as a product page or an incremental run asks.
    if (options.latency > 0) {
      const competitor = (
        await db.pool.query('SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY id LIMIT 1', [
          siteId,
        ])
      ).rows[0].id as string;
      const competitorSize = (
        await db.pool.query('SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1', [competitor])
      ).rows[0].n as number;
      const ids = (
        await db.pool.query(
          'SELECT id FROM products WHERE organization_website_id = $1 AND active ORDER BY item_id LIMIT $2',
          [siteId, options.latency],
        )
      ).rows.map((r) => r.id as string);
      const statistics = await CompetitorStatistics.load(db.pool, competitor);
      const sizes = await brandSizes(db.pool, competitor);
      const times: number[] = [];
      for (const id of ids) {
        const began = performance.now();
        const [product] = await loadQueryProducts(db.pool, [id]);
        if (!product) continue;
        const lists = await scoreCandidates(db.pool, competitor, [product], statistics, sizes, DEFAULT_SETTINGS.limits);
        void (lists.get(product.id) ?? []).slice(0, 10);
        times.push(performance.now() - began);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
      console.log(
        `${label}top-10 candidates for one product at a competitor of ${competitorSize.toLocaleString('en-US')} products (${DEFAULT_MODEL.version}): ` +
          `${times.length} products, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(times.at(-1) ?? NaN).toFixed(1)} ms (the first products read the term counts)`,
      );
    }

    // The full run.
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 250);
    const full = await runToEnd(
      db,
      async () =>
        (await requestRun(db.pool, { websiteId: siteId, competitorId: null, trigger: 'manual', startedBy: null })).run
          .id,
    );
    clearInterval(sampler);
    const checks = full.run.products_total * counts.competitors;
    console.log(
      `${label}FULL RUN: ${full.run.products_total.toLocaleString('en-US')} products x ${counts.competitors} competitors in ${full.seconds.toFixed(1)} s = ` +
        `${(full.run.products_total / full.seconds).toFixed(1)} products/s (${rate(checks, full.seconds)} product x competitor checks); ` +
        `candidates ${full.run.candidates_created.toLocaleString('en-US')}, matched automatically ${full.run.matched_automatically.toLocaleString('en-US')}, ` +
        `sent to confirmation ${full.run.sent_to_confirmation.toLocaleString('en-US')}; API RSS peak ${mb(peak)}` +
        (active < counts.products
          ? ` [sample: ${active.toLocaleString('en-US')} of ${counts.products.toLocaleString('en-US')} products active]`
          : ''),
    );

    // The same run again: every product is searched again, nothing is written.
    const again = await runToEnd(
      db,
      async () =>
        (await requestRun(db.pool, { websiteId: siteId, competitorId: null, trigger: 'manual', startedBy: null })).run
          .id,
    );
    console.log(
      `${label}same run again: ${(again.run.products_total / again.seconds).toFixed(1)} products/s, ${again.run.candidates_created} new candidates, ${again.run.candidates_updated} updated`,
    );

    // 1% of the products change their names: an incremental run.
    const changed = Math.max(1, Math.round(active / 100));
    await db.pool.query(
      `UPDATE products SET name = name || ' v2', updated_at = now() WHERE id IN (SELECT id FROM products WHERE organization_website_id = $1 AND active ORDER BY item_id LIMIT $2)`,
      [siteId, changed],
    );
    const incremental = await runToEnd(db, () => recordChanges(db.pool, { websiteId: siteId, competitorId: null }));
    console.log(
      `${label}incremental run after ${changed.toLocaleString('en-US')} changed products: ${incremental.run.products_total.toLocaleString('en-US')} products in ${incremental.seconds.toFixed(1)} s`,
    );
  } finally {
    // Closes the database (and discards it unless kept).
    await cleanup();
  }
}

// Run by scripts/bench-matching.ts (`npm run bench:matching`).
{
  process.env.NODE_ENV ??= 'production';
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      products: { type: 'string', default: String(SCALE_SIZE.products) },
      'competitor-products': { type: 'string', default: String(SCALE_SIZE.competitorProducts) },
      competitors: { type: 'string', default: String(SCALE_SIZE.competitors) },
      sample: { type: 'string' },
      keep: { type: 'boolean', default: false },
      latency: { type: 'string', default: '200' },
    },
  });
  const size: CatalogueSize = {
    products: Number(values.products),
    competitorProducts: Number(values['competitor-products']),
    competitors: Number(values.competitors),
    history: 0,
  };
  const engines: BenchEngine[] = values.engine === 'both' ? ['postgres', 'pglite'] : [values.engine as BenchEngine];
  for (const engine of engines) {
    await bench(engine, {
      size,
      sample: values.sample ? Number(values.sample) : null,
      keep: values.keep,
      latency: Number(values.latency),
    });
  }
}
