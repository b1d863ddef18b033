/**
 * The brand snapshot's reads on PGlite at the size of a kept PostgreSQL insights benchmark
 * database, without generating it on PGlite (api/src/insights/README.md, "Benchmark").
 *
 *   pnpm --filter @console/api exec tsx bench/insights-reads-pglite.ts --from bench_insights_<n>
 *        [--requests 30] [--explain] [--tables insight_products_counted,...] [--sql a.sql,b.sql]
 *
 * Copies the rollups a brand snapshot reads (the counted products with their per-competitor sums,
 * the brand, cell and category rollups with their histograms, the slots) of the PostgreSQL
 * database `--from` (kept by `npm run bench:insights -- --keep`) into a scratch PGlite database,
 * migrated as the API's, in its own process as the API runs it; then, for each of the benchmark's
 * brand snapshot filters, times the statements the resolver sends (store.ts: brandSums and
 * cellSums; the competitor list and the update time are primary-key reads left out; PGlite runs
 * one statement at a time, so their sum is the answer's database time), p50/p95 over `--requests`.
 * `--explain` prints EXPLAIN ANALYZE of each statement once. `--tables` copies only those tables
 * (of the list below); `--sql` then times each given file of SQL instead (one statement each,
 * `:website` standing for the website's id), alternating between the files, p50/p95 each — to
 * compare two forms of a statement on the same data. The scratch database is discarded.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate } from '../src/db/migrate.ts';
import { brandSums, cellSums, type Selection } from '../src/insights/store.ts';
import { machineLine, openBenchDatabase, POSTGRES_ADMIN_URL } from './harness.ts';

const { values: options } = parseArgs({
  options: {
    from: { type: 'string' },
    requests: { type: 'string', default: '30' },
    explain: { type: 'boolean', default: false },
    tables: { type: 'string' },
    sql: { type: 'string' },
  },
});
if (!options.from || !/^bench_insights_\d+$/.test(options.from))
  throw new Error('--from: a PostgreSQL database named bench_insights_<number>');
const REQUESTS = Number(options.requests);

/** What a brand snapshot reads (store.ts), copied whole. */
const TABLES = [
  'insight_websites',
  'insight_competitor_slots',
  'insight_products_counted',
  'insight_products_packed',
  'insight_brand_totals',
  'insight_brand_total_histograms',
  'insight_brand_cells',
  'insight_brand_cell_histograms',
  'insight_brands',
  'insight_brand_histograms',
  'insight_cells',
  'insight_cell_histograms',
];
const PAGES = 2000;
const COPIED = options.tables ? options.tables.split(',') : TABLES;
for (const table of COPIED) if (!TABLES.includes(table)) throw new Error(`--tables: ${table} is not one of ${TABLES}`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

console.log(machineLine());
const url = new URL(POSTGRES_ADMIN_URL);
url.pathname = `/${options.from}`;
const source = new pg.Client({ connectionString: url.toString() });
await source.connect();
const target = await openBenchDatabase('pglite', 'bench_insights_reads');
try {
  const db = target.db.pool;
  await migrate(db);
  const copyStart = performance.now();
  await db.query('SET session_replication_role = replica');
  for (const table of COPIED) {
    const columns = (
      await source.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table],
      )
    ).rows;
    const list = columns.map((c) => c.column_name).join(', ');
    // Arrays as their text: JSON arrays lose the histograms' subscripts (-501..501, migration 106).
    const selected = columns
      .map((c) => (c.data_type === 'ARRAY' ? `${c.column_name}::text AS ${c.column_name}` : c.column_name))
      .join(', ');
    await db.query(`DELETE FROM ${table}`);
    const { rows } = await source.query<{ pages: number }>(
      'SELECT pg_relation_size($1::regclass) / current_setting($2)::int AS pages',
      [table, 'block_size'],
    );
    const pages = Number(rows[0]!.pages);
    let copied = 0;
    for (let page = 0; page <= pages; page += PAGES) {
      // Tid ranges: one scan of the table in batches, each handed over as PostgreSQL's own JSON.
      const batch = await source.query<{ rows: string | null; n: number }>(
        `SELECT json_agg(t)::text AS rows, count(*)::int AS n FROM (SELECT ${selected} FROM ${table}
          WHERE ctid >= format('(%s,0)', $1::int)::tid AND ctid < format('(%s,0)', $2::int)::tid) t`,
        [page, page + PAGES],
      );
      if (!batch.rows[0]?.rows) continue;
      await db.query(
        `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [batch.rows[0].rows],
      );
      copied += batch.rows[0].n;
    }
    console.log(`pglite: copied ${table}: ${copied} rows`);
  }
  await db.query('SET session_replication_role = DEFAULT');
  await db.query('ANALYZE');
  console.log(`pglite: copy and ANALYZE ${((performance.now() - copyStart) / 1000).toFixed(1)} s`);

  const { rows: sites } = await db.query<{ id: string }>(
    `SELECT organization_website_id AS id FROM insight_products_counted GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const websiteId = sites[0]!.id;
  const { rows: slots } = await db.query<{ competitor_id: string }>(
    'SELECT competitor_id FROM insight_competitor_slots WHERE organization_website_id = $1 ORDER BY slot',
    [websiteId],
  );
  const competitorIds = slots.map((r) => r.competitor_id);
  const { rows: names } = await db.query<{ brand: string; category: string }>(
    `SELECT (SELECT array_agg(DISTINCT brand) FROM insight_brand_totals WHERE organization_website_id = $1) AS brands,
            (SELECT array_agg(DISTINCT category) FROM insight_brands WHERE organization_website_id = $1) AS categories`,
    [websiteId],
  );
  const brands = (names[0] as unknown as { brands: string[] | null }).brands ?? [];
  const categories = (names[0] as unknown as { categories: string[] | null }).categories ?? [];
  const base: Selection = {
    websiteId,
    brands: null,
    categories: null,
    competitorIds: null,
    tolerance: 10,
    period: 'LAST_30_DAYS',
  };
  const filters: Array<[string, (i: number) => Selection]> = [
    ['whole website', () => base],
    ['one brand', (i) => ({ ...base, brands: [brands[i % brands.length]!] })],
    [
      'three categories',
      (i) => ({ ...base, categories: [0, 1, 2].map((k) => categories[(i + k) % categories.length]!) }),
    ],
    [
      'two competitors',
      (i) => ({
        ...base,
        competitorIds: [competitorIds[i % competitorIds.length]!, competitorIds[(i + 1) % competitorIds.length]!],
      }),
    ],
    ['tolerance 2.5 %', () => ({ ...base, tolerance: 25 })],
  ];
  console.log(
    `pglite: website with ${(await db.query('SELECT count(*) FROM insight_products_counted WHERE organization_website_id = $1', [websiteId])).rows[0].count} counted products, ${competitorIds.length} competitors, ${brands.length} brands, ${categories.length} categories`,
  );

  if (options.sql) {
    const files = options.sql.split(',');
    const statements = files.map((file) => readFileSync(file, 'utf8').replaceAll(':website', `'${websiteId}'`));
    const times = files.map(() => [] as number[]);
    for (const statement of statements) await db.query(statement);
    for (let i = 0; i < REQUESTS; i += 1)
      for (const [k, statement] of statements.entries()) {
        const start = performance.now();
        await db.query(statement);
        times[k]!.push(performance.now() - start);
      }
    for (const [k, file] of files.entries()) {
      const sorted = times[k]!.sort((a, b) => a - b);
      console.log(
        `pglite: ${file}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (${REQUESTS} runs)`,
      );
    }
    console.log(machineLine());
  } else if (options.explain) {
    // The statements as sent: a pool whose query prints EXPLAIN ANALYZE of each SELECT first.
    const explaining = {
      query: async (sql: string, params?: unknown[]) => {
        if (/^\s*(WITH|SELECT)/i.test(sql) && !/insight_competitor_slots s\s+WHERE/.test(sql)) {
          const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS OFF) ${sql}`, params);
          console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        return db.query(sql, params);
      },
    } as unknown as pg.Pool;
    for (const [label, filter] of filters) {
      console.log(`--- ${label}`);
      await brandSums(explaining, filter(1));
      await cellSums(explaining, filter(1));
    }
  }

  for (const [label, filter] of options.sql ? [] : filters) {
    const times: number[] = [];
    const split: number[] = [];
    await brandSums(db, filter(0));
    await cellSums(db, filter(0));
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      await brandSums(db, filter(i + 1));
      const middle = performance.now();
      await cellSums(db, filter(i + 1));
      times.push(performance.now() - start);
      split.push(middle - start);
    }
    times.sort((a, b) => a - b);
    split.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `pglite: brand snapshot reads, ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (brand rows p50 ${percentile(split, 50).toFixed(1)} ms; ${REQUESTS} requests)  [goal p95 <= 100 ms${p95 > 100 ? ': NOT MET' : ''}]`,
    );
  }
  console.log(machineLine());
} finally {
  await source.end();
  await target.cleanup();
}
