/**
 * A scraper run survives its worker's stop, both engines, with real worker processes: worker A
 * takes the run's job, is sent SIGTERM mid-run, writes what it fetched and hands the run and its
 * job back; worker B resumes the run from the pages not yet done. Every page is fetched once,
 * every price change written once (api/src/monitoring/README.md, "Worker stop").
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { startPgliteProcess } from '../src/db/pglite-process.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { closeQueueOf } from '../src/jobs/queue.ts';
import { dispatchRun } from '../src/monitoring/jobs.ts';
import { requestRun } from '../src/monitoring/run-store.ts';
import { availableEngines } from './engines.ts';
import { until } from './until.ts';

const engines = await availableEngines();
const FIXTURE = fileURLToPath(new URL('./monitoring-worker-fixture.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const PRODUCTS = 40;

/** A shop of PRODUCTS JSON-LD pages answering after `delayMs`; counts the requests per page. */
function startShop(delayMs: number) {
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://shop').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const match = /^\/p\/(\d+)$/.exec(path);
    setTimeout(() => {
      if (!match) return response.writeHead(404, { 'content-type': 'text/plain' }).end('');
      const i = Number(match[1]);
      const product = {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: `Resumed item ${i}`,
        offers: { '@type': 'Offer', price: 101 + i, priceCurrency: 'CZK', availability: 'https://schema.org/InStock' },
      };
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html><head><title>Item ${i}</title><script type="application/ld+json">${JSON.stringify(product)}</script></head><body></body></html>`,
      );
    }, delayMs);
  });
  return {
    hits,
    origin: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Worker {
  child: ChildProcess;
  exited: Promise<number | null>;
}

async function startWorkerProcess(env: Record<string, string>): Promise<Worker> {
  const child = fork(FIXTURE, [], {
    execArgv: ['--import', TSX_LOADER],
    env: { ...process.env, ...env, FEED_ALLOW_PRIVATE_HOSTS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void exited.then((code) => reject(new Error(`the worker exited with ${code} before it was ready`)));
  });
  return { child, exited };
}

describe.each(engines)('A stopped worker’s scraper run resumed by another worker process on $name', (engine) => {
  let db: Database;
  let env: Record<string, string>;
  let close: () => Promise<void>;
  const workers: Worker[] = [];
  // A run writes what it fetched every 2 s (run.ts flushEveryMs): at 300 ms a page and two at a
  // time, A's first write (~13 pages) comes long before its last page, so the SIGTERM lands
  // mid-run on a quiet machine too (at 60 ms the whole run fitted before the first write).
  const shop = startShop(300);

  beforeAll(async () => {
    await shop.listen();
    const scratch = await createScratchDatabase(engine.name, 'console_monitoring_resume');
    if (engine.name === 'pglite') {
      // A generous start timeout: the shared machine is often loaded.
      const server = await startPgliteProcess(scratch.dir, 8, 180_000);
      db = await openDatabase({ pgliteDir: '', pgliteSocketDir: server.host });
      env = { MONITORING_FIXTURE_PGLITE_SOCKET_DIR: server.host };
      close = async () => {
        await server.stop();
        await scratch.discard();
      };
    } else {
      db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
      env = { MONITORING_FIXTURE_DATABASE_URL: scratch.url! };
      close = () => scratch.discard();
    }
    await migrate(db.pool);
  }, 240_000);
  afterAll(async () => {
    for (const worker of workers)
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    if (db) {
      await closeQueueOf(db.pool);
      await db.close();
    }
    await close?.();
    await shop.close();
  });

  // About one PGlite run in three used to end with pages_fetched 40 but products_changed and
  // history_rows 39: the batch writer looked the known products up with a plan PGlite answered
  // from the trigram GiST index, which missed live rows, and dropped the page as "deleted
  // meanwhile" (product-store.ts storedPrices now reads them by primary key).
  it('SIGTERM mid-run: A hands the run back, B resumes it; each page fetched once, each change written once', async () => {
    const { pool } = db;
    const website = (
      await pool.query(
        `WITH o AS (INSERT INTO organizations (slug, name) VALUES ('resume', 'Resume') RETURNING id),
              w AS (INSERT INTO websites (name, url) VALUES ('Resume', 'https://resume.example') RETURNING id)
         INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Resume' FROM o, w RETURNING id`,
      )
    ).rows[0].id;
    const competitorId = (
      await pool.query(
        `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, 'Loopback', $2) RETURNING id`,
        [website, shop.origin()],
      )
    ).rows[0].id;
    // Known products at 100 + i: every page shows 101 + i, one change each.
    await pool.query(
      `INSERT INTO competitor_products (competitor_id, external_id, name, price, currency, availability, url)
       SELECT $1, 'R-' || i, 'Resumed item ' || i, 100 + i, 'CZK', 'in_stock', $2 || '/p/' || i FROM generate_series(0, $3 - 1) i`,
      [competitorId, shop.origin(), PRODUCTS],
    );
    const settings = {
      sources: { knownUrls: true },
      fetch: { concurrencyPerHost: 2, minDelayMs: 0, retries: 0, timeoutMs: 5000 },
      validation: { maxPriceJumpShare: 0.5 },
      expectedCurrency: 'CZK',
    };
    const scraperId = (
      await pool.query(`INSERT INTO scrapers (competitor_id, name, settings) VALUES ($1, 'Resume', $2) RETURNING id`, [
        competitorId,
        JSON.stringify(settings),
      ])
    ).rows[0].id;

    const a = await startWorkerProcess(env);
    workers.push(a);
    const { run } = await requestRun(pool, scraperId, 'manual', null);
    await dispatchRun(pool, run.id);
    const runRow = async () =>
      (
        await pool.query(
          'SELECT status, pages_fetched, products_changed, history_rows, resumes FROM scraper_runs WHERE id = $1',
          [run.id],
        )
      ).rows[0];
    await until('worker A to write a few pages', runRow, (r) => r.pages_fetched >= 4, { intervalMs: 100 });
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    const handedBack = await runRow();
    expect(handedBack.status).toBe('queued');
    expect(handedBack.pages_fetched).toBeLessThan(PRODUCTS);

    const b = await startWorkerProcess(env);
    workers.push(b);
    const done = await until('worker B to finish the run', runRow, (r) => !['queued', 'running'].includes(r.status));
    expect(done).toMatchObject({
      status: 'succeeded',
      resumes: 1,
      pages_fetched: PRODUCTS,
      products_changed: PRODUCTS,
      history_rows: PRODUCTS,
    });
    const pageHits = [...shop.hits].filter(([path]) => path.startsWith('/p/'));
    expect(pageHits.length).toBe(PRODUCTS);
    expect(pageHits.filter(([, n]) => n !== 1)).toEqual([]);
    const history = (
      await pool.query(
        `SELECT count(*)::int AS rows, count(DISTINCT competitor_product_id)::int AS products FROM competitor_price_history`,
      )
    ).rows[0];
    expect(history).toEqual({ rows: PRODUCTS, products: PRODUCTS });
    const prices = (
      await pool.query(
        `SELECT count(*)::int AS n FROM competitor_products WHERE price = 101 + substring(external_id FROM 3)::int`,
      )
    ).rows[0].n;
    expect(prices).toBe(PRODUCTS);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 240_000);
});
