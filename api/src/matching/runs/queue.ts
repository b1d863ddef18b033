/**
 * Matching runs as jobs: requested (a person, the seed) or recorded changes (imports), queued in
 * matching_runs, worked one at a time per website by the API process that claims them.
 *
 * - requestRun: a FULL run of a website (all its active competitors) or of one competitor. When
 *   a full run covering that scope is queued or running already, that run is the answer.
 * - recordChanges: notes that the website's products (or one competitor's products) changed
 *   since a time, and makes sure an INCREMENTAL run is queued to look at them.
 * - wakeMatching / matchingSettled: this process's worker claims queued runs (oldest first; one
 *   running run per website, a unique index makes sure across processes) and executes them. In
 *   the job workers a `matching.work` job does (jobs.ts, jobs/README.md).
 *   A running run whose heartbeat is 10 minutes old lost its process: failed, its changes given back.
 */
import type { Pool } from 'pg';
import type { Db } from './keys.ts';
import { executeRun, type RunCounts, type RunRecord } from './run.ts';
import { DEFAULT_SETTINGS, type MatchingSettings } from './settings.ts';

export type RunTrigger = 'manual' | 'changes' | 'seed';

export interface MatchingRunRow extends RunRecord {
  trigger: RunTrigger;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  started_by: string | null;
  products_total: number;
  products_done: number;
  keys_refreshed: number;
  candidates_created: number;
  candidates_updated: number;
  matched_automatically: number;
  sent_to_confirmation: number;
  error_message: string | null;
  error_code: 'SERVER_WENT_AWAY' | 'RUN_ERROR' | null;
  error_detail: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const NO_COMPETITOR = '00000000-0000-0000-0000-000000000000';
const STALE_AFTER = '10 minutes';

export async function findRun(db: Db, runId: string): Promise<MatchingRunRow | null> {
  const { rows } = await db.query<MatchingRunRow>('SELECT * FROM matching_runs WHERE id = $1', [runId]);
  return rows[0] ?? null;
}

/** The queued or running full run that covers the scope (the website's, or the competitor's). */
async function coveringRun(db: Db, websiteId: string, competitorId: string | null): Promise<MatchingRunRow | null> {
  const { rows } = await db.query<MatchingRunRow>(
    `SELECT * FROM matching_runs
      WHERE organization_website_id = $1 AND kind = 'full' AND status IN ('queued', 'running')
        AND (competitor_id IS NULL OR competitor_id = $2::uuid)
      ORDER BY (status = 'running') DESC, (competitor_id IS NULL) DESC, created_at LIMIT 1`,
    [websiteId, competitorId],
  );
  return rows[0] ?? null;
}

/** A full run of the scope: the one queued or running already, or a new queued one. */
export async function requestRun(
  db: Db,
  request: { websiteId: string; competitorId: string | null; trigger: RunTrigger; startedBy: string | null },
): Promise<{ run: MatchingRunRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await coveringRun(db, request.websiteId, request.competitorId);
    if (existing) return { run: existing, created: false };
    const { rows } = await db.query<MatchingRunRow>(
      `INSERT INTO matching_runs (organization_website_id, competitor_id, kind, trigger, started_by)
       VALUES ($1, $2, 'full', $3, $4)
       ON CONFLICT (organization_website_id, (coalesce(competitor_id, '${NO_COMPETITOR}'::uuid)), kind) WHERE status = 'queued' DO NOTHING
       RETURNING *`,
      [request.websiteId, request.competitorId, request.trigger, request.startedBy],
    );
    if (rows[0]) return { run: rows[0], created: true };
  }
  throw new Error('Could not queue a matching run (the queue kept changing); try again.');
}

/**
 * Records that the website's products (competitorId null) or one competitor's products changed
 * since `since` (null: the statement's time) and queues an incremental run of the website.
 * Works inside the caller's transaction.
 */
export async function recordChanges(
  db: Db,
  change: { websiteId: string; competitorId: string | null; since?: Date | null },
): Promise<string> {
  await db.query(
    `INSERT INTO matching_changes (organization_website_id, competitor_id, since) VALUES ($1, $2, coalesce($3::timestamptz, now()))
     ON CONFLICT (organization_website_id, (coalesce(competitor_id, '${NO_COMPETITOR}'::uuid))) WHERE run_id IS NULL
     DO UPDATE SET since = least(matching_changes.since, EXCLUDED.since)`,
    [change.websiteId, change.competitorId, change.since ?? null],
  );
  const { rows } = await db.query<{ id: string }>(
    `WITH queued AS (
       INSERT INTO matching_runs (organization_website_id, kind, trigger) VALUES ($1, 'incremental', 'changes')
       ON CONFLICT (organization_website_id, (coalesce(competitor_id, '${NO_COMPETITOR}'::uuid)), kind) WHERE status = 'queued' DO NOTHING
       RETURNING id
     )
     SELECT id FROM queued
     UNION ALL
     SELECT id FROM matching_runs WHERE organization_website_id = $1 AND kind = 'incremental' AND status = 'queued'
     LIMIT 1`,
    [change.websiteId],
  );
  return rows[0]!.id;
}

/** Gives the changes a run had taken back to the next incremental run. */
async function giveBackChanges(db: Db, runId: string): Promise<void> {
  await db.query(
    `WITH taken AS (DELETE FROM matching_changes WHERE run_id = $1 RETURNING organization_website_id, competitor_id, since)
     INSERT INTO matching_changes (organization_website_id, competitor_id, since)
     SELECT organization_website_id, competitor_id, min(since) FROM taken GROUP BY 1, 2
     ON CONFLICT (organization_website_id, (coalesce(competitor_id, '${NO_COMPETITOR}'::uuid))) WHERE run_id IS NULL
     DO UPDATE SET since = least(matching_changes.since, EXCLUDED.since)`,
    [runId],
  );
  await db.query(
    `INSERT INTO matching_runs (organization_website_id, kind, trigger)
     SELECT DISTINCT organization_website_id, 'incremental', 'changes' FROM matching_changes WHERE run_id IS NULL
     ON CONFLICT (organization_website_id, (coalesce(competitor_id, '${NO_COMPETITOR}'::uuid)), kind) WHERE status = 'queued' DO NOTHING`,
  );
}

/** Fails the running runs whose process stopped sending heartbeats. */
async function failStaleRuns(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    `UPDATE matching_runs SET status = 'failed', finished_at = now(), error_code = 'SERVER_WENT_AWAY',
            error_message = 'The run stopped: its server went away before it finished'
      WHERE status = 'running' AND heartbeat_at < now() - interval '${STALE_AFTER}' RETURNING id`,
  );
  for (const { id } of rows) await giveBackChanges(pool, id);
}

/** Claims the oldest queued run of a website that has none running, or null. */
async function claimNext(pool: Pool): Promise<MatchingRunRow | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const { rows } = await pool.query<MatchingRunRow>(
        `UPDATE matching_runs SET status = 'running', started_at = now(), heartbeat_at = now()
          WHERE id = (SELECT r.id FROM matching_runs r
                       WHERE r.status = 'queued'
                         AND NOT EXISTS (SELECT 1 FROM matching_runs x WHERE x.organization_website_id = r.organization_website_id AND x.status = 'running')
                       ORDER BY r.created_at, r.id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING *`,
      );
      return rows[0] ?? null;
    } catch (error) {
      // Another process claimed a run of the same website at the same moment: look again.
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }
  return null;
}

async function work(pool: Pool, run: MatchingRunRow, worker: Worker): Promise<void> {
  const write = (counts: RunCounts, finish: 'succeeded' | null) =>
    pool.query(
      `UPDATE matching_runs SET products_total = $2, products_done = $3, keys_refreshed = $4, candidates_created = $5, candidates_updated = $6,
              matched_automatically = $7, sent_to_confirmation = $8, heartbeat_at = now(),
              status = coalesce($9, status), finished_at = CASE WHEN $9 IS NULL THEN finished_at ELSE now() END
        WHERE id = $1`,
      [
        run.id,
        counts.productsTotal,
        counts.productsDone,
        counts.keysRefreshed,
        counts.candidatesCreated,
        counts.candidatesUpdated,
        counts.matchedAutomatically,
        counts.sentToConfirmation,
        finish,
      ],
    );
  try {
    const counts = await executeRun(
      pool,
      run,
      {
        progress: async (counts) => {
          if (worker.stopping) throw new Error('the server stopped before the run finished; start it again');
          await write(counts, null);
        },
        takeChanges: async () => {
          const { rows } = await pool.query<{ competitor_id: string | null; since: Date }>(
            'UPDATE matching_changes SET run_id = $2 WHERE organization_website_id = $1 AND run_id IS NULL RETURNING competitor_id, since',
            [run.organization_website_id, run.id],
          );
          return rows.map((r) => ({ competitorId: r.competitor_id, since: r.since }));
        },
      },
      worker.settings,
    );
    await write(counts, 'succeeded');
    await pool.query('DELETE FROM matching_changes WHERE run_id = $1', [run.id]);
  } catch (error) {
    console.error(`Matching run ${run.id} failed:`, error);
    await pool
      .query(
        `UPDATE matching_runs SET status = 'failed', finished_at = now(), heartbeat_at = now(), error_message = $2,
                error_code = 'RUN_ERROR', error_detail = $3 WHERE id = $1`,
        [run.id, `The run failed: ${(error as Error).message}`.slice(0, 1000), (error as Error).message.slice(0, 1000)],
      )
      .catch((cause) => console.error(`Matching run ${run.id}: recording its failure failed:`, cause));
    await giveBackChanges(pool, run.id).catch((cause) =>
      console.error(`Matching run ${run.id}: giving back its changes failed:`, cause),
    );
  }
}

interface Worker {
  loop: Promise<void> | null;
  again: boolean;
  /** set by stopMatching: the current run fails at its next batch, no other run starts */
  stopping: boolean;
  /** set by serveMatching (API and job-worker processes): how recorded changes get worked (jobs.ts) */
  waker: (() => void) | null;
  settings: MatchingSettings;
}

const workers = new WeakMap<Pool, Worker>();

/** Settings of this process's worker on the pool (tests and benchmarks override them). */
export function configureMatching(pool: Pool, settings: Partial<MatchingSettings>): void {
  const worker = workerOf(pool);
  worker.settings = { ...worker.settings, ...settings };
}

function workerOf(pool: Pool): Worker {
  let worker = workers.get(pool);
  if (!worker) {
    worker = { loop: null, again: false, stopping: false, waker: null, settings: DEFAULT_SETTINGS };
    workers.set(pool, worker);
  }
  return worker;
}

/** Makes this process's worker look for queued runs now (it works until none is left). */
export function wakeMatching(pool: Pool): Promise<void> {
  const worker = workerOf(pool);
  if (worker.stopping) return Promise.resolve();
  if (worker.loop) {
    worker.again = true;
    return worker.loop;
  }
  const loop = (async () => {
    do {
      worker.again = false;
      await failStaleRuns(pool);
      while (!worker.stopping) {
        const run = await claimNext(pool);
        if (!run) break;
        await work(pool, run, worker);
      }
    } while (worker.again && !worker.stopping);
  })();
  worker.loop = loop.finally(() => {
    worker.loop = null;
  });
  worker.loop.catch((error) => console.error('Matching worker:', error));
  return worker.loop;
}

/**
 * Makes recorded changes and requested runs get worked: the API and the job workers enqueue a
 * matching job (jobs.ts) that some worker takes; by default this process's own worker wakes.
 * Elsewhere (suites) queued runs wait to be asked for (matchingSettled).
 */
export function serveMatching(
  pool: Pool,
  wake: () => void = () => void wakeMatching(pool).catch(() => undefined),
): void {
  workerOf(pool).waker = wake;
}

/** Has the queued runs worked when this process serves matching (see serveMatching). */
export function wakeIfServing(pool: Pool): void {
  workers.get(pool)?.waker?.();
}

/** Resolves when this process's worker has worked every queued run it can (tests, seed, shutdown). */
export async function matchingSettled(pool: Pool): Promise<void> {
  await wakeMatching(pool).catch(() => undefined);
  while (workers.get(pool)?.loop) await workers.get(pool)!.loop!.catch(() => undefined);
}

/** Stops this process's worker: the run at work fails at its next batch (its changes given back), no other starts. */
export async function stopMatching(pool: Pool): Promise<void> {
  const worker = workerOf(pool);
  worker.stopping = true;
  await worker.loop?.catch(() => undefined);
}
