/**
 * Where the time of one product's top-10 candidates goes (`npm run bench:matching`'s latency
 * figure), phase by phase, on the catalogue `bench:matching -- --keep` left behind (run that
 * first with the same engine):
 *
 *   cd api && npx tsx bench/matching-profile.ts [--engine postgres|pglite] [--products 200] [--explain 2]
 *
 * Phases per product: reading its keys, the candidate statement (and, apart, its searches alone:
 * identifiers, names within the brand, names across brands), reading term counts, scoring. Prints
 * p50 / p95 of each, and EXPLAIN ANALYZE of the statement for the first --explain products.
 */
import { parseArgs } from 'node:util';
import { machineLine, openBenchDatabase } from './harness.ts';
import {
  brandSizes,
  CANDIDATE_SQL,
  CompetitorStatistics,
  loadQueryProducts,
  readTermCounts,
  scoreFound,
  searchCandidates,
} from '../src/matching/runs/candidates.ts';
import { DEFAULT_SETTINGS } from '../src/matching/runs/settings.ts';
import { migrate } from '../src/db/migrate.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    products: { type: 'string', default: '200' },
    explain: { type: 'string', default: '0' },
  },
});
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';
const { db, cleanup } = await openBenchDatabase(engine, 'bench_matching', true);
try {
  await migrate(db.pool);
  console.log(machineLine());
  const site = (
    await db.pool.query<{ id: string }>("SELECT id FROM organization_websites WHERE name = 'Bench Matching Shop'")
  ).rows[0];
  if (!site) throw new Error('no benchmark catalogue: run npm run bench:matching -- --keep first');
  const competitor = (
    await db.pool.query<{ id: string }>(
      'SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY id LIMIT 1',
      [site.id],
    )
  ).rows[0]!.id;
  const ids = (
    await db.pool.query<{ id: string }>(
      'SELECT product_id AS id FROM product_matching_keys k JOIN products p ON p.id = k.product_id WHERE p.organization_website_id = $1 AND p.active ORDER BY p.item_id LIMIT $2',
      [site.id, Number(values.products)],
    )
  ).rows.map((r) => r.id);
  const statistics = await CompetitorStatistics.load(db.pool, competitor);
  const sizes = await brandSizes(db.pool, competitor);
  const limits = DEFAULT_SETTINGS.limits;
  const phases: Record<string, number[]> = { keys: [], statement: [], terms: [], score: [], total: [], rows: [] };
  for (const [n, id] of ids.entries()) {
    const t0 = performance.now();
    const products = await loadQueryProducts(db.pool, [id]);
    const t1 = performance.now();
    const rows = await searchCandidates(db.pool, competitor, products, sizes, limits);
    const t2 = performance.now();
    await readTermCounts(db.pool, products, rows, statistics);
    const t3 = performance.now();
    scoreFound(products, rows, statistics);
    const t4 = performance.now();
    phases.keys!.push(t1 - t0);
    phases.statement!.push(t2 - t1);
    phases.terms!.push(t3 - t2);
    phases.score!.push(t4 - t3);
    phases.total!.push(t4 - t0);
    phases.rows!.push(rows.length);
    if (n < Number(values.explain) && products[0]) {
      const p = products[0];
      const plan = await db.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${CANDIDATE_SQL}`, [
        JSON.stringify([
          {
            i: 0,
            product_id: p.id,
            name: p.normalizedName,
            brand: p.brand,
            gtin: p.gtin,
            codes: p.nameCodes,
            variants: p.codeVariants,
            wide: !p.brand || (sizes.get(p.brand) ?? 0) < limits.nameLimit,
          },
        ]),
        competitor,
        limits.nameLimit,
        limits.codeLimit,
        limits.wideLimit,
      ]);
      console.log(`\n${p.normalizedName} (brand ${p.brand}, codes ${p.nameCodes.join(' ')})`);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
  const at = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  };
  for (const [phase, times] of Object.entries(phases)) {
    const unit = phase === 'rows' ? '' : ' ms';
    console.log(
      `${phase.padEnd(10)} p50 ${at(times, 0.5).toFixed(1)}${unit}  p95 ${at(times, 0.95).toFixed(1)}${unit}  max ${at(times, 1).toFixed(1)}${unit}`,
    );
  }
} finally {
  await cleanup();
}
