/**
 * The worker's bindings (wrangler.toml vars + R2 + assets) and the validated view of them
 * that the handlers use. Every environment (local, dev, production) sets the same names.
 */
import { assertAuthConfig, type Environment } from '@console/firebase-token';
import { serviceAccountProblem } from './storage/service-account.ts';

export interface EdgeBindings {
  APP_ENV: string;
  GRAPHQL_UPSTREAM: string;
  /** Milliseconds; optional, default 15000. */
  GRAPHQL_UPSTREAM_TIMEOUT_MS?: string;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_API_KEY: string;
  FIREBASE_AUTH_DOMAIN: string;
  /** host:port of the Firebase Auth emulator; local only. */
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  STORAGE_MAIN_BUCKET: string;
  STORAGE_PUBLIC_BUCKET: string;
  /** Where the storage routes keep objects: "r2" (the MAIN_BUCKET / PUBLIC_BUCKET bindings) or "firebase". */
  STORAGE_BACKEND: string;
  /**
   * The Google service account key (JSON) the worker uses for Firebase Storage, a secret
   * (`wrangler secret put STORAGE_SERVICE_ACCOUNT`); needed where STORAGE_BACKEND is "firebase".
   */
  STORAGE_SERVICE_ACCOUNT?: string;
  /** Public DSN; only used outside local and dev (web/src/config/constants.ts). */
  ERROR_REPORTING_DSN?: string;
  /** A secret (`wrangler secret put`), sent to the API in EDGE_SECRET_HEADER; required in dev and production. */
  EDGE_SHARED_SECRET?: string;
  ASSETS: Fetcher;
  MAIN_BUCKET?: R2Bucket;
  PUBLIC_BUCKET?: R2Bucket;
}

export type EdgeEnv = { Bindings: EdgeBindings };

export interface EdgeConfig {
  environment: Environment;
  graphqlUpstream: string;
  upstreamTimeoutMs: number;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** e.g. http://127.0.0.1:9099, or null when no emulator is configured. */
  authEmulatorUrl: string | null;
  storage: { backend: StorageBackendName; mainBucket: string; publicBucket: string };
  errorReportingDsn: string | null;
  /** Sent to the API on every call (null only in local without one). */
  edgeSecret: string | null;
}

/** The header that carries EDGE_SHARED_SECRET to the API (api/src/http/edge-only.ts checks it). */
export const EDGE_SECRET_HEADER = 'X-Edge-Secret';
/** The same minimum the API applies to the shared secret. */
export const MIN_EDGE_SECRET_LENGTH = 32;

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000;

export const STORAGE_BACKENDS = ['r2', 'firebase'] as const;
export type StorageBackendName = (typeof STORAGE_BACKENDS)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const cache = new WeakMap<object, EdgeConfig>();

/** Validates the bindings once per env object; throws ConfigError on an unsafe or incomplete config. */
export function readConfig(env: EdgeBindings): EdgeConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const config = parseConfig(env);
  cache.set(env, config);
  return config;
}

function parseConfig(env: EdgeBindings): EdgeConfig {
  if (!env.APP_ENV) {
    throw new ConfigError(
      "This worker has no APP_ENV: wrangler.toml's top level is no environment; run or deploy it with --env local, dev or production.",
    );
  }
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || null;
  try {
    assertAuthConfig(env.APP_ENV, emulatorHost);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const environment = env.APP_ENV as Environment;
  const missing = (
    [
      'GRAPHQL_UPSTREAM',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_API_KEY',
      'FIREBASE_AUTH_DOMAIN',
      'STORAGE_MAIN_BUCKET',
      'STORAGE_PUBLIC_BUCKET',
      'STORAGE_BACKEND',
    ] as const
  ).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Missing configuration for the ${environment} environment: ${missing.join(', ')}`);
  }
  const timeout = env.GRAPHQL_UPSTREAM_TIMEOUT_MS
    ? Number(env.GRAPHQL_UPSTREAM_TIMEOUT_MS)
    : DEFAULT_UPSTREAM_TIMEOUT_MS;
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new ConfigError(
      `GRAPHQL_UPSTREAM_TIMEOUT_MS must be a positive number of milliseconds, not "${env.GRAPHQL_UPSTREAM_TIMEOUT_MS}"`,
    );
  }
  const edgeSecret = env.EDGE_SHARED_SECRET?.trim() || null;
  if (environment !== 'local' && !edgeSecret) {
    throw new ConfigError(
      `The ${environment} worker has no EDGE_SHARED_SECRET: set it with \`wrangler secret put EDGE_SHARED_SECRET --env ${environment}\` (the same value as the API's).`,
    );
  }
  if (edgeSecret && edgeSecret.length < MIN_EDGE_SECRET_LENGTH) {
    throw new ConfigError(`EDGE_SHARED_SECRET must be at least ${MIN_EDGE_SECRET_LENGTH} characters.`);
  }
  const backend = env.STORAGE_BACKEND as StorageBackendName;
  if (!STORAGE_BACKENDS.includes(backend)) {
    throw new ConfigError(
      `STORAGE_BACKEND must be one of ${STORAGE_BACKENDS.join(', ')}, not "${env.STORAGE_BACKEND}"`,
    );
  }
  // Firebase Storage only through the worker's own service account (storage/service-account.ts).
  const serviceAccount = backend === 'firebase' ? serviceAccountProblem(env.STORAGE_SERVICE_ACCOUNT) : null;
  if (serviceAccount) {
    throw new ConfigError(
      `The ${environment} worker keeps storage on Firebase, but STORAGE_SERVICE_ACCOUNT ${serviceAccount}: set it with \`wrangler secret put STORAGE_SERVICE_ACCOUNT --env ${environment}\` (the JSON key of a service account with Storage Object Admin on both buckets).`,
    );
  }
  return {
    environment,
    graphqlUpstream: env.GRAPHQL_UPSTREAM,
    upstreamTimeoutMs: timeout,
    firebase: {
      apiKey: env.FIREBASE_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN,
      projectId: env.FIREBASE_PROJECT_ID,
    },
    authEmulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
    storage: { backend, mainBucket: env.STORAGE_MAIN_BUCKET, publicBucket: env.STORAGE_PUBLIC_BUCKET },
    errorReportingDsn: env.ERROR_REPORTING_DSN?.trim() || null,
    edgeSecret,
  };
}

/** The header that proves a call to the API comes from this worker (none in local without a secret). */
export function edgeSecretHeaders(config: EdgeConfig): Record<string, string> {
  return config.edgeSecret ? { [EDGE_SECRET_HEADER]: config.edgeSecret } : {};
}

/** Error reporting is enabled only outside local and dev (web/src/config/constants.ts). */
export function errorReportingEnabled(config: EdgeConfig): boolean {
  return config.environment === 'production' && config.errorReportingDsn !== null;
}
