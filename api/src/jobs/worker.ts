/**
 * A job worker (README.md): takes jobs of its kinds from the queue, at most `concurrency` at
 * once, and runs their handlers. Each running job holds a lease (pg-boss's expiry) that the
 * worker renews while the handler runs; a worker that dies stops renewing, and pg-boss's
 * maintenance (in any live worker) retries or fails the job once the lease ran out, so a job
 * never runs twice at once. `stop()` lets running handlers finish or hands their jobs back.
 */
import pg, { type Pool } from 'pg';
import type PgBoss from 'pg-boss';
import { JOB_SCHEMA, openQueue } from './queue.ts';
import { jobKinds, scheduledJobs, type JobKind } from './registry.ts';

export interface WorkerOptions {
  pool?: Pool;
  /** Used when no pool is given: the worker opens (and at stop ends) its own pool. */
  connectionString?: string;
  /** Jobs running at once in this process (default 2). */
  concurrency?: number;
  /** Only these kinds (default: every defined kind). */
  kinds?: string[];
  /** How often an idle worker looks for jobs (default 1,000 ms). */
  pollIntervalMs?: number;
  /** How often this worker offers the scheduled jobs (default: half the shortest period, at most 10 s). */
  scheduleTickMs?: number;
  /** pg-boss maintenance period (expiry of lost jobs); default 30 s. */
  maintenanceIntervalSeconds?: number;
  /** Offer the scheduled jobs (default true). */
  schedules?: boolean;
  /** Told of each handler that failed (not one stopped or whose lease was lost): the error reports of worker-main.ts. */
  onFailure?: (error: unknown, job: { kind: string; id: string; retryCount: number }) => void;
}

export interface JobWorker {
  /**
   * Stops taking jobs, aborts the running handlers' signals (reason 'stopping') and waits up to
   * `graceMs` (default 30 s) for them: a job whose handler finished is completed, one whose
   * handler gave up is handed back (queued again at once, no try used). A handler still running
   * after the grace keeps its job active until its lease expires (the process should exit).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Jobs running now (ids). */
  running(): string[];
}

interface Running {
  kind: JobKind<any>;
  job: PgBoss.JobWithMetadata<unknown>;
  controller: AbortController;
  settled: Promise<void>;
  stopLease(): void;
  abandoned: boolean;
}

const sleep = (ms: number, wake: { resolve: (() => void) | null }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      wake.resolve = null;
      resolve();
    }
    wake.resolve = finish;
  });

export async function startWorker(options: WorkerOptions): Promise<JobWorker> {
  const ownPool = options.pool
    ? null
    : new pg.Pool({ connectionString: options.connectionString, max: (options.concurrency ?? 2) + 2 });
  const pool = options.pool ?? ownPool!;
  const concurrency = options.concurrency ?? 2;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error('concurrency must be a whole number of at least 1');
  const kinds = jobKinds().filter((kind) => !options.kinds || options.kinds.includes(kind.name));
  for (const name of options.kinds ?? [])
    if (!kinds.some((kind) => kind.name === name)) throw new Error(`Unknown job kind "${name}"`);
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;

  const queue = await openQueue(pool, {
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  for (const kind of kinds) await queue.ensure(kind);

  const running = new Map<string, Running>();
  /** Running jobs waiting in `ctx.idle` (they hold no slot), and those done waiting that want one back. */
  let idling = 0;
  const slotWaiters: Array<() => void> = [];
  const freeSlots = () => concurrency - (running.size - idling) - slotWaiters.length;
  /** Slots given back go first to idle jobs done waiting, then to new jobs (the dispatcher is woken). */
  const grantSlots = () => {
    while (slotWaiters.length && concurrency - (running.size - idling) > 0) {
      idling -= 1;
      slotWaiters.shift()!();
    }
    wake.resolve?.();
  };
  const wake = { resolve: null as (() => void) | null };
  let stopping = false;
  let rotation = 0;

  const renewLease = async (run: Running) =>
    pool.query(
      `UPDATE ${JOB_SCHEMA}.job SET expire_in = (now() - started_on) + $3 * interval '1 second'
        WHERE name = $1 AND id = $2 AND state = 'active'`,
      [run.kind.name, run.job.id, run.kind.options.expireInSeconds],
    );

  const handBack = async (run: Running) => {
    try {
      const { rowCount } = await pool.query(
        `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', started_on = NULL, start_after = now()
          WHERE name = $1 AND id = $2 AND state = 'active'`,
        [run.kind.name, run.job.id],
      );
      if (rowCount) console.log(`Job ${run.kind.name} ${run.job.id} handed back (the worker is stopping).`);
    } catch (error) {
      // Another job of the same singleton key waits already: it does the same work.
      if ((error as { code?: string }).code !== '23505') throw error;
      await queue.boss.cancel(run.kind.name, run.job.id);
    }
  };

  const start = (kind: JobKind<any>, job: PgBoss.JobWithMetadata<unknown>) => {
    const controller = new AbortController();
    const expireMs = kind.options.expireInSeconds * 1000;
    let renewedAt = Date.now();
    const run: Running = {
      kind,
      job,
      controller,
      settled: Promise.resolve(),
      stopLease: () => undefined,
      abandoned: false,
    };
    const lease = setInterval(
      () => {
        renewLease(run)
          .then(({ rowCount }) => {
            if (rowCount) renewedAt = Date.now();
            else controller.abort('lease-lost');
          })
          .catch((error) => {
            console.error(`Job ${kind.name} ${job.id}: renewing its lease failed:`, (error as Error).message);
            if (Date.now() - renewedAt > expireMs - 1_000) controller.abort('lease-lost');
          });
      },
      Math.max(500, Math.floor(expireMs / 3)),
    );
    run.stopLease = () => clearInterval(lease);
    run.settled = (async () => {
      let failure: unknown = null;
      try {
        const idle = async <T>(wait: () => Promise<T>): Promise<T> => {
          // The dispatcher sleeps while every slot is taken: told when this one frees up.
          const full = freeSlots() <= 0;
          idling += 1;
          if (full) grantSlots();
          try {
            return await wait();
          } finally {
            if (controller.signal.aborted || freeSlots() > 0) idling -= 1;
            else
              await new Promise<void>((resolve) => {
                const granted = () => {
                  controller.signal.removeEventListener('abort', aborted);
                  resolve();
                };
                // A job told to stop goes on at once (to end), without a slot.
                const aborted = () => {
                  const at = slotWaiters.indexOf(granted);
                  if (at >= 0) {
                    slotWaiters.splice(at, 1);
                    idling -= 1;
                  }
                  resolve();
                };
                slotWaiters.push(granted);
                controller.signal.addEventListener('abort', aborted, { once: true });
              });
          }
        };
        await kind.handler(job.data, {
          pool,
          signal: controller.signal,
          jobId: job.id,
          retryCount: job.retryCount,
          idle,
        });
      } catch (error) {
        failure = error ?? new Error('the handler failed');
      }
      run.stopLease();
      if (run.abandoned) return;
      const reason = controller.signal.aborted ? controller.signal.reason : null;
      try {
        if (reason === 'lease-lost') {
          console.error(`Job ${kind.name} ${job.id}: its lease was lost; left to the queue.`);
        } else if (!failure) {
          await queue.boss.complete(kind.name, job.id);
        } else if (reason === 'stopping') {
          await handBack(run);
        } else {
          console.error(
            `Job ${kind.name} ${job.id} failed (try ${job.retryCount + 1} of ${job.retryLimit + 1}):`,
            failure,
          );
          options.onFailure?.(failure, { kind: kind.name, id: job.id, retryCount: job.retryCount });
          await queue.boss.fail(
            kind.name,
            job.id,
            failure instanceof Error ? { message: failure.message } : { message: String(failure) },
          );
        }
      } catch (error) {
        console.error(`Job ${kind.name} ${job.id}: recording its outcome failed:`, error);
      }
    })().finally(() => {
      running.delete(job.id);
      grantSlots();
    });
    running.set(job.id, run);
  };

  /** The kinds with a job ready to start (one query, so an idle worker costs one statement per poll). */
  const readyKinds = async (): Promise<JobKind<any>[]> => {
    const { rows } = await pool.query<{ name: string }>(
      `SELECT DISTINCT name FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
      [kinds.map((kind) => kind.name)],
    );
    const ready = new Set(rows.map((row) => row.name));
    rotation = (rotation + 1) % Math.max(1, kinds.length);
    return [...kinds.slice(rotation), ...kinds.slice(0, rotation)].filter((kind) => ready.has(kind.name));
  };

  const dispatch = (async () => {
    while (!stopping) {
      let started = false;
      try {
        if (freeSlots() > 0 && kinds.length) {
          for (const kind of await readyKinds()) {
            if (freeSlots() <= 0 || stopping) break;
            // As many as there are free slots, in one statement.
            const jobs = await queue.boss.fetch<unknown>(kind.name, {
              batchSize: freeSlots(),
              includeMetadata: true,
            });
            for (const job of jobs) {
              if (stopping) await handBack({ kind, job } as Running);
              else {
                start(kind, job);
                started = true;
              }
            }
          }
        }
      } catch (error) {
        console.error('Job worker: looking for jobs failed:', (error as Error).message);
      }
      if (!started || freeSlots() <= 0) await sleep(pollIntervalMs, wake);
    }
  })();

  // Scheduled jobs: every worker offers each period's job; the throttle's unique key keeps one.
  const entries = options.schedules === false ? [] : scheduledJobs();
  const tickMs =
    options.scheduleTickMs ??
    Math.min(10_000, Math.max(250, Math.min(...entries.map((entry) => entry.everySeconds * 500))));
  const offer = async () => {
    for (const entry of entries) {
      const kind = jobKinds().find((candidate) => candidate.name === entry.name);
      if (!kind) continue;
      try {
        await queue.ensure(kind);
        const payload = entry.payload();
        await queue.boss.send(kind.name, (payload ?? {}) as object, {
          singletonSeconds: entry.everySeconds,
          singletonKey: kind.options.singletonKey?.(payload) ?? 'schedule',
          retryLimit: kind.options.retryLimit,
          retryDelay: kind.options.retryDelaySeconds,
          expireInSeconds: kind.options.expireInSeconds,
        });
      } catch (error) {
        console.error(`Job schedule ${entry.name}:`, (error as Error).message);
      }
    }
  };
  let offering: Promise<void> | null = null;
  const scheduler = entries.length
    ? setInterval(() => {
        offering ??= offer().finally(() => {
          offering = null;
        });
      }, tickMs)
    : null;
  if (entries.length) offering = offer().finally(() => (offering = null));

  let stopped: Promise<void> | null = null;
  return {
    running: () => [...running.keys()],
    stop({ graceMs = 30_000 } = {}) {
      stopped ??= (async () => {
        stopping = true;
        if (scheduler) clearInterval(scheduler);
        wake.resolve?.();
        await dispatch;
        await offering;
        const runs = [...running.values()];
        for (const run of runs) run.controller.abort('stopping');
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, graceMs, 'timeout')));
        const outcome = await Promise.race([
          Promise.all(runs.map((run) => run.settled)).then(() => 'done' as const),
          grace,
        ]);
        clearTimeout(timer);
        if (outcome === 'timeout') {
          for (const run of running.values()) {
            run.abandoned = true;
            run.stopLease();
            console.error(
              `Job ${run.kind.name} ${run.job.id} did not stop within ${graceMs} ms: left to expire and be retried.`,
            );
          }
        }
        await queue.close();
        if (ownPool) await ownPool.end();
      })();
      return stopped;
    },
  };
}
