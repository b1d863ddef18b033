/**
 * A job-worker process of the scraper-resume suite (monitoring-resume.test.ts): only the
 * `scraper-run` kind (api/src/monitoring/jobs.ts), on MONITORING_FIXTURE_DATABASE_URL or
 * MONITORING_FIXTURE_PGLITE_SOCKET_DIR, short polling. Reports `{ type: 'ready' }` over IPC and
 * stops gracefully on SIGTERM like worker-main.ts (running jobs handed back).
 */
import '../src/monitoring/jobs.ts';
import { openDatabase } from '../src/db/database.ts';
import { closeQueueOf } from '../src/jobs/queue.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { SCRAPER_RUN_JOB } from '../src/monitoring/jobs.ts';

const db = await openDatabase({
  databaseUrl: process.env.MONITORING_FIXTURE_DATABASE_URL || null,
  pgliteDir: '',
  pgliteSocketDir: process.env.MONITORING_FIXTURE_PGLITE_SOCKET_DIR || null,
  poolSize: 4,
});
const worker = await startWorker({
  pool: db.pool,
  concurrency: 1,
  kinds: [SCRAPER_RUN_JOB],
  pollIntervalMs: 200,
  maintenanceIntervalSeconds: 1,
});
process.on('SIGTERM', async () => {
  await worker.stop({ graceMs: 15_000 });
  await closeQueueOf(db.pool);
  await db.close();
  process.exit(0);
});
process.send?.({ type: 'ready' });
