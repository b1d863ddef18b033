/**
 * competitorProductList: a competitor's catalogue, a page at a time, for the Admin's competitor
 * detail (competitors:detail) and the Owner's monitored-competitor view
 * (monitoredCompetitor:detail); tenant scoping as for the competitor itself. The resolver checks
 * its arguments and the caller, then calls the store (competitor-products-store.ts).
 */
import type { ApiContext } from '../graphql/context.ts';
import { forbidden } from '../graphql/errors.ts';
import type { QueryCompetitorProductListArgs, Resolvers } from '../graphql/generated/resolvers.ts';
import { pageArgs, searchArg, uuidArg } from '../graphql/validate.ts';
import { scopeOf } from './catalogue-scope.ts';
import { requestBatch } from '../graphql/batch.ts';
import {
  type CompetitorProductObject,
  competitorRefs,
  listCompetitorProducts,
  matchCounts,
  priceHistories,
} from './competitor-products-store.ts';
import { findCompetitor } from './competitors-store.ts';

async function competitorProductList(_: unknown, args: QueryCompetitorProductListArgs, ctx: ApiContext) {
  const competitorId = uuidArg('competitorId', args.competitorId);
  const { limit, offset } = pageArgs(args);
  const search = searchArg('search', args.search);
  const allowed =
    (await ctx.can('competitors:detail', 'Read')) || (await ctx.can('monitoredCompetitor:detail', 'Read'));
  if (!allowed) throw forbidden("You may not read competitors' products.");
  const competitor = await findCompetitor(ctx.pool, scopeOf(ctx), competitorId);
  const { rows, total } = await listCompetitorProducts(ctx.pool, {
    competitorId,
    productsCount: competitor.products_count,
    search,
    limit,
    offset,
  });
  return { data: rows, meta: { pagination: { total } } };
}

// The fields of a competitor product its store may not have read with it (the matching pages'
// pairs, the offers' history): each read for every product of the request in one statement.
const loadCompetitors = (ctx: ApiContext, ids: string[]) => competitorRefs(ctx.pool, ids);
const loadMatchCounts = (ctx: ApiContext, ids: string[]) => matchCounts(ctx.pool, ids);
const loadPriceHistories = (ctx: ApiContext, ids: string[]) => priceHistories(ctx.pool, ids);

async function competitor(parent: CompetitorProductObject, _: unknown, ctx: ApiContext) {
  if (parent.competitor) return parent.competitor;
  const found = await requestBatch(ctx, 'competitor', loadCompetitors, parent.competitorId);
  return found ?? { id: parent.competitorId, name: '' };
}

async function matchedCount(parent: CompetitorProductObject, _: unknown, ctx: ApiContext) {
  if (parent.matchedCount !== undefined) return parent.matchedCount;
  return (await requestBatch(ctx, 'matchCounts', loadMatchCounts, parent.id))?.matched ?? 0;
}

async function waitingCount(parent: CompetitorProductObject, _: unknown, ctx: ApiContext) {
  if (parent.waitingCount !== undefined) return parent.waitingCount;
  return (await requestBatch(ctx, 'matchCounts', loadMatchCounts, parent.id))?.waiting ?? 0;
}

async function priceHistory(parent: CompetitorProductObject, _: unknown, ctx: ApiContext) {
  if (parent.priceHistory) return parent.priceHistory;
  return (await requestBatch(ctx, 'priceHistory', loadPriceHistories, parent.id)) ?? [];
}

export const competitorProductResolvers = {
  Query: { competitorProductList },
  CompetitorProduct: { competitor, matchedCount, waitingCount, priceHistory },
} satisfies Resolvers;
