/**
 * The console's background work on the job queue (src/jobs/README.md), both engines: a job
 * worker (in this process, on the suite's database) works a matching run the API only requested
 * (matching.work), and imports a due daily URL feed (feeds.due -> feeds.import) whose recorded
 * changes then become an incremental matching run, all without the API running anything itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/jobs/kinds.ts';
import { FEED_IMPORT, FEEDS_DUE } from '../src/feeds/jobs.ts';
import { closeQueueOf, enqueue, JOB_SCHEMA } from '../src/jobs/queue.ts';
import { startWorker, type JobWorker } from '../src/jobs/worker.ts';
import { MATCHING_WORK, serveMatchingThroughQueue } from '../src/matching/runs/jobs.ts';
import { availableEngines } from './engines.ts';
import { OWNERS, openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';
import { buildScenario, RUN, START } from './matching-runs-fixtures.ts';
import { until } from './until.ts';

const engines = await availableEngines();
const OWNER = OWNERS[0]!;

describe.each(engines)('Background work as jobs on $name', (engine) => {
  let w: CatalogueWorld;
  let worker: JobWorker;
  let server: Server;
  let baseUrl = '';
  const saved = { scheduler: process.env.FEED_SCHEDULER, privateHosts: process.env.FEED_ALLOW_PRIVATE_HOSTS };

  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    server = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/csv' })
        .end('ITEM_ID,NAME,PRICE\nJ1,Job Feed Phone One,100\nJ2,Job Feed Phone Two,200\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.FEED_SCHEDULER = 'on';
    process.env.FEED_ALLOW_PRIVATE_HOSTS = '1';
  }, 240_000);
  afterAll(async () => {
    await worker?.stop({ graceMs: 5_000 });
    if (w) await closeQueueOf(w.pool);
    await w?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
    for (const [key, value] of [
      ['FEED_SCHEDULER', saved.scheduler],
      ['FEED_ALLOW_PRIVATE_HOSTS', saved.privateHosts],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  const completed = async (name: string) =>
    (
      await w.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'completed'`,
        [name],
      )
    ).rows[0]!.n;

  it('a matching run the API requested is worked by the job worker', async () => {
    const s = await buildScenario(w, w.orgs.northwind!);
    // As main.ts and worker-main.ts do: requests and recorded changes become matching jobs.
    serveMatchingThroughQueue(w.pool);
    worker = await startWorker({
      pool: w.pool,
      concurrency: 2,
      kinds: [MATCHING_WORK, FEEDS_DUE, FEED_IMPORT],
      pollIntervalMs: 200,
      schedules: false,
    });
    const started = (await w.call(OWNER.uid, START, { organizationWebsiteId: s.siteId })).body.data.matchingRunStart;
    expect(started.created).toBe(true);
    const run = await until(
      'the run to succeed',
      async () => (await w.call(OWNER.uid, RUN, { runId: started.run.id })).body.data.matchingRun,
      (value) => value.status === 'SUCCEEDED' || value.status === 'FAILED',
    );
    expect(run).toMatchObject({ status: 'SUCCEEDED', productsTotal: 7 });
    // The job ends once the worker finds no more runs to claim (just after the run's row).
    await until(
      'the matching job to complete',
      () => completed(MATCHING_WORK),
      (n) => n >= 1,
    );
  }, 180_000);

  it('a due daily URL feed is imported by the workers, and its changes are matched', async () => {
    const s = await buildScenario(w, w.orgs.bohemia!);
    const { rows } = await w.pool.query<{ id: string }>(
      `INSERT INTO product_feeds (organization_website_id, name, source, url, format, column_mapping, schedule)
       VALUES ($1, 'Daily URL', 'url', $2, 'csv', $3, 'daily') RETURNING id`,
      [s.siteId, `${baseUrl}/daily.csv`, JSON.stringify({ id: 'ITEM_ID', name: 'NAME', price: 'PRICE' })],
    );
    const feedId = rows[0]!.id;
    // Only this feed is due (the demo feeds' addresses do not exist).
    await w.pool.query(`UPDATE product_feeds SET schedule = 'manual' WHERE id <> $1`, [feedId]);
    // What the schedule does every 5 minutes.
    expect(await enqueue(w.pool, FEEDS_DUE, {})).toEqual(expect.any(String));
    const feedRun = await until(
      'the scheduled import',
      async () =>
        (
          await w.pool.query(
            'SELECT status, started_by, rows_imported FROM feed_import_runs WHERE product_feed_id = $1',
            [feedId],
          )
        ).rows,
      (list) => list.some((r) => r.status !== 'running'),
    );
    expect(feedRun).toEqual([{ status: 'succeeded', started_by: null, rows_imported: 2 }]);
    expect(
      await until(
        'the import job to complete',
        () => completed(FEED_IMPORT),
        (n) => n >= 1,
      ),
    ).toBe(1);
    // The import recorded its changes: an incremental run, worked by the worker.
    const runs = await until(
      'the incremental run',
      async () =>
        (await w.pool.query(`SELECT kind, status FROM matching_runs WHERE organization_website_id = $1`, [s.siteId]))
          .rows,
      (list) => list.length > 0 && list.every((r) => r.status === 'succeeded' || r.status === 'failed'),
    );
    expect(runs).toEqual([{ kind: 'incremental', status: 'succeeded' }]);
  }, 180_000);
});
