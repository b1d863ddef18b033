/**
 * Scraper runs with storing (api/src/monitoring/README.md, "Performance"), on PGlite and on
 * PostgreSQL (when reachable):
 *
 * 1. First run: a scraper reads a shop's sitemap of `--products` JSON-LD pages, every product new
 *    (insert path). Pages/s of the worker, its CPU per page (the database's is in its own process
 *    on both engines), and the wall time scrapePage measured for parsing and extracting.
 * 2. The shop moves a day (5 % of prices change); a second run over the now known products
 *    (conditional requests: unchanged pages answer 304). History rows written (goal: at most the
 *    changed share), pages/s, and the worker's memory (RSS and heap sampled through the run).
 * 3. PostgreSQL only: two worker processes, each running another scraper (two shops), against one
 *    worker alone: aggregate pages/s.
 * 4. The scrapers list (scraperList, first page, health filter and search) at `--scrapers`
 *    scrapers and `--runs` runs: p50 / p95 over 200 requests through the API.
 *
 * Memory: the maximum heap and RSS in each tenth of a run's time, and the live heap (after a
 * forced full collection) and RSS after each tenth of its pages: flat memory is the same live
 * series whatever `--products`. Each phase (runs 1 and 2, one worker, two) also prints where the
 * cores went (scrape-cpu.ts): CPU seconds of the worker(s), the shop and the database's backends,
 * of everything else on the machine, and the cores' idle share.
 *
 * The shop runs in a child process (scrape-shop.ts). `--concurrency` pages at a time per worker,
 * no politeness delay (a real shop gets the defaults).
 *
 *   npm run bench:scrape -- [--products 10000] [--concurrency 16] [--engine both|pglite|postgres]
 *                           [--scrapers 1000] [--runs 100000] [--two-worker-products 10000]
 *                           [--list-only]
 *
 * The 100,000-product run (history rows and flat memory at that size; on PGlite it took 23 minutes
 * at load average 13-20, both runs and the list; figures in the monitoring README):
 *   npm run bench:scrape -- --engine postgres --products 100000
 *   npm run bench:scrape -- --engine pglite --products 100000
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { startPgliteProcess } from '../src/db/pglite-process.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { executeRun } from '../src/monitoring/run.ts';
import { requestRun } from '../src/monitoring/run-store.ts';
import { DEFAULT_TOOLS, type ScrapeTools } from '../src/monitoring/scrape-tools.ts';
import { listScrapers } from '../src/monitoring/scraper-store.ts';
import { describePhase, startPhase } from './scrape-cpu.ts';

const { values: options } = parseArgs({
  options: {
    // The default runs in a few minutes; the issue's 100,000-product run is `--products 100000`.
    products: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '16' },
    engine: { type: 'string', default: 'both' },
    scrapers: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '100000' },
    'two-worker-products': { type: 'string', default: '10000' },
    worker: { type: 'string' },
    'database-url': { type: 'string' },
    // Only the scrapers list (step 4), on a database with no runs of its own.
    'list-only': { type: 'boolean', default: false },
    // A heap snapshot at the first and the last tenth of each run's pages, into this directory.
    'heap-snapshots': { type: 'string' },
  },
});
const concurrency = Number(options.concurrency);
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const self = fileURLToPath(import.meta.url);

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

// A full collection on demand, so the heap still in use (the live heap) can be read mid-run.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
let snapshots = 0;

interface LiveSample {
  pages: number;
  liveHeapMb: number;
  rssMb: number;
}

/**
 * Times scrapePage's steps (its own timings) across a run, and after each tenth of the `expected`
 * pages collects the garbage and reads the live heap and RSS: what the run holds at that point.
 */
function timedTools(expected: number) {
  const totals = { pages: 0, fetchMs: 0, parseMs: 0, extractMs: 0, gcMs: 0, gcCpuMs: 0 };
  const live: LiveSample[] = [];
  const tools: ScrapeTools = {
    ...DEFAULT_TOOLS,
    async scrapePage(url, settings, fetcher, previous) {
      const result = await DEFAULT_TOOLS.scrapePage(url, settings, fetcher, previous);
      totals.pages += 1;
      totals.parseMs += result.timings.parseMs;
      totals.extractMs += result.timings.extractMs;
      if (totals.pages % Math.max(1, Math.round(expected / 10)) === 0) {
        const t0 = performance.now();
        const cpu0 = cpuMs();
        collectGarbage();
        const m = process.memoryUsage();
        live.push({ pages: totals.pages, liveHeapMb: m.heapUsed / 2 ** 20, rssMb: m.rss / 2 ** 20 });
        const dir = options['heap-snapshots'];
        if (dir && (live.length === 1 || live.length === 10))
          console.log(
            `    heap snapshot ${writeHeapSnapshot(`${dir}/scrape-${++snapshots}-${live.length}.heapsnapshot`)}`,
          );
        totals.gcMs += performance.now() - t0;
        totals.gcCpuMs += cpuMs() - cpu0;
      }
      return result;
    },
  };
  return { tools, totals, live };
}

interface RunFigures {
  status: string;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  parseMsPerPage: number;
  extractMsPerPage: number;
  counts: Record<string, unknown>;
  rssMaxMb: number;
  heapMaxMb: number;
  rssEndMb: number;
  /** Heap and RSS (MB) at each tenth of the run's time: flat memory shows as a flat series. */
  memoryByTenth: ({ heapMb: number; rssMb: number } | null)[];
  /** The live heap (after a full collection) and RSS after each tenth of the pages. */
  liveByTenth: LiveSample[];
  /** Time spent in those collections (not counted in the run's CPU per page). */
  gcMs: number;
}

async function timedRun(db: pg.Pool, scraperId: string, expected: number): Promise<RunFigures> {
  const { run } = await requestRun(db, scraperId, 'manual', null);
  const { tools, totals, live } = timedTools(expected);
  const memory = { rss: 0, heap: 0 };
  const samples: { at: number; heap: number; rss: number }[] = [];
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    memory.rss = Math.max(memory.rss, m.rss);
    memory.heap = Math.max(memory.heap, m.heapUsed);
    samples.push({ at: performance.now(), heap: m.heapUsed, rss: m.rss });
  }, 250);
  const cpu0 = cpuMs();
  const t0 = performance.now();
  const result = await executeRun(db, run.id, { tools, allowPrivateAddresses: true });
  const elapsedMs = performance.now() - t0;
  // The forced collections of the live samples are left out of the run's time and CPU.
  const seconds = (performance.now() - t0 - totals.gcMs) / 1000;
  const cpu = cpuMs() - cpu0 - totals.gcCpuMs;
  clearInterval(sample);
  const { rows } = await db.query(
    'SELECT pages_fetched, pages_not_modified, products_new, products_changed, products_unchanged, products_failed, held_for_review, history_rows, error_message FROM scraper_runs WHERE id = $1',
    [run.id],
  );
  const pages = totals.pages;
  return {
    status: result.status,
    pages,
    seconds,
    pagesPerSecond: pages / seconds,
    cpuMsPerPage: cpu / pages,
    parseMsPerPage: totals.parseMs / pages,
    extractMsPerPage: totals.extractMs / pages,
    counts: rows[0],
    rssMaxMb: memory.rss / 2 ** 20,
    heapMaxMb: memory.heap / 2 ** 20,
    rssEndMb: process.memoryUsage().rss / 2 ** 20,
    memoryByTenth: Array.from({ length: 10 }, (_, i) => {
      // the largest sample within each tenth of the run
      const from = t0 + (elapsedMs * i) / 10;
      const to = t0 + (elapsedMs * (i + 1)) / 10;
      const within = samples.filter((s) => s.at >= from && s.at < to);
      if (!within.length) return null;
      return {
        heapMb: Math.round(Math.max(...within.map((s) => s.heap)) / 2 ** 20),
        rssMb: Math.round(Math.max(...within.map((s) => s.rss)) / 2 ** 20),
      };
    }),
    liveByTenth: live,
    gcMs: totals.gcMs,
  };
}

// --- worker mode: one run in this process, figures as JSON on stdout --------------------------
if (options.worker) {
  const pool = new pg.Pool({ connectionString: options['database-url'], max: 4 });
  const figures = await timedRun(pool, options.worker, Number(options.products));
  console.log(`RESULT ${JSON.stringify({ ...figures, processCpuMs: cpuMs() })}`);
  // The parent reads this worker's database backends before they close: it answers with a line
  // (or its end of the pipe closes, when it is gone).
  await new Promise((resolve) => {
    process.stdin.once('data', resolve);
    process.stdin.once('end', resolve);
    process.stdin.once('error', resolve);
  });
  await pool.end();
  process.exit(0);
}

function startShop(
  products: number,
  shops: number,
): Promise<{ url: string; child: ChildProcess; nextDay(): Promise<number> }> {
  const child = spawn(
    tsx,
    [
      fileURLToPath(new URL('./scrape-shop.ts', import.meta.url)),
      '--products',
      String(products),
      '--shops',
      String(shops),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const waiters: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiters.shift()?.(line));
  const nextLine = () => new Promise<string>((resolve) => waiters.push(resolve));
  return nextLine().then((first) => ({
    url: /^shop: (\S+)/.exec(first)![1]!,
    child,
    async nextDay() {
      const line = nextLine();
      child.stdin!.write('day\n');
      return Number(/: (\d+) changed/.exec(await line)![1]);
    },
  }));
}

async function openEngine(
  engine: 'pglite' | 'postgres',
): Promise<{ db: Database; url: string | null; drop(): Promise<void> }> {
  const scratch = await createScratchDatabase(engine, 'bench_scrape');
  if (engine === 'pglite') {
    // A generous start: on the loaded shared machine PGlite has taken more than the default minute.
    const server = await startPgliteProcess(scratch.dir, 1, 300_000);
    const db = await openDatabase({ pgliteDir: '', pgliteSocketDir: server.host });
    return {
      db,
      url: null,
      drop: async () => {
        await server.stop();
        await scratch.discard();
      },
    };
  }
  const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: scratch.dir });
  return { db, url: scratch.url, drop: () => scratch.discard() };
}

async function scraperFor(pool: pg.Pool, websiteId: string, shopUrl: string, slug: string): Promise<string> {
  const { rows } = await pool.query(
    `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, $2, $3) RETURNING id`,
    [websiteId, `${slug} ${shopUrl}`, `${shopUrl}/shops/${slug}`],
  );
  const settings = {
    sources: { knownUrls: true, sitemapUrl: `${shopUrl}/shops/${slug}/sitemap.xml` },
    fetch: { minDelayMs: 0, concurrencyPerHost: concurrency, retries: 1, timeoutMs: 30000 },
    validation: { maxPriceJumpShare: 0.5 },
    expectedCurrency: 'CZK',
  };
  return (
    await pool.query(`INSERT INTO scrapers (competitor_id, name, settings) VALUES ($1, $2, $3) RETURNING id`, [
      rows[0].id,
      `Bench ${slug}`,
      JSON.stringify(settings),
    ])
  ).rows[0].id;
}

async function website(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query(
    `WITH o AS (INSERT INTO organizations (slug, name) VALUES ('bench', 'Bench') RETURNING id),
          w AS (INSERT INTO websites (name, url) VALUES ('Bench', 'https://bench.example') RETURNING id)
     INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Bench' FROM o, w RETURNING id`,
  );
  return rows[0].id;
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const show = (label: string, f: RunFigures) =>
  console.log(
    `  ${label}: ${f.status}, ${f.pages} pages in ${round(f.seconds, 1)} s = ${round(f.pagesPerSecond, 0)} pages/s; CPU ${round(f.cpuMsPerPage)} ms/page ` +
      `of the worker process (parse ${round(f.parseMsPerPage)} ms and extract ${round(f.extractMsPerPage)} ms per page in wall time of those synchronous steps: above their CPU share when the machine is busy); ` +
      `memory max RSS ${round(f.rssMaxMb, 0)} MB, heap ${round(f.heapMaxMb, 0)} MB, RSS at end ${round(f.rssEndMb, 0)} MB\n` +
      `    memory by tenth of the run (max heap / RSS MB): ${f.memoryByTenth.map((m) => (m ? `${m.heapMb}/${m.rssMb}` : '-')).join(' ')}\n` +
      `    live heap / RSS MB after each tenth of the pages (after a full collection; ${round(f.gcMs / 1000, 1)} s of collections left out of the figures above): ${f.liveByTenth.map((m) => `${round(m.liveHeapMb, 1)}/${round(m.rssMb, 0)}`).join(' ')}\n    counts ${JSON.stringify(f.counts)}`,
  );

async function listP95(db: pg.Pool, scrapers: number, runs: number) {
  const websiteId = (await db.query('SELECT id FROM organization_websites LIMIT 1')).rows[0].id;
  await db.query(
    `WITH c AS (INSERT INTO competitors (organization_website_id, name, url) SELECT $1, 'List competitor ' || i, 'https://list-' || i || '.example' FROM generate_series(1, $2::int / 10) i RETURNING id)
     INSERT INTO scrapers (competitor_id, name, health, last_run_at, recent_runs, recent_successes)
     SELECT c.id, 'List scraper ' || c.id || ' ' || j, (ARRAY['healthy', 'degraded', 'failing', 'unknown'])[1 + (j % 4)], now() - j * interval '1 minute', 10, 10 - (j % 4)
       FROM c, generate_series(1, 10) j`,
    [websiteId, scrapers],
  );
  await db.query(
    `INSERT INTO scraper_runs (scraper_id, trigger, status, started_at, ended_at, products_seen)
     SELECT s.id, 'schedule', 'succeeded', now() - r * interval '1 hour', now() - r * interval '1 hour' + interval '5 minutes', 100
       FROM (SELECT id, row_number() OVER () AS n FROM scrapers) s, generate_series(1, $1::int / $2::int) r`,
    [runs, scrapers],
  );
  await db.query('ANALYZE scrapers, scraper_runs, competitors, organization_websites, organizations');
  const variants = [
    { search: null, health: null },
    { search: null, health: ['failing', 'degraded'] },
    { search: '%scraper 1%', health: null },
  ];
  const times: number[] = [];
  for (let i = 0; i < 230; i++) {
    const v = variants[i % variants.length]!;
    const t0 = performance.now();
    await listScrapers(db, {
      scope: null,
      search: v.search,
      health: v.health,
      competitorId: null,
      enabled: null,
      sort: i % 2 ? 'HEALTH' : 'NAME_ASC',
      limit: 20,
      offset: 0,
    });
    if (i >= 30) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const counted = (
    await db.query('SELECT (SELECT count(*) FROM scrapers)::int AS s, (SELECT count(*) FROM scraper_runs)::int AS r')
  ).rows[0];
  console.log(
    `  scrapers list (store query) at ${counted.s} scrapers / ${counted.r} runs: p50 ${round(at(0.5))} ms, p95 ${round(at(0.95))} ms, max ${round(times.at(-1)!)} ms`,
  );
}

async function twoWorkers(db: pg.Pool, url: string, scraperIds: string[], shopPid: number, size: number) {
  const work = (ids: string[]) => {
    // Where the cores went: the workers (each reports its own CPU), the shop, the database's backends.
    const phase = startPhase(db, { trees: { 'fixture shop': shopPid } });
    return Promise.all(
      ids.map(
        (id) =>
          new Promise<RunFigures>((resolve, reject) => {
            const child = spawn(
              tsx,
              [
                self,
                '--worker',
                id,
                '--database-url',
                url,
                '--concurrency',
                String(concurrency),
                '--products',
                String(size),
              ],
              { stdio: ['pipe', 'pipe', 'inherit'] },
            );
            let out = '';
            let figures: (RunFigures & { processCpuMs: number }) | null = null;
            child.stdout!.on('data', (chunk) => {
              out += chunk;
              const line = out.split('\n').find((l) => l.startsWith('RESULT '));
              if (line && !figures) {
                figures = JSON.parse(line.slice(7));
                phase.add('worker processes', figures!.processCpuMs);
                void phase.sample().finally(() => child.stdin!.end('done\n'));
              }
            });
            child.on('exit', () => {
              if (figures) resolve(figures);
              else reject(new Error(`worker ${id} gave no result`));
            });
          }),
      ),
    ).then(async (figures) => ({ figures, cpu: await phase.end() }));
  };
  const t1 = performance.now();
  const one = await work([scraperIds[0]!]);
  const oneSeconds = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const both = await work([scraperIds[1]!, scraperIds[2]!]);
  const bothSeconds = (performance.now() - t2) / 1000;
  const pagesOne = one.figures[0]!.pages;
  const pagesBoth = both.figures.reduce((sum, f) => sum + f.pages, 0);
  console.log(
    `  one worker process: ${pagesOne} pages in ${round(oneSeconds, 1)} s = ${round(pagesOne / oneSeconds, 0)} pages/s\n    ${describePhase(one.cpu)}`,
  );
  console.log(
    `  two worker processes: ${pagesBoth} pages in ${round(bothSeconds, 1)} s = ${round(pagesBoth / bothSeconds, 0)} pages/s (${round(pagesBoth / bothSeconds / (pagesOne / oneSeconds))}x one)\n    ${describePhase(both.cpu)}`,
  );
}

const products = Number(options.products);
const engines = (options.engine === 'both' ? ['pglite', 'postgres'] : [options.engine]) as Array<'pglite' | 'postgres'>;
console.log(`bench:scrape: ${products} products, ${concurrency} pages at a time per worker, ${engines.join(' and ')}`);
for (const engine of engines) {
  const shop = await startShop(products, 1);
  const opened = await openEngine(engine);
  try {
    const pool = opened.db.pool;
    await migrate(pool);
    const websiteId = await website(pool);
    if (options['list-only']) {
      console.log(`${engine}:`);
      await listP95(pool, Number(options.scrapers), Number(options.runs));
      continue;
    }
    const scraperId = await scraperFor(pool, websiteId, shop.url, 'bench-1');
    console.log(`${engine}:`);
    // This process is the worker here (its pool's backends are the database's share).
    const measured = async (label: string) => {
      const phase = startPhase(pool, {
        trees: { 'fixture shop': shop.child.pid! },
        processes: { worker: process.pid },
      });
      const figures = await timedRun(pool, scraperId, products);
      show(label, figures);
      console.log(`    ${describePhase(await phase.end())}`);
    };
    await measured('first run (all new)');
    const changed = await shop.nextDay();
    console.log(`  the shop moved a day: ${changed} of ${products} prices changed`);
    await measured('second run (known, conditional)');
    if (engine === 'postgres' && opened.url) {
      // Three fresh shops of the same size: one worker reads the first, then two read the others at once.
      const size = Math.min(products, Number(options['two-worker-products']));
      const shops = await startShop(size, 3);
      try {
        const ids = [];
        for (const slug of ['bench-1', 'bench-2', 'bench-3'])
          ids.push(await scraperFor(pool, websiteId, shops.url, slug));
        console.log(`  worker processes, ${size} new products per shop:`);
        await twoWorkers(pool, opened.url, ids, shops.child.pid!, size);
      } finally {
        shops.child.kill('SIGTERM');
      }
    }
    await listP95(pool, Number(options.scrapers), Number(options.runs));
  } finally {
    await opened.db.close();
    await opened.drop();
    shop.child.stdin!.end();
    shop.child.kill('SIGTERM');
  }
}
process.exit(0);
