/**
 * Politeness per host across workers (api/src/monitoring/host-pace.ts), both engines: two
 * fetchers, each with its own per-process gate as two worker processes have, scrape one shop with
 * a minimum delay; through the shared pace in the database their requests start a delay apart, as
 * one worker's would. Without it, each keeps only its own pace and the shop sees two at a time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch.ts';
import { createFetcher } from '../src/monitoring/fetch/fetcher.ts';
import { databasePace } from '../src/monitoring/host-pace.ts';
import { DEFAULT_SCRAPER_SETTINGS, type SharedPace } from '../src/monitoring/scrape-types.ts';
import { availableEngines } from './engines.ts';

const engines = await availableEngines();
const DELAY_MS = 250;
const PER_WORKER = 4;

describe.each(engines)('Politeness per host shared by two workers on $name', (engine) => {
  let scratch: ScratchDatabase;
  let db: Database;
  const starts: number[] = [];
  const server: Server = createServer((request, response) => {
    if (request.url === '/robots.txt') return response.writeHead(404).end();
    starts.push(Date.now());
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><head><title>x</title></head><body></body></html>');
  });
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    scratch = await createScratchDatabase(engine.name, 'console_host_pace');
    db = await openDatabase(
      engine.name === 'pglite' ? { pgliteDir: scratch.dir } : { databaseUrl: scratch.url, pgliteDir: '' },
    );
    await migrate(db.pool);
  }, 240_000);
  afterAll(async () => {
    await db?.close();
    await scratch?.discard();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Two workers fetching PER_WORKER pages each at once; the gaps between request starts, sorted. */
  const twoWorkers = async (pace: SharedPace | undefined) => {
    starts.length = 0;
    const settings = {
      ...DEFAULT_SCRAPER_SETTINGS,
      fetch: { ...DEFAULT_SCRAPER_SETTINGS.fetch, minDelayMs: DELAY_MS, concurrencyPerHost: 1, retries: 0 },
    };
    const fetchers = [0, 1].map(() =>
      createFetcher(settings, { allowPrivateAddresses: true, ...(pace ? { sharedPace: pace } : {}) }),
    );
    try {
      await Promise.all(
        fetchers.flatMap((fetcher, w) =>
          Array.from({ length: PER_WORKER }, (_, i) => fetcher.fetch(`${origin()}/p/${w}-${i}`)),
        ),
      );
    } finally {
      await Promise.all(fetchers.map((fetcher) => fetcher.close()));
    }
    const sorted = [...starts].sort((a, b) => a - b);
    return { gaps: sorted.slice(1).map((at, i) => at - sorted[i]!), span: sorted[sorted.length - 1]! - sorted[0]! };
  };

  it('two workers on one shop start their requests a delay apart, as one worker would', async () => {
    const { gaps, span } = await twoWorkers(databasePace(db.pool));
    expect(gaps).toHaveLength(2 * PER_WORKER - 1);
    // The claimed slots are exactly a delay apart; a request reaches the shop with some scheduling
    // jitter on a loaded machine, so single gaps get a slack and the whole span a small one.
    expect(span).toBeGreaterThanOrEqual((2 * PER_WORKER - 1) * DELAY_MS - 60);
    expect(Math.min(...gaps)).toBeGreaterThan(DELAY_MS / 2);
    const host = (await db.pool.query<{ host: string }>('SELECT host FROM scraper_host_pace')).rows.map((r) => r.host);
    expect(host).toEqual([new URL(origin()).host]);
  });

  it('without the shared pace each worker keeps only its own (the shop sees requests close together)', async () => {
    const { gaps, span } = await twoWorkers(undefined);
    expect(Math.min(...gaps)).toBeLessThan(DELAY_MS / 2);
    expect(span).toBeLessThan((2 * PER_WORKER - 1) * DELAY_MS * 0.75);
  });
});
