/**
 * The job-worker process (README.md): runs the console's jobs (kinds.ts) against the API's
 * database, beside the API. `npm start` starts one (scripts/stack.ts); production runs any
 * number, on any machines, against one PostgreSQL.
 *   pnpm --filter @console/api worker
 * Environment: DATABASE_URL (PostgreSQL) or PGLITE_SOCKET_DIR (the local stack's PGlite server),
 * JOB_CONCURRENCY (jobs at once, default 2), JOB_STOP_GRACE_MS (default 30,000), APP_ENV,
 * ERROR_REPORTING_DSN with BUILD_ID (a failed job is reported in production: http/error-reports.ts).
 * SIGINT/SIGTERM stop it gracefully (running jobs finish or are handed back). It refuses to start
 * on a database without this code's migrations (or with a newer build's).
 */
import './kinds.ts';
import { openDatabase } from '../db/database.ts';
import { newerSchemaMessage, schemaStatus } from '../db/schema-status.ts';
import { serveMatchingThroughQueue } from '../matching/runs/jobs.ts';
import { closeQueueOf } from './queue.ts';
import { startWorker } from './worker.ts';
import { loadWorkerConfig } from './worker-config.ts';
import { createErrorReporter, jobFailureReporter } from '../http/error-reports.ts';

async function main() {
  let config: ReturnType<typeof loadWorkerConfig>;
  try {
    config = loadWorkerConfig(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Production with ERROR_REPORTING_DSN only: failed jobs and unhandled rejections, scrubbed.
  const reporter = createErrorReporter({
    dsn: config.errorReportingDsn,
    environment: config.environment,
    buildId: config.buildId,
    service: 'job-worker',
  });
  if (reporter) {
    process.on('unhandledRejection', (reason) => {
      console.error('Unhandled rejection:', reason);
      reporter.report(reason);
      void reporter.flush().finally(() => process.exit(1));
    });
  }
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: '',
    pgliteSocketDir: config.pgliteSocketDir,
    poolSize: config.concurrency + 2,
  });
  // Jobs need the schema this code knows: migrated (by the API or the migrate command), not newer.
  const status = await schemaStatus(db.pool);
  const refusal =
    newerSchemaMessage(status) ??
    (status.pending.length
      ? `The database lacks migrations ${status.pending.join(', ')}: run the API's migrations first; the job worker changes nothing.`
      : null);
  if (refusal) {
    console.error(`Refusing to start: ${refusal}`);
    await db.close();
    process.exit(1);
  }
  // Imports run here record matching changes: they become matching jobs for any worker.
  serveMatchingThroughQueue(db.pool);
  const worker = await startWorker({
    pool: db.pool,
    concurrency: config.concurrency,
    ...(reporter ? { onFailure: jobFailureReporter(reporter) } : {}),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the job worker`);
    await worker.stop({ graceMs: config.stopGraceMs });
    await closeQueueOf(db.pool);
    await db.close().catch((error) => console.error('Closing the database failed:', error));
    await reporter?.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Ready only once a signal stops it gracefully: a supervisor may send SIGTERM the moment it reads this.
  console.log(`Job worker ready (${db.engine}, ${config.concurrency} jobs at once).`);
}

main().catch((error) => {
  console.error('The job worker failed to start:', error);
  process.exit(1);
});
