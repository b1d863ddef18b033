/**
 * GraphQL of the calibration of automatic matching (./schema.graphql, docs/matching.md): a
 * competitor's calibration (on the competitor; the matching statistics add it in
 * ../graphql/resolvers/matching-statistics.ts) and the Admin's
 * target precision per organization or competitor.
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import { uuidArg } from '../graphql/validate.ts';
import { competitorCalibration, type CompetitorCalibration } from './calibration-store.ts';

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
    reason: c.automatic ? null : c.reason === 'too-few-decisions' ? ('TOO_FEW_DECISIONS' as const) : ('PRECISION_NOT_REACHED' as const),
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
    throw badUserInput('targetPrecision', 'The target precision must be greater than 0.5 and at most 1 (0.99 = 99 %), or null.');
  }
  return value;
}

function requireAdmin(ctx: ApiContext, what: string): void {
  if (!ctx.isAdmin) throw forbidden(`Only an Admin may ${what}.`);
}

export const matchingCalibrationResolvers = {
  Competitor: {
    matchingCalibration: (parent: { id: string }, _args: unknown, ctx: ApiContext) => calibrationOf(ctx, parent.id),
  },
  Mutation: {
    async organizationMatchingTargetPrecisionSet(_: unknown, args: { organizationId: string; targetPrecision?: number | null }, ctx: ApiContext) {
      requireAdmin(ctx, 'set the target precision of automatic matching');
      const id = uuidArg('organizationId', args.organizationId);
      const target = targetArg(args.targetPrecision);
      const { rowCount } = await ctx.pool.query('UPDATE organizations SET matching_target_precision = $2 WHERE id = $1', [id, target]);
      if (!rowCount) throw notFound('Organization', id);
      return target;
    },
    async competitorMatchingTargetPrecisionSet(_: unknown, args: { competitorId: string; targetPrecision?: number | null }, ctx: ApiContext) {
      requireAdmin(ctx, 'set the target precision of automatic matching');
      const id = uuidArg('competitorId', args.competitorId);
      const target = targetArg(args.targetPrecision);
      const { rowCount } = await ctx.pool.query('UPDATE competitors SET matching_target_precision = $2 WHERE id = $1', [id, target]);
      if (!rowCount) throw notFound('Competitor', id);
      return calibrationOf(ctx, id);
    },
  },
};
