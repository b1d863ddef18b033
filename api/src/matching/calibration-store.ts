/**
 * Calibration of automatic matching per competitor from the reviewers' decisions
 * (docs/matching.md, calibration.ts): the labels are the pairs a person last decided (MATCHED or
 * NEVER_MATCH, the latest decision on the pair has an actor, so automatic matches are not their
 * own evidence), with the score the pair had when decided. A competitor with fewer decisions than
 * needed is calibrated on its organization's decisions; with too few there either, nothing is
 * matched automatically. The target precision is the competitor's, else its organization's,
 * else 0.99.
 */
import type { Queryable } from './state/apply.ts';
import {
  calibrateForPrecision,
  DEFAULT_TARGET_PRECISION,
  MINIMUM_DECISIONS,
  type Calibration,
  type CalibrationOptions,
  type Decision,
} from './calibration.ts';

export type CalibrationSource = 'competitor' | 'organization';

export type CompetitorCalibration = Calibration & {
  /** whose decisions the estimate rests on */
  source: CalibrationSource;
  /** the competitor's own decisions (the organization's are in `decisions` when the source is the organization) */
  competitorDecisions: number;
};

/** The labelled scores: pairs whose latest decision was a person's, ending MATCHED or NEVER_MATCH. */
const LABELS = `
  SELECT m.score, m.status = 'MATCHED' AS correct
    FROM product_matches m
   WHERE m.competitor_id = ANY($1::uuid[]) AND m.status IN ('MATCHED', 'NEVER_MATCH') AND m.score IS NOT NULL
     AND (SELECT d.actor_id FROM matching_decisions d WHERE d.match_id = m.id ORDER BY d.id DESC LIMIT 1) IS NOT NULL`;

async function labels(db: Queryable, competitorIds: string[]): Promise<Decision[]> {
  if (!competitorIds.length) return [];
  const { rows } = await db.query<{ score: number; correct: boolean }>(LABELS, [competitorIds]);
  return rows.map((r) => ({ score: Number(r.score), correct: r.correct }));
}

interface CompetitorRow {
  id: string;
  organization_id: string;
  target: number | null;
}

/**
 * The calibration of each given competitor (ids of one or more organizations). Options override
 * the defaults (tests); the target precision comes from the data unless given.
 */
export async function competitorCalibrations(
  db: Queryable,
  competitorIds: readonly string[],
  options: Omit<CalibrationOptions, 'targetPrecision'> = {},
): Promise<Map<string, CompetitorCalibration>> {
  const result = new Map<string, CompetitorCalibration>();
  if (!competitorIds.length) return result;
  const { rows } = await db.query<CompetitorRow>(
    `SELECT c.id, ow.organization_id, coalesce(c.matching_target_precision, o.matching_target_precision) AS target
       FROM competitors c
       JOIN organization_websites ow ON ow.id = c.organization_website_id
       JOIN organizations o ON o.id = ow.organization_id
      WHERE c.id = ANY($1::uuid[])`,
    [[...competitorIds]],
  );
  const minimumDecisions = options.minimumDecisions ?? MINIMUM_DECISIONS;
  /** organization id -> its decisions (loaded once, only when a competitor needs them) */
  const organizationLabels = new Map<string, Decision[]>();
  for (const row of rows) {
    const targetPrecision = row.target === null ? DEFAULT_TARGET_PRECISION : Number(row.target);
    const own = await labels(db, [row.id]);
    if (own.length >= minimumDecisions) {
      result.set(row.id, {
        ...calibrateForPrecision(own, { ...options, targetPrecision }),
        source: 'competitor',
        competitorDecisions: own.length,
      });
      continue;
    }
    let shared = organizationLabels.get(row.organization_id);
    if (!shared) {
      const { rows: all } = await db.query<{ id: string }>(
        `SELECT c.id FROM competitors c JOIN organization_websites ow ON ow.id = c.organization_website_id WHERE ow.organization_id = $1`,
        [row.organization_id],
      );
      shared = await labels(
        db,
        all.map((c) => c.id),
      );
      organizationLabels.set(row.organization_id, shared);
    }
    const calibration = calibrateForPrecision(shared, { ...options, targetPrecision });
    // Too few at the organization too: the competitor's own count is what the page reports.
    result.set(row.id, { ...calibration, source: 'organization', competitorDecisions: own.length });
  }
  return result;
}

export async function competitorCalibration(
  db: Queryable,
  competitorId: string,
  options: Omit<CalibrationOptions, 'targetPrecision'> = {},
): Promise<CompetitorCalibration | null> {
  return (await competitorCalibrations(db, [competitorId], options)).get(competitorId) ?? null;
}
