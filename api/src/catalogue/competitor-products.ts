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
import { listCompetitorProducts } from './competitor-products-store.ts';
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

export const competitorProductResolvers = { Query: { competitorProductList } } satisfies Resolvers;
