/**
 * The SQL of the calibration and model settings the API reads and writes (calibration.ts): the
 * target precision of an organization or a competitor, the organization's model versions and
 * latest retrains, and whether a retrain waits on the job queue. The calibration itself is
 * counted by ../calibration-store.ts. No access checks here.
 */
import type { Queryable } from '../../db/transaction.ts';
import { JOB_SCHEMA } from '../../jobs/queue.ts';
import { MATCHING_RETRAIN } from '../runs/jobs.ts';

const precision = (value: string | number | null | undefined) => (value == null ? null : Number(value));

/** The competitor's own target precision (null: it inherits the organization's). */
export async function competitorTarget(db: Queryable, competitorId: string): Promise<number | null> {
  const { rows } = await db.query<{ target: number | null }>(
    'SELECT matching_target_precision AS target FROM competitors WHERE id = $1',
    [competitorId],
  );
  return precision(rows[0]?.target);
}

/** The organization's target precision (null: the default). */
export async function organizationTarget(db: Queryable, organizationId: string): Promise<number | null> {
  const { rows } = await db.query<{ target: number | null }>(
    'SELECT matching_target_precision AS target FROM organizations WHERE id = $1',
    [organizationId],
  );
  return precision(rows[0]?.target);
}

/** Sets an organization's target precision; false when there is no such organization. */
export async function setOrganizationTarget(db: Queryable, organizationId: string, target: number | null) {
  const { rowCount } = await db.query('UPDATE organizations SET matching_target_precision = $2 WHERE id = $1', [
    organizationId,
    target,
  ]);
  return Boolean(rowCount);
}

/** Sets a competitor's target precision; false when there is no such competitor. */
export async function setCompetitorTarget(db: Queryable, competitorId: string, target: number | null) {
  const { rowCount } = await db.query('UPDATE competitors SET matching_target_precision = $2 WHERE id = $1', [
    competitorId,
    target,
  ]);
  return Boolean(rowCount);
}

export async function organizationExists(db: Queryable, organizationId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
  return Boolean(rowCount);
}

/** A retrain of the organization waiting on the job queue or at work (pg-boss's states before 'completed'). */
export async function retrainQueued(db: Queryable, organizationId: string): Promise<boolean> {
  const { rows } = await db.query<{ queued: boolean }>(`SELECT to_regclass('${JOB_SCHEMA}.job') IS NOT NULL AS queued`);
  if (!rows[0]?.queued) return false;
  const { rowCount } = await db.query(
    `SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active') LIMIT 1`,
    [MATCHING_RETRAIN, organizationId],
  );
  return Boolean(rowCount);
}

const OUTCOMES = {
  trained: 'TRAINED',
  rolled_back: 'ROLLED_BACK',
  too_few_labels: 'TOO_FEW_LABELS',
  failed: 'FAILED',
} as const;

/** The organization's model versions, the newest first, with their held-out quality. */
export async function modelVersions(db: Queryable, organizationId: string) {
  const { rows } = await db.query(
    `SELECT m.version, m.active, m.trained_lists, m.held_out_lists, m.quality, m.created_at,
            EXISTS (SELECT 1 FROM matching_retrains r WHERE r.model_id = m.id AND r.outcome = 'rolled_back') AS rolled_back
       FROM matching_models m WHERE m.organization_id = $1 ORDER BY m.created_at DESC, m.version DESC`,
    [organizationId],
  );
  return rows.map((r) => ({
    version: r.version,
    active: r.active,
    trainedLists: r.trained_lists,
    heldOutLists: r.held_out_lists,
    heldOutRecallAt1: Number(r.quality.candidate.recallAt1),
    replacedVersion: String(r.quality.replaces),
    replacedRecallAt1: Number(r.quality.current.recallAt1),
    rolledBack: r.rolled_back,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The organization's latest 20 retrains, the newest first, with the decisions counted at each. */
export async function latestRetrains(db: Queryable, organizationId: string) {
  const { rows } = await db.query(
    `SELECT r.id, r.outcome, r.message, m.version, r.labelled_lists, r.seconds, r.finished_at, r.decisions
       FROM matching_retrains r LEFT JOIN matching_models m ON m.id = r.model_id WHERE r.organization_id = $1 ORDER BY r.id DESC LIMIT 20`,
    [organizationId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    outcome: OUTCOMES[r.outcome as keyof typeof OUTCOMES],
    message: r.message,
    version: r.version,
    labelledLists: r.labelled_lists,
    seconds: Number(r.seconds),
    finishedAt: new Date(r.finished_at).toISOString(),
    decisions: r.decisions as number,
  }));
}
