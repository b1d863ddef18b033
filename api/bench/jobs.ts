/**
 * Job queue overhead (src/jobs/README.md): `--jobs` (default 500) jobs whose handler does nothing,
 * enqueued one by one, then worked by one in-process worker of `--concurrency` (default 4);
 * prints enqueue and work rates per engine (PGlite: its own server process, as the local stack
 * runs it; PostgreSQL at DATABASE_URL or 127.0.0.1:5432 when reachable, in a scratch database).
 *   cd api && npx tsx bench/jobs.ts [--jobs 500] [--concurrency 4]
 */
import { openDatabase, type Database } from '../src/db/database.ts';
import { startPgliteProcess, type PgliteProcess } from '../src/db/pglite-process.ts';
import { closeQueueOf, defineJob, enqueue, JOB_SCHEMA } from '../src/jobs/queue.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { enginesOf, machineLine, scratchDatabase } from './harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const JOBS = arg('jobs', 500);
const CONCURRENCY = arg('concurrency', 4);
const NOOP = 'bench.noop';
defineJob(NOOP, { expireInSeconds: 60 }, async () => undefined);

async function measure(name: string, db: Database): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < JOBS; i++) await enqueue(db.pool, NOOP, { i });
  const enqueued = performance.now();
  const worker = await startWorker({
    pool: db.pool,
    concurrency: CONCURRENCY,
    kinds: [NOOP],
    pollIntervalMs: 100,
    schedules: false,
  });
  const working = performance.now();
  for (;;) {
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'completed'`,
      [NOOP],
    );
    if (rows[0]!.n >= JOBS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const done = performance.now();
  await worker.stop();
  await closeQueueOf(db.pool);
  const perSecond = (ms: number) => ((JOBS / ms) * 1000).toFixed(0);
  console.log(
    `${name}: enqueue ${perSecond(enqueued - started)} jobs/s (${((enqueued - started) / JOBS).toFixed(2)} ms each); work ${perSecond(done - working)} jobs/s with ${CONCURRENCY} at once (${JOBS} no-op jobs)`,
  );
}

console.log(machineLine());
for (const engine of await enginesOf('both')) {
  const scratch = await scratchDatabase(engine, 'bench_jobs');
  // PGlite as the local stack runs it: its own server process, the queue's clients on its socket.
  let server: PgliteProcess | null = null;
  try {
    if (engine === 'pglite') server = await startPgliteProcess(scratch.dir, 8);
    const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '', pgliteSocketDir: server?.host ?? null });
    await measure(engine === 'pglite' ? 'PGlite' : 'PostgreSQL', db);
    await db.close();
  } finally {
    await server?.stop();
    await scratch.discard();
  }
}
