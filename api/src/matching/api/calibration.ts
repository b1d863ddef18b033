/**
 * GraphQL of the calibration of automatic matching (../schema.graphql, docs/matching.md): a
 * competitor's calibration (on the competitor; the matching statistics add it in
 * statistics.ts) and the Admin's
 * target precision per organization or competitor; the organization's model versions and
 * retrains (../retrain.ts), a retrain on request.
 */
import type { ApiContext } from '../../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../../graphql/errors.ts';
import { uuidArg } from '../../graphql/validate.ts';
import { competitorCalibration, type CompetitorCalibration } from '../calibration-store.ts';
import { enqueue } from '../../jobs/queue.ts';
import { DEFAULT_TARGET_PRECISION } from '../calibration.ts';
import {
  activeModel,
  humanDecisions,
  MINIMUM_LISTS,
  MINIMUM_MATCHED_LISTS,
  RETRAIN_AFTER_DECISIONS,
} from '../retrain.ts';
import { MATCHING_RETRAIN } from '../runs/jobs.ts';
import type {
  Competitor,
  MutationCompetitorMatchingTargetPrecisionSetArgs,
  MutationMatchingRetrainStartArgs,
  MutationOrganizationMatchingTargetPrecisionSetArgs,
  QueryMatchingModelArgs,
} from '../../graphql/generated/resolvers.ts';
import {
  competitorTarget,
  latestRetrains,
  modelVersions,
  organizationExists,
  organizationTarget,
  retrainQueued,
  setCompetitorTarget,
  setOrganizationTarget,
} from './model-store.ts';

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
    matchingCalibration: (parent: Pick<Competitor, 'id'>, _args: unknown, ctx: ApiContext) =>
      calibrationOf(ctx, parent.id),
    matchingTargetPrecision: (parent: Pick<Competitor, 'id'>, _args: unknown, ctx: ApiContext) =>
      competitorTarget(ctx.pool, parent.id),
  },
  Mutation: {
    async organizationMatchingTargetPrecisionSet(
      _: unknown,
      args: MutationOrganizationMatchingTargetPrecisionSetArgs,
      ctx: ApiContext,
    ) {
      requireAdmin(ctx, 'set the target precision of automatic matching');
      const id = uuidArg('organizationId', args.organizationId);
      const target = targetArg(args.targetPrecision);
      if (!(await setOrganizationTarget(ctx.pool, id, target))) throw notFound('Organization', id);
      return target;
    },
    async competitorMatchingTargetPrecisionSet(
      _: unknown,
      args: MutationCompetitorMatchingTargetPrecisionSetArgs,
      ctx: ApiContext,
    ) {
      requireAdmin(ctx, 'set the target precision of automatic matching');
      const id = uuidArg('competitorId', args.competitorId);
      const target = targetArg(args.targetPrecision);
      if (!(await setCompetitorTarget(ctx.pool, id, target))) throw notFound('Competitor', id);
      return calibrationOf(ctx, id);
    },
  },
};

/** Owners and Admins (Create on productMatchingQueue); a non-Admin only its own organization (others NOT_FOUND). */
async function organizationArg(ctx: ApiContext, value: string): Promise<string> {
  const id = uuidArg('organizationId', value);
  if (!(await ctx.can('productMatchingQueue', 'Create'))) throw forbidden('You may not retrain the matching model.');
  if (!ctx.isAdmin && ctx.viewer.organizationId !== id) throw notFound('Organization', id);
  if (!(await organizationExists(ctx.pool, id))) throw notFound('Organization', id);
  return id;
}

export const matchingModelResolvers = {
  Query: {
    async matchingModel(_: unknown, args: QueryMatchingModelArgs, ctx: ApiContext) {
      const id = await organizationArg(ctx, args.organizationId);
      const [active, versions, retrains, decisions, queued, target] = await Promise.all([
        activeModel(ctx.pool, id),
        modelVersions(ctx.pool, id),
        latestRetrains(ctx.pool, id),
        humanDecisions(ctx.pool, id),
        retrainQueued(ctx.pool, id),
        organizationTarget(ctx.pool, id),
      ]);
      return {
        activeVersion: active.version,
        versions,
        retrains: retrains.map(({ decisions: _counted, ...retrain }) => retrain),
        decisionsSinceRetrain: Math.max(0, decisions - (retrains[0]?.decisions ?? 0)),
        retrainAfter: RETRAIN_AFTER_DECISIONS,
        retrainQueued: queued,
        minimumLists: MINIMUM_LISTS,
        minimumMatchedLists: MINIMUM_MATCHED_LISTS,
        targetPrecision: target,
        defaultTargetPrecision: DEFAULT_TARGET_PRECISION,
      };
    },
  },
  Mutation: {
    async matchingRetrainStart(_: unknown, args: MutationMatchingRetrainStartArgs, ctx: ApiContext) {
      const id = await organizationArg(ctx, args.organizationId);
      return (await enqueue(ctx.pool, MATCHING_RETRAIN, { organizationId: id })) !== null;
    },
  },
};

/** Calibration and model resolvers (merged with the rest of the matching API in resolvers.ts). */
export const matchingCalibrationResolvers = {
  Competitor: calibrationResolvers.Competitor,
  Query: matchingModelResolvers.Query,
  Mutation: { ...calibrationResolvers.Mutation, ...matchingModelResolvers.Mutation },
};
