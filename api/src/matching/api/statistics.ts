/**
 * The matching statistics of a website (docs/matching.md), overall and per competitor, with each
 * competitor's calibration of automatic matching. Reading needs Read on productMatchingQueue and
 * the website in the caller's scope. The counting is the store's (statistics-store.ts).
 */
import type { ApiContext } from '../../graphql/context.ts';
import { findOrganizationWebsite } from '../../catalogue/catalogue-scope.ts';
import { requireRead } from './shared.ts';
import { uuidArg } from '../../graphql/validate.ts';
import type { QueryMatchingStatisticsArgs, Resolvers } from '../../graphql/generated/resolvers.ts';
import { competitorCalibrations } from '../calibration-store.ts';
import { toCalibration } from './calibration.ts';
import { websiteStatistics } from './statistics-store.ts';

async function matchingStatistics(_: unknown, args: QueryMatchingStatisticsArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  await requireRead(ctx, 'productMatchingQueue');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const { overall, competitors, queueProducts } = await websiteStatistics(ctx.pool, websiteId);
  // Automatic matching per competitor (docs/matching.md): the calibrated threshold and its estimate.
  const calibrations = await competitorCalibrations(
    ctx.pool,
    competitors.map((c) => c.id),
  );
  return {
    overall,
    competitors: competitors.map((c) => ({
      competitor: { id: c.id, name: c.name },
      statistics: c.statistics,
      calibration: toCalibration(calibrations.get(c.id)!),
    })),
    productsWaitingToMatch: queueProducts,
  };
}

export const matchingStatisticsResolvers = {
  Query: { matchingStatistics },
} satisfies Resolvers;
