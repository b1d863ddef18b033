/**
 * The API's configuration, read once from the environment. Every value has a local default so
 * `pnpm --filter @console/api start` works on a fresh checkout.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { assertAuthConfig, type Environment } from './auth/firebase-token.ts';

/** The repository root (api/src/config.ts -> ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ApiConfig {
  environment: Environment;
  host: string;
  port: number;
  /** A PostgreSQL server; when absent the embedded PGlite database in `pgliteDir` is used. */
  databaseUrl: string | null;
  pgliteDir: string;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; local only. */
  authEmulatorHost: string | null;
  /** How many organization websites the demo data holds on first start. */
  seedWebsites: number;
}

export const DEFAULT_SEED_WEBSITES = 660;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): ApiConfig {
  const environment = (env.APP_ENV || 'local') as Environment;
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
  // Throws for an unknown environment and for dev/production pointing at an emulator.
  assertAuthConfig(environment, authEmulatorHost);
  const port = Number(env.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const scaleArg = argv.indexOf('--scale');
  const scale = scaleArg >= 0 ? argv[scaleArg + 1] : env.SEED_WEBSITES;
  const seedWebsites = scale === undefined || scale === '' ? DEFAULT_SEED_WEBSITES : Number(scale);
  if (!Number.isInteger(seedWebsites) || seedWebsites < 0) throw new Error(`--scale / SEED_WEBSITES must be a whole number, got "${scale}"`);
  return {
    environment,
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || null,
    pgliteDir: path.resolve(REPO_ROOT, env.PGLITE_DIR || '.data/pglite'),
    firebaseProjectId: env.FIREBASE_PROJECT_ID || 'demo-price-console',
    authEmulatorHost,
    seedWebsites,
  };
}
