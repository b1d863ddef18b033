/**
 * The insights' rollups are brought up to date by folding the notes the writes leave (migration
 * 096, README.md "Kept incrementally"): a write only appends the keys it changed to
 * insight_changes; `foldChanges` takes every note present and moves the rollups by what changed,
 * under the websites' locks. The job worker folds every few seconds (jobs.ts), so a snapshot reads
 * rollups at most that far behind the last write (its `updatedAt` is the last fold that changed
 * them); tests and the demo seed fold before they read.
 */
import type { Pool } from 'pg';
import type { Queryable } from '../db/transaction.ts';

/** Folds every note present; answers how many it took (0: the rollups were up to date). */
export async function foldChanges(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ taken: number }>('SELECT insight_fold() AS taken');
  return rows[0]?.taken ?? 0;
}

/**
 * The fold loop of the `insights.fold` job: folds, then waits `intervalMs`, until `forMs` have
 * passed or `signal` aborts. A failed fold is reported and the loop goes on (its notes are back,
 * the transaction having rolled back). The waiting runs inside `idle` (the worker's slot is free).
 */
export async function runFolds(
  pool: Pool,
  options: {
    signal?: AbortSignal;
    forMs: number;
    intervalMs: number;
    onError?: (error: unknown) => void;
    idle?: (wait: () => Promise<void>) => Promise<void>;
  },
): Promise<void> {
  const onError = options.onError ?? ((error) => console.error('Insights: fold failed:', error));
  const idle = options.idle ?? ((wait) => wait());
  const until = performance.now() + options.forMs;
  const signal = options.signal;
  const over = () => signal?.aborted || performance.now() >= until;
  while (!over()) {
    try {
      await foldChanges(pool);
    } catch (error) {
      onError(error);
    }
    if (over()) break;
    await idle(
      () =>
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, Math.max(0, Math.min(options.intervalMs, until - performance.now())));
          signal?.addEventListener('abort', done, { once: true });
        }),
    );
  }
}
