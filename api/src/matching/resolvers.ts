/**
 * GraphQL of the calibration of automatic matching (./schema.graphql, docs/matching.md): a
 * competitor's calibration (on the competitor; the matching statistics add it in
 * ../graphql/resolvers/matching-statistics.ts) and the Admin's
 * target precision per organization or competitor; the organization's model versions and
 * retrains (retrain.ts), a retrain on request.
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import { uuidArg } from '../graphql/validate.ts';
import { competitorCalibration, type CompetitorCalibration } from './calibration-store.ts';
import { enqueue } from '../jobs/queue.ts';
import { JOB_SCHEMA } from '../jobs/queue.ts';
import { DEFAULT_TARGET_PRECISION } from './calibration.ts';
import {
  activeModel,
  humanDecisions,
  MINIMUM_LISTS,
  MINIMUM_MATCHED_LISTS,
  RETRAIN_AFTER_DECISIONS,
} from './retrain.ts';
import { MATCHING_RETRAIN } from './runs/jobs.ts';

export function toCalibration(c: CompetitorCalibration) {
  return {
    targetPrecision: c.targetPrecision,
    automatic: c.automatic,
    threshold: c.automatic ? c.threshold : null,
    estimatedPrecision: c.automatic ? c.estimatedPrecision : null,
    estimatedCoverage: c.automatic ? c.estimatedCoverage : null,
    decisions: c.decisions,
    competitorDecisions: c.competitorDecisions,
    source: c.source === 'competitor' ? ('COMPETITOR' as const) : ('ORGANIZATION' as const),
    decisionsNeeded: c.automatic ? 0 : c.decisionsNeeded,
    reason: c.automatic
      ? null
      : c.reason === 'too-few-decisions'
        ? ('TOO_FEW_DECISIONS' as const)
        : ('PRECISION_NOT_REACHED' as const),
  };
}

async function calibrationOf(ctx: ApiContext, competitorId: string) {
  const calibration = await competitorCalibration(ctx.pool, competitorId);
  if (!calibration) throw notFound('Competitor', competitorId);
  return toCalibration(calibration);
}

/** A target precision: null (inherit), or a number in (0.5, 1]. */
function targetArg(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0.5 || value > 1) {
    throw badUserInput(
      'targetPrecision',
      'The target precision must be greater than 0.5 and at most 1 (0.99 = 99 %), or null.',
    );
  }
  return value;
}

function requireAdmin(ctx: ApiContext, what: string): void {
  if (!ctx.isAdmin) throw forbidden(`Only an Admin may ${what}.`);
}

const calibrationResolvers = {
  Competitor: {
    matchingCalibration: (parent: { id: string }, _args: unknown, ctx: ApiContext) => calibrationOf(ctx, parent.id),
    async matchingTargetPrecision(parent: { id: string }, _args: unknown, ctx: ApiContext) {
      const { rows } = await ctx.pool.query<{ target: number | null }>(
        'SELECT matching_target_precision AS target FROM competitors WHERE id = $1',
        [parent.id],
      );
      return rows[0]?.target == null ? null : Number(rows[0].target);
    },
  },
  Mutation: {
    async organizationMatchingTargetPrecisionSet(
      _: unknown,
      args: { organizationId: string; targetPrecision?: number | null },
      ctx: ApiContext,
    ) {
      requireAdmin(ctx, 'set the target precision of automatic matching');
      const id = uuidArg('organizationId', args.organizationId);
      const target = targetArg(args.targetPrecision);
      const { rowCount } = await ctx.pool.query(
        'UPDATE organizations SET matching_target_precision = $2 WHERE id = $1',
        [id, target],
      );
      if (!rowCount) throw notFound('Organization', id);
      return target;
    },
    async competitorMatchingTargetPrecisionSet(
      _: unknown,
      args: { competitorId: string; targetPrecision?: number | null },
      ctx: ApiContext,
    ) {
      requireAdmin(ctx, 'set the target precision of automatic matching');
      const id = uuidArg('competitorId', args.competitorId);
      const target = targetArg(args.targetPrecision);
      const { rowCount } = await ctx.pool.query('UPDATE competitors SET matching_target_precision = $2 WHERE id = $1', [
        id,
        target,
      ]);
      if (!rowCount) throw notFound('Competitor', id);
      return calibrationOf(ctx, id);
    },
  },
};

/** A retrain of the organization waiting on the job queue or at work (pg-boss's states before 'completed'). */
async function retrainQueued(ctx: ApiContext, organizationId: string): Promise<boolean> {
  const { rows } = await ctx.pool.query<{ queued: boolean }>(
    `SELECT to_regclass('${JOB_SCHEMA}.job') IS NOT NULL AS queued`,
  );
  if (!rows[0]?.queued) return false;
  const { rowCount } = await ctx.pool.query(
    `SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active') LIMIT 1`,
    [MATCHING_RETRAIN, organizationId],
  );
  return Boolean(rowCount);
}

/** Owners and Admins (Create on productMatchingQueue); a non-Admin only its own organization (others NOT_FOUND). */
async function organizationArg(ctx: ApiContext, value: string): Promise<string> {
  const id = uuidArg('organizationId', value);
  if (!(await ctx.can('productMatchingQueue', 'Create'))) throw forbidden('You may not retrain the matching model.');
  if (!ctx.isAdmin && ctx.viewer.organizationId !== id) throw notFound('Organization', id);
  const { rowCount } = await ctx.pool.query('SELECT 1 FROM organizations WHERE id = $1', [id]);
  if (!rowCount) throw notFound('Organization', id);
  return id;
}

const OUTCOMES = {
  trained: 'TRAINED',
  rolled_back: 'ROLLED_BACK',
  too_few_labels: 'TOO_FEW_LABELS',
  failed: 'FAILED',
} as const;

export const matchingModelResolvers = {
  Query: {
    async matchingModel(_: unknown, args: { organizationId: string }, ctx: ApiContext) {
      const id = await organizationArg(ctx, args.organizationId);
      const [active, versions, retrains, decisions, queued, organization] = await Promise.all([
        activeModel(ctx.pool, id),
        ctx.pool.query(
          `SELECT m.version, m.active, m.trained_lists, m.held_out_lists, m.quality, m.created_at,
                  EXISTS (SELECT 1 FROM matching_retrains r WHERE r.model_id = m.id AND r.outcome = 'rolled_back') AS rolled_back
             FROM matching_models m WHERE m.organization_id = $1 ORDER BY m.created_at DESC, m.version DESC`,
          [id],
        ),
        ctx.pool.query(
          `SELECT r.id, r.outcome, r.message, m.version, r.labelled_lists, r.seconds, r.finished_at, r.decisions
             FROM matching_retrains r LEFT JOIN matching_models m ON m.id = r.model_id WHERE r.organization_id = $1 ORDER BY r.id DESC LIMIT 20`,
          [id],
        ),
        humanDecisions(ctx.pool, id),
        retrainQueued(ctx, id),
        ctx.pool.query<{ target: number | null }>(
          'SELECT matching_target_precision AS target FROM organizations WHERE id = $1',
          [id],
        ),
      ]);
      const target = organization.rows[0]?.target;
      return {
        activeVersion: active.version,
        versions: versions.rows.map((r) => ({
          version: r.version,
          active: r.active,
          trainedLists: r.trained_lists,
          heldOutLists: r.held_out_lists,
          heldOutRecallAt1: Number(r.quality.candidate.recallAt1),
          replacedVersion: String(r.quality.replaces),
          replacedRecallAt1: Number(r.quality.current.recallAt1),
          rolledBack: r.rolled_back,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        retrains: retrains.rows.map((r) => ({
          id: String(r.id),
          outcome: OUTCOMES[r.outcome as keyof typeof OUTCOMES],
          message: r.message,
          version: r.version,
          labelledLists: r.labelled_lists,
          seconds: Number(r.seconds),
          finishedAt: new Date(r.finished_at).toISOString(),
        })),
        decisionsSinceRetrain: Math.max(0, decisions - (retrains.rows[0]?.decisions ?? 0)),
        retrainAfter: RETRAIN_AFTER_DECISIONS,
        retrainQueued: queued,
        minimumLists: MINIMUM_LISTS,
        minimumMatchedLists: MINIMUM_MATCHED_LISTS,
        targetPrecision: target == null ? null : Number(target),
        defaultTargetPrecision: DEFAULT_TARGET_PRECISION,
      };
    },
  },
  Mutation: {
    async matchingRetrainStart(_: unknown, args: { organizationId: string }, ctx: ApiContext) {
      const id = await organizationArg(ctx, args.organizationId);
      return (await enqueue(ctx.pool, MATCHING_RETRAIN, { organizationId: id })) !== null;
    },
  },
};

/** The area's resolvers (one line in ../graphql/resolvers/index.ts). */
export const matchingCalibrationResolvers = {
  Competitor: calibrationResolvers.Competitor,
  Query: matchingModelResolvers.Query,
  Mutation: { ...calibrationResolvers.Mutation, ...matchingModelResolvers.Mutation },
};
