/**
 * The API's configuration, read once from the environment. It fails closed: nothing decides the
 * environment or the Firebase project for the operator. The local stack (scripts/stack.ts, used by
 * `npm start` and the end-to-end suite) sets every value it needs; dev and production set theirs
 * (README "For operators").
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { assertAuthConfig, type Environment } from '@console/firebase-token';

/** The repository root (api/src/config.ts -> ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ApiConfig {
  environment: Environment;
  host: string;
  port: number;
  /** A PostgreSQL server; when absent (local only) the embedded PGlite database in `pgliteDir` is used. */
  databaseUrl: string | null;
  pgliteDir: string;
  /** A PGlite server the local stack started, shared with the job worker (PGLITE_SOCKET_DIR; db/database.ts). */
  pgliteSocketDir: string | null;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; local only, on a loopback address. */
  authEmulatorHost: string | null;
  /** Seed the demo organizations and users into an empty database (DEMO_DATA=on; local only). */
  demoData: boolean;
  /** How many organization websites the demo data holds on first start. */
  seedWebsites: number;
  /** Apply pending migrations at start: always locally, elsewhere only with MIGRATE_AT_START=on or --migrate. */
  migrateAtStart: boolean;
  /** The secret the edge worker sends in EDGE_SECRET_HEADER; required outside local (http/edge-only.ts). */
  edgeSecret: string | null;
  /** The build this process runs (BUILD_ID, stamped by `npm run build`), shown by the health answers. */
  buildId: string;
  logLevel: LogLevel;
  /** ERROR_REPORTING_DSN: where unexpected errors are reported; used only in production (http/error-reports.ts). */
  errorReportingDsn: string | null;
}

export const DEFAULT_SEED_WEBSITES = 660;
/** A shared secret shorter than this is refused (`openssl rand -hex 32` gives 64 characters). */
export const MIN_EDGE_SECRET_LENGTH = 32;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const ON = /^(on|true|1|yes)$/i;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): ApiConfig {
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
  // Throws without APP_ENV, for an unknown one, for dev/production naming an emulator and for an
  // emulator off this machine.
  assertAuthConfig(env.APP_ENV, authEmulatorHost);
  const environment = env.APP_ENV as Environment;
  const local = environment === 'local';
  const firebaseProjectId = env.FIREBASE_PROJECT_ID?.trim();
  if (!firebaseProjectId)
    throw new Error(
      'Refusing to start: FIREBASE_PROJECT_ID is not set (the Firebase project whose ID tokens the API accepts).',
    );
  if (!local && firebaseProjectId.startsWith('demo-')) {
    throw new Error(
      `Refusing to start: the ${environment} configuration names a demo Firebase project (${firebaseProjectId}).`,
    );
  }
  const port = Number(env.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const scaleArg = argv.indexOf('--scale');
  const scale = scaleArg >= 0 ? argv[scaleArg + 1] : env.SEED_WEBSITES;
  const seedWebsites = scale === undefined || scale === '' ? DEFAULT_SEED_WEBSITES : Number(scale);
  if (!Number.isInteger(seedWebsites) || seedWebsites < 0)
    throw new Error(`--scale / SEED_WEBSITES must be a whole number, got "${scale}"`);
  const demoData = ON.test(env.DEMO_DATA ?? '');
  if (demoData && !local)
    throw new Error(
      `Refusing to start: DEMO_DATA seeds demo users with known passwords; it is for the local stack only, not ${environment}.`,
    );
  const databaseUrl = env.DATABASE_URL || null;
  if (!databaseUrl && !local)
    throw new Error(
      `Refusing to start: the ${environment} API needs DATABASE_URL (a PostgreSQL server); the embedded database is for local use.`,
    );
  const edgeSecret = env.EDGE_SHARED_SECRET || null;
  if (!local && !edgeSecret)
    throw new Error(
      `Refusing to start: the ${environment} API needs EDGE_SHARED_SECRET (the secret the edge worker sends), so that it answers only the edge.`,
    );
  if (edgeSecret && edgeSecret.length < MIN_EDGE_SECRET_LENGTH)
    throw new Error(`EDGE_SHARED_SECRET must be at least ${MIN_EDGE_SECRET_LENGTH} characters.`);
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return {
    environment,
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl,
    pgliteDir: path.resolve(REPO_ROOT, env.PGLITE_DIR || '.data/pglite'),
    pgliteSocketDir: local ? env.PGLITE_SOCKET_DIR || null : null,
    firebaseProjectId,
    authEmulatorHost,
    demoData,
    seedWebsites,
    migrateAtStart: local || ON.test(env.MIGRATE_AT_START ?? '') || argv.includes('--migrate'),
    edgeSecret,
    // BUNDLED_BUILD_ID is written into the production bundle by `npm run build` (scripts/ops/bundle-api.ts).
    buildId: env.BUILD_ID || process.env.BUNDLED_BUILD_ID || 'unversioned',
    logLevel,
    errorReportingDsn: env.ERROR_REPORTING_DSN?.trim() || null,
  };
}
