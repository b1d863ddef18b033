/** The job worker's configuration (worker-main.ts), read once from the environment. */
export interface WorkerConfig {
  databaseUrl: string | null;
  /** The local stack's PGlite server (db/database.ts); only when there is no DATABASE_URL. */
  pgliteSocketDir: string | null;
  concurrency: number;
  stopGraceMs: number;
  /** APP_ENV (default local): error reports are sent only in production. */
  environment: string;
  /** BUILD_ID, or the one the bundle was built with (scripts/ops/bundle-api.ts). */
  buildId: string;
  /** ERROR_REPORTING_DSN (http/error-reports.ts). */
  errorReportingDsn: string | null;
}

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return number;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  const databaseUrl = env.DATABASE_URL || null;
  const pgliteSocketDir = databaseUrl ? null : env.PGLITE_SOCKET_DIR || null;
  if (!databaseUrl && !pgliteSocketDir) {
    throw new Error(
      'Refusing to start: the job worker needs DATABASE_URL (PostgreSQL) or PGLITE_SOCKET_DIR (the PGlite server the local stack starts).',
    );
  }
  if (pgliteSocketDir && (env.APP_ENV || 'local') !== 'local')
    throw new Error('Refusing to start: PGLITE_SOCKET_DIR is for local use; set DATABASE_URL.');
  return {
    databaseUrl,
    pgliteSocketDir,
    concurrency: wholeNumber('JOB_CONCURRENCY', env.JOB_CONCURRENCY, 2, 1),
    stopGraceMs: wholeNumber('JOB_STOP_GRACE_MS', env.JOB_STOP_GRACE_MS, 30_000, 0),
    environment: env.APP_ENV || 'local',
    buildId: env.BUILD_ID || process.env.BUNDLED_BUILD_ID || 'unversioned',
    errorReportingDsn: env.ERROR_REPORTING_DSN?.trim() || null,
  };
}
