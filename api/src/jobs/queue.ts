/**
 * The PostgreSQL job queue (README.md): pg-boss 10 in the `jobs` schema of the API's database,
 * working through the process's own `pg.Pool` (so on PGlite it shares the one connection and
 * its unnamed statements, db/database.ts).
 *
 * - `defineJob` / `schedule` (registry.ts): job kinds and periodic work.
 * - `enqueue`: from any process (the API's resolvers too); runs no handler.
 * - `startWorker` (worker.ts): runs the kinds' handlers; `worker-main.ts` is the worker process.
 */
import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import { jobKind, type JobKind } from './registry.ts';

export { defineJob, schedule, type JobContext, type JobKind, type JobOptions } from './registry.ts';

/** pg-boss's tables live in their own schema, beside the API's (migrations never touch it). */
export const JOB_SCHEMA = 'jobs';

export interface Queue {
  pool: Pool;
  boss: PgBoss;
  /** Makes sure the kind's pg-boss queue exists with the kind's policy (once per process). */
  ensure(kind: JobKind<any>): Promise<void>;
  /** Stops pg-boss's timers; the pool stays open (it is the caller's). */
  close(): Promise<void>;
}

export interface QueueOptions {
  /** Run pg-boss's maintenance (expiry of lost jobs, archiving); workers do, the API does not. */
  supervise?: boolean;
  /** How often maintenance runs (one process of the database does it per period); default 30. */
  maintenanceIntervalSeconds?: number;
}

/** Opens pg-boss on the pool: installs or migrates its schema (safe from several processes at once). */
export async function openQueue(pool: Pool, options: QueueOptions = {}): Promise<Queue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) },
    schema: JOB_SCHEMA,
    supervise: options.supervise ?? false,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    // Completed jobs are kept a day (then archived), archived ones a week.
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', (error: Error) => console.error('Job queue:', error.message));
  await boss.start();
  const ensured = new Map<string, Promise<void>>();
  return {
    pool,
    boss,
    ensure(kind) {
      let done = ensured.get(kind.name);
      if (!done) {
        const settings = {
          name: kind.name,
          policy: kind.options.policy,
          retryLimit: kind.options.retryLimit,
          retryDelay: kind.options.retryDelaySeconds,
          expireInSeconds: kind.options.expireInSeconds,
        };
        done = withDeadlockRetry(async () => {
          await boss.createQueue(kind.name, settings);
          await boss.updateQueue(kind.name, settings);
        });
        done.catch(() => ensured.delete(kind.name));
        ensured.set(kind.name, done);
      }
      return done;
    },
    close: () => boss.stop({ close: false, graceful: false, wait: true }),
  };
}

/**
 * pg-boss creates a queue's partition of its job table (ATTACH PARTITION): two processes creating
 * different queues at once (the API's first enqueue while a worker starts) may deadlock on
 * PostgreSQL (40P01, seen in jobs-background.test.ts); the loser tries again.
 */
async function withDeadlockRetry(work: () => Promise<void>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

const shared = new WeakMap<Pool, Promise<Queue>>();

/** The process's queue for enqueueing on this pool (opened once; no maintenance, no handlers). */
export function queueOf(pool: Pool): Promise<Queue> {
  let queue = shared.get(pool);
  if (!queue) {
    queue = openQueue(pool);
    queue.catch(() => shared.delete(pool));
    shared.set(pool, queue);
  }
  return queue;
}

/** Stops the shared queue of the pool, if one was opened (before the pool ends). */
export async function closeQueueOf(pool: Pool): Promise<void> {
  const queue = shared.get(pool);
  shared.delete(pool);
  if (queue) await (await queue.catch(() => null))?.close();
}

export interface EnqueueOptions {
  /** Overrides the kind's singletonKey(payload). */
  singletonKey?: string;
  /** Seconds from now, or a time. */
  startAfter?: number | Date;
}

/**
 * Queues a job of a defined kind; answers its id, or null when a job of the same singleton key
 * is already queued (the kind's policy says how many may be: registry.ts).
 */
export async function enqueue<Payload>(
  target: Pool | Queue,
  name: string,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const kind = jobKind(name) as JobKind<Payload>;
  const queue = 'boss' in target ? target : await queueOf(target);
  await queue.ensure(kind);
  const singletonKey = options.singletonKey ?? kind.options.singletonKey?.(payload);
  return queue.boss.send(name, (payload ?? {}) as object, {
    retryLimit: kind.options.retryLimit,
    retryDelay: kind.options.retryDelaySeconds,
    expireInSeconds: kind.options.expireInSeconds,
    ...(singletonKey !== undefined ? { singletonKey } : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
  });
}
