/**
 * A job waiting in `ctx.idle` holds no worker slot (src/jobs/README.md), both engines: with one
 * slot, a job queued while a long-running job idles runs meanwhile; the idle job, done waiting,
 * takes the slot back first, before any job queued after it; while it works, nothing else starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { closeQueueOf, defineJob, enqueue } from '../src/jobs/queue.ts';
import { startWorker, type JobWorker } from '../src/jobs/worker.ts';
import { availableEngines } from './engines.ts';
import { until } from './until.ts';

const engines = await availableEngines();

const IDLER = 'test.idle.loop';
const SHORT = 'test.idle.short';
const events: string[] = [];
/** Ends the idler's wait (the test decides when). */
let endWait: (() => void) | null = null;
/** Ends the idler's work after its wait (the test decides when). */
let endWork: (() => void) | null = null;

defineJob(IDLER, { expireInSeconds: 10, retryLimit: 0 }, async (_payload, { idle }) => {
  events.push('idler work');
  await idle(() => new Promise<void>((resolve) => (endWait = resolve)));
  events.push('idler work again');
  await new Promise<void>((resolve) => (endWork = resolve));
  events.push('idler end');
});

defineJob<{ n: number }>(SHORT, { expireInSeconds: 10, retryLimit: 0 }, async ({ n }) => {
  events.push(`short ${n}`);
});

describe.each(engines)('A job worker on $name: idle jobs', (engine) => {
  let db: Database;
  let worker: JobWorker | undefined;

  beforeAll(async () => {
    db = await engine.open();
  }, 240_000);
  afterAll(async () => {
    await worker?.stop({ graceMs: 5_000 });
    if (db) await closeQueueOf(db.pool);
    await db?.close();
  });

  it('runs other jobs in the slot of a job that idles, and gives the slot back to it first', async () => {
    events.length = 0;
    worker = await startWorker({ pool: db.pool, concurrency: 1, kinds: [IDLER, SHORT], pollIntervalMs: 100 });
    await enqueue(db.pool, IDLER, {});
    await until('the idler waiting', async () => endWait !== null, Boolean, { timeoutMs: 30_000, intervalMs: 50 });

    // One slot, taken by a job that idles: a job queued now runs.
    await enqueue(db.pool, SHORT, { n: 1 });
    await until('a short job in the idle slot', async () => events.includes('short 1'), Boolean, {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    // Completed (recording it takes a statement after the handler), the idler still running.
    await until(
      'the short job completed',
      async () => worker!.running().length,
      (n) => n === 1,
      {
        timeoutMs: 10_000,
        intervalMs: 20,
      },
    );

    // Done waiting, the idler works again in its slot: a job queued now waits until it ends.
    endWait!();
    await until('the idler back', async () => events.includes('idler work again'), Boolean, {
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    await enqueue(db.pool, SHORT, { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(events).not.toContain('short 2');
    endWork!();
    await until('the short job after the idler', async () => events.includes('short 2'), Boolean, {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    expect(events).toEqual(['idler work', 'short 1', 'idler work again', 'idler end', 'short 2']);
  }, 120_000);
});
