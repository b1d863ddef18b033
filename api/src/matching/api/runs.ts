/**
 * Matching runs (../schema.graphql, its runs section): a run's progress, the website's run history, and
 * starting a full run of the website or of one competitor. Reading: Read on productMatchingQueue;
 * starting: Create on productMatchingQueue (Owner, Admin). A non-admin reaches only its own
 * organization's websites, competitors and runs: anything else is NOT_FOUND. Each resolver
 * checks its arguments and the caller, then calls the store (runs-store.ts) or the engine's
 * run queue (../runs/queue.ts).
 */
import type { ApiContext } from '../../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../../graphql/errors.ts';
import type {
  MutationMatchingRunStartArgs,
  QueryMatchingRunArgs,
  QueryMatchingRunListArgs,
} from '../../graphql/generated/resolvers.ts';
import { uuidArg, websitePageArgs } from '../../graphql/validate.ts';
import { findOrganizationWebsite, scopeOf } from '../../catalogue/catalogue-scope.ts';
import { requestRun, wakeIfServing } from '../runs/queue.ts';
import { findRun, listRuns, runCompetitor } from './runs-store.ts';

async function matchingRun(_: unknown, args: QueryMatchingRunArgs, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  if (!(await ctx.can('productMatchingQueue', 'Read'))) throw forbidden('You may not read matching runs.');
  const run = await findRun(ctx.pool, scopeOf(ctx), id);
  if (!run) throw notFound('Matching run', id);
  return run;
}

async function matchingRunList(_: unknown, args: QueryMatchingRunListArgs, ctx: ApiContext) {
  const { websiteId, limit, offset } = websitePageArgs(args);
  if (!(await ctx.can('productMatchingQueue', 'Read'))) throw forbidden('You may not read matching runs.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const { runs, total } = await listRuns(ctx.pool, websiteId, limit, offset);
  return { data: runs, meta: { pagination: { total } } };
}

async function matchingRunStart(_: unknown, args: MutationMatchingRunStartArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const competitorId = args.competitorId == null ? null : uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('productMatchingQueue', 'Create')))
    throw forbidden('Starting a matching run needs Create on productMatchingQueue (Owner or Admin).');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  if (competitorId) {
    const competitor = await runCompetitor(ctx.pool, scopeOf(ctx), competitorId);
    if (!competitor) throw notFound('Competitor', competitorId);
    if (competitor.websiteId !== websiteId)
      throw badUserInput('competitorId', 'is not a competitor of this website', {
        reason: 'NOT_COMPETITOR_OF_WEBSITE',
      });
    if (!competitor.active)
      throw badUserInput('competitorId', 'the competitor is inactive: activate it before matching its products', {
        reason: 'COMPETITOR_INACTIVE',
      });
  }
  const { run, created } = await requestRun(ctx.pool, {
    websiteId,
    competitorId,
    trigger: 'manual',
    startedBy: ctx.viewer.id,
  });
  // A job worker takes it (matching/runs/jobs.ts); the API runs no matching itself.
  wakeIfServing(ctx.pool);
  return { run: (await findRun(ctx.pool, scopeOf(ctx), run.id))!, created };
}

export const matchingRunResolvers = {
  Query: { matchingRun, matchingRunList },
  Mutation: { matchingRunStart },
};
