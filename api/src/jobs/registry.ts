/**
 * The job kinds this process knows (README.md): what `defineJob` and `schedule` register. An
 * area defines its kinds in its own module (e.g. `feeds/jobs.ts`) and `kinds.ts` imports them
 * all, so the API (which only enqueues) and the worker (which runs them) know the same kinds.
 */
import type { Pool } from 'pg';

/** pg-boss queue policies: how many jobs of one singleton key may wait / run at once. */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface JobContext {
  /** The worker's shared pool. */
  pool: Pool;
  /**
   * Aborted when the job must stop: the worker is stopping (the job is handed back and runs
   * again later) or the job's lease was lost (its expiry passed; another worker may take it).
   * `signal.reason` is `'stopping'` or `'lease-lost'`. A handler checks it between steps.
   */
  signal: AbortSignal;
  jobId: string;
  /** 0 on the first try, then 1, 2, ... */
  retryCount: number;
  /**
   * Waits for `wait()` without holding one of the worker's slots: meanwhile the worker may start
   * another job in it (the job keeps its lease). When `wait()` settles the handler takes a slot
   * again before it goes on, ahead of jobs not yet started (at once when the signal is aborted).
   * For a long-running loop that mostly sleeps between short rounds (`pricing.update`).
   */
  idle<T>(wait: () => Promise<T>): Promise<T>;
}

export interface JobOptions<Payload> {
  /** Tries after the first failure (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 30). */
  retryDelaySeconds?: number;
  /**
   * The job's lease: a running job's worker renews it every third of this; a job whose worker
   * stopped renewing it (killed, cut off) is retried or failed once it is this old (default 60).
   */
  expireInSeconds?: number;
  /**
   * Jobs with the same key are singletons: `enqueue` answers null when one of that key is
   * already queued. The key of a payload (enqueue's `singletonKey` overrides it).
   */
  singletonKey?: (payload: Payload) => string;
  /**
   * Default 'stately' with a singletonKey (one queued and one running per key), else
   * 'standard'. 'short': one queued per key, any number running; 'singleton': one running per key.
   */
  policy?: QueuePolicy;
}

export type JobHandler<Payload> = (payload: Payload, ctx: JobContext) => Promise<void>;

export interface JobKind<Payload = unknown> {
  name: string;
  options: Required<Omit<JobOptions<Payload>, 'singletonKey'>> & Pick<JobOptions<Payload>, 'singletonKey'>;
  handler: JobHandler<Payload>;
}

export interface ScheduleEntry {
  /** The job kind to enqueue. */
  name: string;
  /** Once per period of this many seconds (periods aligned to the epoch, the database's clock). */
  everySeconds: number;
  payload: () => unknown;
}

const kinds = new Map<string, JobKind<any>>();
const schedules = new Map<string, ScheduleEntry>();

const NAME = /^[a-z][a-z0-9_.-]{0,99}$/;

/** Registers a job kind (once per name; a second definition of a name is a programming error). */
export function defineJob<Payload>(
  name: string,
  options: JobOptions<Payload>,
  handler: JobHandler<Payload>,
): JobKind<Payload> {
  if (!NAME.test(name)) throw new Error(`Job name "${name}" must be lower-case letters, digits, '.', '_' or '-'`);
  if (kinds.has(name)) throw new Error(`Job kind "${name}" is defined twice`);
  const expireInSeconds = options.expireInSeconds ?? 60;
  if (!Number.isInteger(expireInSeconds) || expireInSeconds < 2)
    throw new Error(`Job kind "${name}": expireInSeconds must be a whole number of at least 2`);
  const kind: JobKind<Payload> = {
    name,
    options: {
      retryLimit: options.retryLimit ?? 2,
      retryDelaySeconds: options.retryDelaySeconds ?? 30,
      expireInSeconds,
      policy: options.policy ?? (options.singletonKey ? 'stately' : 'standard'),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    },
    handler,
  };
  kinds.set(name, kind);
  return kind;
}

/**
 * Periodic work: a job of kind `name` enqueued once per period across every worker of the
 * database (each worker offers it; pg-boss's throttling keeps one job per period and key).
 */
export function schedule(name: string, options: { everySeconds: number; payload?: () => unknown }): void {
  if (!Number.isInteger(options.everySeconds) || options.everySeconds < 1)
    throw new Error(`Schedule of "${name}": everySeconds must be a whole number of at least 1`);
  schedules.set(name, { name, everySeconds: options.everySeconds, payload: options.payload ?? (() => ({})) });
}

export function jobKind(name: string): JobKind<any> {
  const kind = kinds.get(name);
  if (!kind) throw new Error(`Unknown job kind "${name}" (is its module imported in jobs/kinds.ts?)`);
  return kind;
}

export function jobKinds(): JobKind<any>[] {
  return [...kinds.values()];
}

export function scheduledJobs(): ScheduleEntry[] {
  return [...schedules.values()];
}
