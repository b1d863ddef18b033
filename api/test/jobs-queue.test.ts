/**
 * The job queue (src/jobs/README.md) with two worker processes on one database, both engines
 * (PGlite: one PGlite server shared through its socket, as the local stack runs it): a batch of
 * jobs each runs exactly once; a worker killed mid-job leaves its job to the other after the
 * lease; a scheduled job runs once per period across both workers; a worker stopped gracefully
 * hands its running job back at once; a singleton key queues one job.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { startPgliteProcess, type PgliteProcess } from '../src/db/pglite-process.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { closeQueueOf, defineJob, enqueue, JOB_SCHEMA } from '../src/jobs/queue.ts';
import { availableEngines } from './engines.ts';
import { EVENTS_TABLE, HOLD_LONG_LEASE, HOLD_SHORT_LEASE, RECORD, TICK } from './jobs-fixture-kinds.ts';
import { until } from './until.ts';

const engines = await availableEngines();
const FIXTURE = fileURLToPath(new URL('./jobs-worker-fixture.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Where worker processes find the database, and the test's own connection to it. */
interface Shared {
  db: Database;
  env: Record<string, string>;
  close(): Promise<void>;
}

async function openShared(engine: 'pglite' | 'postgres'): Promise<Shared> {
  const scratch = await createScratchDatabase(engine, 'console_jobs_test');
  if (engine === 'pglite') {
    const server: PgliteProcess = await startPgliteProcess(scratch.dir, 12);
    const db = await openDatabase({ pgliteDir: '', pgliteSocketDir: server.host });
    return {
      db,
      env: { JOBS_FIXTURE_PGLITE_SOCKET_DIR: server.host },
      close: async () => {
        await db.close();
        await server.stop();
        await scratch.discard();
      },
    };
  }
  const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
  return {
    db,
    env: { JOBS_FIXTURE_DATABASE_URL: scratch.url! },
    close: async () => {
      await db.close();
      await scratch.discard();
    },
  };
}

interface WorkerProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

async function startWorkerProcess(
  shared: Shared,
  name: string,
  extra: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = fork(FIXTURE, [], {
    execArgv: ['--import', TSX_LOADER],
    env: { ...process.env, ...shared.env, ...extra, JOBS_FIXTURE_WORKER: name },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void exited.then((code) => reject(new Error(`worker ${name} exited with ${code} before it was ready`)));
  });
  return { name, child, exited };
}

interface Event {
  worker: string;
  job_id: string;
  n: number | null;
  event: string;
  retry: number;
  at: Date;
}

describe.each(engines)('Job queue with two worker processes on $name', (engine) => {
  let shared: Shared;
  let workers: WorkerProcess[] = [];
  const events = async (kind: string): Promise<Event[]> =>
    (
      await shared.db.pool.query<Event>(
        'SELECT worker, job_id, n, event, retry, at FROM job_test_events WHERE kind = $1 ORDER BY id',
        [kind],
      )
    ).rows;
  const jobState = async (name: string, id: string) =>
    (
      await shared.db.pool.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2`,
        [name, id],
      )
    ).rows[0];
  const two = async (extra: Record<string, string> = {}) => {
    workers = await Promise.all([startWorkerProcess(shared, 'A', extra), startWorkerProcess(shared, 'B', extra)]);
    return workers;
  };

  beforeAll(async () => {
    shared = await openShared(engine.name);
    await shared.db.pool.query(EVENTS_TABLE);
  }, 180_000);
  afterEach(async () => {
    for (const worker of workers)
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
    workers = [];
  }, 60_000);
  afterAll(async () => {
    if (!shared) return;
    await closeQueueOf(shared.db.pool);
    await shared.close();
  });

  it('a batch of jobs runs exactly once each, spread over both workers', async () => {
    await two();
    const ids = [];
    for (let n = 0; n < 40; n++) ids.push(await enqueue(shared.db.pool, RECORD, { n, ms: 100 }));
    expect(new Set(ids).size).toBe(40);
    const done = await until(
      '40 ends',
      () => events(RECORD),
      (list) => list.filter((e) => e.event === 'end').length >= 40,
    );
    // Nothing more arrives later (no second run of any job).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const all = await events(RECORD);
    expect(all.length).toBe(done.length);
    const starts = all.filter((e) => e.event === 'start');
    expect(starts.map((e) => e.n).sort((a, b) => a! - b!)).toEqual([...Array(40).keys()]);
    expect(new Set(starts.map((e) => e.worker))).toEqual(new Set(['A', 'B']));
    for (const id of ids) expect((await jobState(RECORD, id!))?.state).toBe('completed');
  }, 180_000);

  it('a worker killed mid-job: after the lease the other worker runs the job, never both at once', async () => {
    await two();
    const id = (await enqueue(shared.db.pool, HOLD_SHORT_LEASE, { n: 1 }))!;
    const [first] = await until(
      'the first run',
      () => events(HOLD_SHORT_LEASE),
      (list) => list.length >= 1,
    );
    const holder = workers.find((worker) => worker.name === first!.worker)!;
    holder.child.kill('SIGKILL');
    await holder.exited;
    const killedAt = Date.now();
    const list = await until(
      'the run on the other worker',
      () => events(HOLD_SHORT_LEASE),
      (rows) => rows.some((e) => e.event === 'end'),
      { timeoutMs: 90_000 },
    );
    const second = list.filter((e) => e.event === 'start')[1]!;
    expect(second.worker).not.toBe(holder.name);
    expect(second.retry).toBe(1);
    // The lease (3 s) had to run out first: the retry did not start at once.
    expect(second.at.getTime()).toBeGreaterThanOrEqual(first!.at.getTime() + 2_500);
    expect(list.filter((e) => e.event === 'start')).toHaveLength(2);
    expect(list.some((e) => e.event.startsWith('gave up'))).toBe(false);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    await until(
      'completed',
      () => jobState(HOLD_SHORT_LEASE, id),
      (job) => job?.state === 'completed',
    );
  }, 180_000);

  it('a scheduled job runs once per period across both workers', async () => {
    const periodSeconds = 2;
    await two({ JOBS_FIXTURE_TICK_SECONDS: String(periodSeconds) });
    const from = (await shared.db.pool.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    await Promise.all(workers.map((worker) => (worker.child.kill('SIGTERM'), worker.exited)));
    const jobs = (
      await shared.db.pool.query<{ id: string; singleton_on: Date; state: string }>(
        `SELECT id, singleton_on, state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND created_on >= $2 ORDER BY singleton_on`,
        [TICK, from],
      )
    ).rows;
    const ticks = (await events(TICK)).filter((e) => jobs.some((job) => job.id === e.job_id));
    // One job per 2-second period (about 5 in 10.5 s), each run once: not one per worker.
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    expect(jobs.length).toBeLessThanOrEqual(7);
    expect(new Set(jobs.map((job) => job.singleton_on.getTime())).size).toBe(jobs.length);
    const ran = jobs.filter((job) => job.state === 'completed');
    expect(ran.length).toBeGreaterThanOrEqual(jobs.length - 1);
    expect(ticks.length).toBe(ran.length);
    expect(new Set(ticks.map((tick) => tick.job_id)).size).toBe(ticks.length);
  }, 180_000);

  it('a worker stopped gracefully hands its running job back: the other runs it at once, no try used', async () => {
    await two();
    const id = (await enqueue(shared.db.pool, HOLD_LONG_LEASE, { n: 2 }))!;
    const [first] = await until(
      'the first run',
      () => events(HOLD_LONG_LEASE),
      (list) => list.length >= 1,
    );
    const holder = workers.find((worker) => worker.name === first!.worker)!;
    holder.child.kill('SIGTERM');
    expect(await holder.exited).toBe(0);
    const list = await until(
      'the run on the other worker',
      () => events(HOLD_LONG_LEASE),
      (rows) => rows.some((e) => e.event === 'end'),
      { timeoutMs: 30_000 },
    );
    expect(list.map((e) => [e.worker, e.event, e.retry])).toEqual([
      [holder.name, 'start', 0],
      [holder.name, 'gave up: stopping', 0],
      [holder.name === 'A' ? 'B' : 'A', 'start', 0],
      [holder.name === 'A' ? 'B' : 'A', 'end', 0],
    ]);
    // Well within the 60 s lease: handed back, not expired.
    expect(list[2]!.at.getTime() - list[1]!.at.getTime()).toBeLessThan(20_000);
    await until(
      'completed',
      () => jobState(HOLD_LONG_LEASE, id),
      (job) => job?.state === 'completed',
    );
  }, 180_000);

  it('a singleton key queues one job; unknown kinds are refused', async () => {
    const name = `test.singleton-${engine.name}`;
    defineJob<{ key: string }>(name, { singletonKey: (payload) => payload.key }, async () => undefined);
    const first = await enqueue(shared.db.pool, name, { key: 'k1' });
    expect(first).toEqual(expect.any(String));
    expect(await enqueue(shared.db.pool, name, { key: 'k1' })).toBeNull();
    expect(await enqueue(shared.db.pool, name, { key: 'k2' })).toEqual(expect.any(String));
    await expect(enqueue(shared.db.pool, 'test.nobody-defined-this', {})).rejects.toThrow(/Unknown job kind/);
  });
});
