/**
 * A job-worker process of the queue suite (jobs-queue.test.ts): the suite's kinds
 * (jobs-fixture-kinds.ts) on JOBS_FIXTURE_DATABASE_URL or JOBS_FIXTURE_PGLITE_SOCKET_DIR, with
 * short polling and maintenance; JOBS_FIXTURE_TICK_SECONDS schedules test.tick. Reports
 * `{ type: 'ready' }` over IPC; stops gracefully on SIGTERM like worker-main.ts.
 */
import { openDatabase } from '../src/db/database.ts';
import { schedule } from '../src/jobs/queue.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { HOLD_LONG_LEASE, HOLD_SHORT_LEASE, RECORD, TICK } from './jobs-fixture-kinds.ts';

const tickSeconds = Number(process.env.JOBS_FIXTURE_TICK_SECONDS || 0);
if (tickSeconds) schedule(TICK, { everySeconds: tickSeconds });

const db = await openDatabase({
  databaseUrl: process.env.JOBS_FIXTURE_DATABASE_URL || null,
  pgliteDir: '',
  pgliteSocketDir: process.env.JOBS_FIXTURE_PGLITE_SOCKET_DIR || null,
  poolSize: 4,
});
const worker = await startWorker({
  pool: db.pool,
  concurrency: 2,
  kinds: [RECORD, HOLD_SHORT_LEASE, HOLD_LONG_LEASE, TICK],
  pollIntervalMs: 200,
  maintenanceIntervalSeconds: 1,
  schedules: Boolean(tickSeconds),
  ...(tickSeconds ? { scheduleTickMs: 250 } : {}),
});
process.on('SIGTERM', async () => {
  await worker.stop({ graceMs: 5_000 });
  await db.close();
  process.exit(0);
});
process.send?.({ type: 'ready' });
