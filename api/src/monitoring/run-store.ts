/**
 * A scraper run's life in the database (README.md, "Runs"): requested (queued; at most one queued
 * or running run per scraper, a unique index makes sure), claimed by the worker that executes it
 * (running, heartbeat), handed back by a stopping worker (queued again) and resumed, cancel
 * requested, ended (succeeded / failed / cancelled, health refreshed), a run whose worker died
 * and that no worker resumed failed by the sweep. The schedule queues a run for every enabled
 * scraper whose competitor's scraping frequency has come round.
 */
import type { Pool, PoolClient } from 'pg';
import { refreshHealth } from './health.ts';
import { describe, storedValues, type Reason, type ReasonCode, type ReasonValues } from './reasons.ts';

type Db = Pool | PoolClient;

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface ScraperRunRow {
  id: string;
  scraper_id: string;
  trigger: 'schedule' | 'manual';
  started_by: string | null;
  status: RunStatus;
  cancel_requested: boolean;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  heartbeat_at: Date | null;
  pages_total: number;
  pages_fetched: number;
  pages_not_modified: number;
  products_seen: number;
  products_new: number;
  products_changed: number;
  products_unchanged: number;
  products_failed: number;
  held_for_review: number;
  history_rows: number;
  failures_by_kind: Record<string, number>;
  bytes: string | number;
  duration_ms: number | null;
  error_message: string | null;
  error_code: ReasonCode | null;
  error_values: ReasonValues | null;
  resumes: number;
}

/** A running run whose heartbeat is older than this lost its worker. */
export const STALE_AFTER_SECONDS = 300;

export const FREQUENCY_INTERVAL: Record<string, string> = { hourly: '1 hour', daily: '1 day', weekly: '7 days' };

export async function findRun(db: Db, runId: string): Promise<ScraperRunRow | null> {
  const { rows } = await db.query<ScraperRunRow>('SELECT * FROM scraper_runs WHERE id = $1', [runId]);
  return rows[0] ?? null;
}

/** A queued run of the scraper, or the queued or running one it has already ({ created: false }). */
export async function requestRun(
  db: Db,
  scraperId: string,
  trigger: 'schedule' | 'manual',
  startedBy: string | null,
): Promise<{ run: ScraperRunRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await db.query<ScraperRunRow>(
      `INSERT INTO scraper_runs (scraper_id, trigger, started_by) VALUES ($1, $2, $3)
       ON CONFLICT (scraper_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING *`,
      [scraperId, trigger, startedBy],
    );
    if (rows[0]) return { run: rows[0], created: true };
    const active = await db.query<ScraperRunRow>(
      `SELECT * FROM scraper_runs WHERE scraper_id = $1 AND status IN ('queued', 'running')`,
      [scraperId],
    );
    if (active.rows[0]) return { run: active.rows[0], created: false };
  }
  throw new Error(`Could not queue a run of scraper ${scraperId}`);
}

/** A running run whose heartbeat is older than this may be resumed by another worker (its own died). */
export const RESUMABLE_AFTER_SECONDS = 90;

/**
 * Takes a run for execution: a queued one (new, or handed back by a stopping worker), or a running
 * one whose worker died (heartbeat older than RESUMABLE_AFTER_SECONDS). A run started before keeps
 * its start and counts a resume (`resumes` > 0: run.ts goes on from the pages not yet done). Null
 * when it is not to be taken (another worker has it, or it ended).
 */
export async function claimRun(
  db: Db,
  runId: string,
  resumableAfterSeconds = RESUMABLE_AFTER_SECONDS,
): Promise<ScraperRunRow | null> {
  const { rows } = await db.query<ScraperRunRow>(
    `UPDATE scraper_runs SET status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now(),
            resumes = resumes + CASE WHEN started_at IS NULL THEN 0 ELSE 1 END
      WHERE id = $1 AND (status = 'queued' OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => $2)))
      RETURNING *`,
    [runId, resumableAfterSeconds],
  );
  return rows[0] ?? null;
}

/** A stopping worker hands its run back: queued again, what it wrote stays; the next worker resumes it. */
export async function handBackRun(db: Db, runId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE scraper_runs SET status = 'queued', heartbeat_at = now() WHERE id = $1 AND status = 'running'`,
    [runId],
  );
  return (rowCount ?? 0) > 0;
}

export async function setPagesTotal(db: Db, runId: string, total: number): Promise<boolean> {
  const { rows } = await db.query<{ cancel_requested: boolean }>(
    'UPDATE scraper_runs SET pages_total = $2, heartbeat_at = now() WHERE id = $1 RETURNING cancel_requested',
    [runId, total],
  );
  return rows[0]?.cancel_requested ?? true;
}

/** Moves the heartbeat; true when a cancel was requested. */
export async function heartbeat(db: Db, runId: string): Promise<boolean> {
  const { rows } = await db.query<{ cancel_requested: boolean }>(
    'UPDATE scraper_runs SET heartbeat_at = now() WHERE id = $1 RETURNING cancel_requested',
    [runId],
  );
  return rows[0]?.cancel_requested ?? true;
}

/** Ends a running run and refreshes its scraper's health. */
export async function endRun(
  db: Db,
  runId: string,
  status: 'succeeded' | 'failed' | 'cancelled',
  why: Reason | null = null,
  from: RunStatus[] = ['queued', 'running'],
): Promise<ScraperRunRow | null> {
  const { rows } = await db.query<ScraperRunRow>(
    `UPDATE scraper_runs SET status = $2, ended_at = now(), error_message = $3, error_code = $5, error_values = $6::jsonb,
            duration_ms = (extract(epoch FROM now() - coalesce(started_at, created_at)) * 1000)::int
      WHERE id = $1 AND status = ANY($4::text[]) RETURNING *`,
    [
      runId,
      status,
      why && describe(why).slice(0, 4000),
      from,
      why?.code ?? null,
      why && JSON.stringify(storedValues(why.values)),
    ],
  );
  if (rows[0]) await refreshHealth(db, rows[0].scraper_id);
  return rows[0] ?? null;
}

/**
 * Cancel: a queued run ends at once; a running one is asked to stop (its worker ends it after the
 * batch it is writing). Returns the run, or null when it is not queued or running.
 */
export async function cancelRun(db: Db, runId: string): Promise<ScraperRunRow | null> {
  const queued = await endRun(db, runId, 'cancelled', null, ['queued']);
  if (queued) return queued;
  const { rows } = await db.query<ScraperRunRow>(
    `UPDATE scraper_runs SET cancel_requested = true WHERE id = $1 AND status = 'running' RETURNING *`,
    [runId],
  );
  return rows[0] ?? null;
}

/** Fails the running runs whose worker stopped (heartbeat too old); returns their ids. */
export async function sweepStaleRuns(db: Db, staleAfterSeconds = STALE_AFTER_SECONDS): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM scraper_runs WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1)`,
    [staleAfterSeconds],
  );
  const failed: string[] = [];
  for (const row of rows) {
    if (await endRun(db, row.id, 'failed', { code: 'WORKER_STOPPED', values: {} })) failed.push(row.id);
  }
  return failed;
}

/**
 * Queued runs waiting longer than `afterSeconds` since they were queued or handed back: their job
 * may be lost (a worker died while handing it back); the schedule dispatches them again (a run is
 * claimed once, so a second job for it does nothing).
 */
export async function waitingRuns(db: Db, afterSeconds = STALE_AFTER_SECONDS): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM scraper_runs WHERE status = 'queued' AND coalesce(heartbeat_at, created_at) < now() - make_interval(secs => $1) ORDER BY created_at LIMIT 100`,
    [afterSeconds],
  );
  return rows.map((row) => row.id);
}

/** Queues a run for each enabled scraper that is due (its competitor active) and moves its next time; returns the new runs' ids. */
export async function queueDueRuns(db: Db, max = 100): Promise<string[]> {
  const { rows } = await db.query<{ id: string; frequency: string }>(
    `SELECT s.id, c.scraping_frequency AS frequency FROM scrapers s JOIN competitors c ON c.id = s.competitor_id
      WHERE s.enabled AND c.active AND s.next_run_at <= now() ORDER BY s.next_run_at LIMIT $1`,
    [max],
  );
  const queued: string[] = [];
  for (const row of rows) {
    const moved = await db.query(
      `UPDATE scrapers SET next_run_at = now() + $2::interval WHERE id = $1 AND next_run_at <= now()`,
      [row.id, FREQUENCY_INTERVAL[row.frequency] ?? '1 day'],
    );
    if (!moved.rowCount) continue; // another scheduler took it
    const { run, created } = await requestRun(db, row.id, 'schedule', null);
    if (created) queued.push(run.id);
  }
  return queued;
}
