/**
 * Price-comparison portals and the selected website's products listed on them
 * (productsAggregators: every member reads). Another organization's website is NOT_FOUND.
 * Each resolver checks its arguments and the caller, then calls the store (aggregators-store.ts).
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden } from '../graphql/errors.ts';
import type { QueryAggregatorListingListArgs, Resolvers } from '../graphql/generated/resolvers.ts';
import { findOrganizationWebsite } from '../catalogue/catalogue-scope.ts';
import { pageArgs, searchArg, uuidArg } from '../graphql/validate.ts';
import { LISTING_SORTS, listAggregatorListings, listAggregators } from './aggregators-store.ts';

async function aggregators(_: unknown, __: unknown, ctx: ApiContext) {
  if (!(await ctx.can('productsAggregators', 'Read'))) throw forbidden('You may not read aggregators.');
  return listAggregators(ctx.pool);
}

async function aggregatorListingList(_: unknown, args: QueryAggregatorListingListArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const aggregatorId = args.aggregatorId == null ? null : uuidArg('aggregatorId', args.aggregatorId);
  const search = searchArg('search', args.search);
  const { limit, offset } = pageArgs(args);
  if (args.rankAtMost != null && (!Number.isInteger(args.rankAtMost) || args.rankAtMost < 1))
    throw badUserInput('rankAtMost', 'must be an integer of 1 or more');
  const sort = args.sort ?? 'PRODUCT_NAME_ASC';
  if (!LISTING_SORTS[sort]) throw badUserInput('sort', `must be one of ${Object.keys(LISTING_SORTS).join(', ')}`);
  if (!(await ctx.can('productsAggregators', 'Read'))) throw forbidden('You may not read aggregator listings.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const { rows, total } = await listAggregatorListings(ctx.pool, {
    websiteId,
    aggregatorId,
    search,
    rankAtMost: args.rankAtMost ?? null,
    notListed: args.notListed ?? null,
    sort,
    limit,
    offset,
  });
  return { data: rows, meta: { pagination: { total } } };
}

export const aggregatorResolvers = {
  Query: { aggregators, aggregatorListingList },
} satisfies Resolvers;
