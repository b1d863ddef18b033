/**
 * Job kinds of the queue suite (jobs-queue.test.ts), known to the test (which enqueues) and to
 * its worker processes (jobs-worker-fixture.ts, which run them). Each handler writes what it did
 * to job_test_events, with the worker's name, so the test sees which process ran what and when.
 */
import type { Pool } from 'pg';
import { defineJob } from '../src/jobs/queue.ts';

export const EVENTS_TABLE = `CREATE TABLE IF NOT EXISTS job_test_events (
  id bigserial PRIMARY KEY, worker text NOT NULL, job_id uuid NOT NULL, kind text NOT NULL, n int,
  event text NOT NULL, retry int NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`;

const worker = () => process.env.JOBS_FIXTURE_WORKER ?? 'test';

async function record(
  pool: Pool,
  jobId: string,
  kind: string,
  n: number | null,
  event: string,
  retry: number,
): Promise<void> {
  await pool.query(
    'INSERT INTO job_test_events (worker, job_id, kind, n, event, retry) VALUES ($1, $2, $3, $4, $5, $6)',
    [worker(), jobId, kind, n, event, retry],
  );
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Error(`aborted: ${signal.reason}`));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error(`aborted: ${signal.reason}`));
      },
      { once: true },
    );
  });

/** A short job: start, a pause, end. */
export const RECORD = 'test.record';
defineJob<{ n: number; ms: number }>(
  RECORD,
  { expireInSeconds: 10 },
  async ({ n, ms }, { pool, jobId, retryCount }) => {
    await record(pool, jobId, RECORD, n, 'start', retryCount);
    await new Promise((resolve) => setTimeout(resolve, ms));
    await record(pool, jobId, RECORD, n, 'end', retryCount);
  },
);

/**
 * Holds on its first run until its signal is aborted (the worker stops; or the process is killed
 * and the run never ends); a later run of the same job (a retry, a handed-back job) ends at once.
 */
function holding(name: string, expireInSeconds: number) {
  defineJob<{ n: number }>(
    name,
    { expireInSeconds, retryLimit: 2, retryDelaySeconds: 0 },
    async ({ n }, { pool, jobId, retryCount, signal }) => {
      const { rows } = await pool.query(
        'SELECT count(*)::int AS runs FROM job_test_events WHERE job_id = $1 AND event = $2',
        [jobId, 'start'],
      );
      await record(pool, jobId, name, n, 'start', retryCount);
      if (rows[0].runs === 0) {
        try {
          await wait(10 * 60_000, signal);
        } catch (error) {
          await record(pool, jobId, name, n, `gave up: ${signal.reason}`, retryCount);
          throw error;
        }
      }
      await record(pool, jobId, name, n, 'end', retryCount);
    },
  );
  return name;
}
/** A lease of 3 s: a killed worker's job comes back within seconds. */
export const HOLD_SHORT_LEASE = holding('test.hold-short-lease', 3);
/** A lease of 60 s: a job that comes back within seconds was handed back, not expired. */
export const HOLD_LONG_LEASE = holding('test.hold-long-lease', 60);

/** The scheduled job: one event per run. */
export const TICK = 'test.tick';
defineJob(TICK, { expireInSeconds: 10, retryLimit: 0 }, async (_payload, { pool, jobId, retryCount }) => {
  await record(pool, jobId, TICK, null, 'tick', retryCount);
});
