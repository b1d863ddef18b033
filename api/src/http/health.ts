/**
 * What a load balancer asks (README "For operators"):
 * - GET /healthz: the process is alive and serving HTTP (200 always while it runs);
 * - GET /readyz: it should get traffic: the database answers within a second and every migration
 *   this build carries is applied (200), else 503 with the reason; 503 too once it is stopping.
 * Both carry the build id and environment; neither needs the edge's secret nor a token.
 */
import type { Pool } from 'pg';
import { schemaStatus, type SchemaStatus } from '../db/schema-status.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

export interface HealthDeps {
  pool: Pool;
  environment: string;
  buildId: string;
  /** The migration versions this build carries. */
  migrations: readonly string[];
  /** How long the database may take to answer (default 1 s). */
  timeoutMs?: number;
}

export interface Readiness {
  status: 'ready' | 'not-ready' | 'stopping';
  environment: string;
  buildId: string;
  database: 'ok' | 'unreachable';
  migrations?: SchemaStatus;
  reason?: string;
}

export function liveness(deps: Pick<HealthDeps, 'environment' | 'buildId'>) {
  return { status: 'alive' as const, environment: deps.environment, buildId: deps.buildId };
}

export async function readiness(deps: HealthDeps, stopping = false): Promise<Readiness> {
  const base = { environment: deps.environment, buildId: deps.buildId };
  if (stopping) return { ...base, status: 'stopping', database: 'ok', reason: 'The API is shutting down.' };
  let migrations: SchemaStatus;
  try {
    migrations = await withTimeout(schemaStatus(deps.pool, deps.migrations), deps.timeoutMs ?? 1_000);
  } catch (error) {
    return {
      ...base,
      status: 'not-ready',
      database: 'unreachable',
      reason: `The database did not answer: ${(error as Error).message}`,
    };
  }
  if (migrations.pending.length) {
    return {
      ...base,
      status: 'not-ready',
      database: 'ok',
      migrations,
      reason: `Migrations not applied: ${migrations.pending.join(', ')} (npm run migrate).`,
    };
  }
  if (migrations.unknown.length) {
    return {
      ...base,
      status: 'not-ready',
      database: 'ok',
      migrations,
      reason: `The database has migrations this build does not know: ${migrations.unknown.join(', ')}.`,
    };
  }
  return { ...base, status: 'ready', database: 'ok', migrations };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
