/**
 * Benchmark of a product-feed import: a 1,000,000-row CSV (generated into a temporary file,
 * streamed) uploaded through POST /feeds/{id}/upload in process (yoga.fetch: token check,
 * policy, tenant scope, parser, validation, staging, merge), on PGlite and on PostgreSQL (when
 * reachable). Prints rows/s, the peak RSS and RSS growth of this process (and of the PGlite
 * process) and the CPU time of this process (and of the PGlite process: less dependent on what
 * else runs on the machine than the rate), then imports the same file again and prints what
 * changed (nothing expected).
 * The goal: >= 20,000 rows/s with flat memory.
 *
 *   pnpm --filter @console/api exec tsx bench/feed-import.ts [--rows 1000000] [--engine pglite|postgres|both]
 */
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { UnsecuredJWT } from 'jose';
import type { Engine } from '../src/db/database.ts';
import { BENCH_FEED_MAPPING, writeFeed } from './feed-file.ts';
import { enginesOf, machineLine, openBenchDatabase, undoneOnSignal } from './harness.ts';

process.env.NODE_ENV ??= 'production';
const { values: options } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, engine: { type: 'string', default: 'both' } },
});
const ROWS = Number(options.rows);
const PROJECT_ID = 'demo-price-console';

const { createTokenVerifier } = await import('@console/firebase-token');
const { loadAccessControl } = await import('../src/access.ts');
const { createApi } = await import('../src/app.ts');
const { migrate } = await import('../src/db/migrate.ts');
const { seedDemoData } = await import('../src/seed/demo-data.ts');

const token = (uid: string) =>
  new UnsecuredJWT({ email: `${uid}@demo.test` })
    .setAudience(PROJECT_ID)
    .setIssuer(`https://securetoken.google.com/${PROJECT_ID}`)
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime('2h')
    .encode();

/** This process's children (the PGlite process), found once: scanning /proc every 100 ms costs this process (the API's) CPU. */
function childPids(): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid) pids.push(Number(pid));
    } catch {
      // gone
    }
  }
  return pids;
}

/** CPU seconds used so far by these processes, from /proc. */
function childCpu(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone
    }
  }
  return total;
}

/** RSS of these processes (bytes), from /proc. */
function childRss(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function bench(engine: Engine, file: string) {
  // A scratch database of the harness: discarded at the end and on Ctrl-C.
  const { db, cleanup } = await openBenchDatabase(engine, 'bench_feed');
  try {
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 20 });
    // The plan's monitored products (feeds/import.ts) would refuse a million on top of the demo's.
    await db.pool.query(`UPDATE plans SET max_monitored_products = 100000000 WHERE id = 'enterprise'`);
    const { rows } = await db.pool.query(
      `WITH w AS (INSERT INTO websites (name, url) VALUES ('Bench Shop', 'https://bench-feed.shop.example') RETURNING id),
            ow AS (INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Bench Shop' FROM w, organizations o WHERE o.slug = 'northwind' RETURNING id)
       INSERT INTO product_feeds (organization_website_id, name, source, format, column_mapping, csv_delimiter)
       SELECT id, 'Bench feed', 'upload', 'csv', $1, ';' FROM ow RETURNING id`,
      [JSON.stringify(BENCH_FEED_MAPPING)],
    );
    const feedId = rows[0].id as string;
    const api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
    });

    for (const round of ['first import', 'same file again']) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const children = childPids();
      let childPeak = childRss(children);
      const childBefore = childPeak;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
        childPeak = Math.max(childPeak, childRss(children));
      }, 100);
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const childCpuBefore = childCpu(children);
      const response = await api.fetch(`http://bench/feeds/${feedId}/upload?fileName=bench.csv`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token('demo-owner')}`, 'content-type': 'text/csv' },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const { run } = (await response.json()) as { run: Record<string, unknown> };
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const apiCpu = (cpu.user + cpu.system) / 1e6;
      const pgliteCpu = childCpu(children) - childCpuBefore;
      clearInterval(sampler);
      const after = process.memoryUsage().rss;
      console.log(
        `${engine.padEnd(8)} ${round.padEnd(16)} ${run.status} ${run.rowsRead} rows in ${seconds.toFixed(1)} s = ${Math.round(Number(run.rowsRead) / seconds).toLocaleString('en-US')} rows/s; ` +
          `created ${run.productsCreated}, updated ${run.productsUpdated}, deactivated ${run.productsDeactivated}, rejected ${run.rowsRejected}; ` +
          `API RSS peak ${mb(peak)} (growth ${mb(after - before)}, peak over start ${mb(peak - before)})` +
          (engine === 'pglite' ? `; PGlite process RSS peak ${mb(childPeak)} (start ${mb(childBefore)})` : '') +
          `; CPU: API ${apiCpu.toFixed(1)} s` +
          (engine === 'pglite' ? `, PGlite ${pgliteCpu.toFixed(1)} s` : ''),
      );
      if (run.status !== 'SUCCEEDED') console.log(run);
    }
    const count = await db.pool.query(
      'SELECT count(*)::int AS n, max(updated_at) AS last FROM products WHERE product_feed_id IS NOT NULL',
    );
    console.log(`${engine.padEnd(8)} products in the database: ${count.rows[0].n}`);
  } finally {
    await cleanup();
  }
}

console.log(machineLine());
const workDir = mkdtempSync(path.join(tmpdir(), 'bench-feed-'));
const removeWorkDir = undoneOnSignal(async () => rmSync(workDir, { recursive: true, force: true }));
const file = path.join(workDir, 'feed.csv');
try {
  const t = performance.now();
  await writeFeed(file, ROWS);
  console.log(
    `feed file: ${ROWS.toLocaleString('en-US')} rows, ${mb(statSync(file).size)}, written in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  for (const engine of await enginesOf(options.engine!)) await bench(engine, file);
} finally {
  await removeWorkDir();
}
