/**
 * The product matching queue: the selected website's products with pairs waiting to match, in
 * priority order (rows kept by migration 040's triggers, so a page walks one index), one
 * product's candidates per competitor, the manual search in a competitor's catalogue, and the
 * reviewer leases (claim next, claim one, release). Each resolver checks its arguments and the
 * caller, then calls the store (queue-store.ts) or the state machine's leases (../state/leases.ts).
 */
import type { ApiContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { uuidArg, websitePageArgs } from '../../graphql/validate.ts';
import type { Queryable } from '../../db/transaction.ts';
import type {
  MatchingQueueFilter,
  MutationMatchingClaimNextArgs,
  MutationMatchingClaimProductArgs,
  MutationMatchingReleaseProductArgs,
  QueryMatchingCompetitorSearchArgs,
  QueryMatchingProductArgs,
  QueryMatchingQueueArgs,
  Resolvers,
} from '../../graphql/generated/resolvers.ts';
import { claimOrRefuse, currentLease, leaseSeconds, release, releaseOthers, tryClaim } from '../state/leases.ts';
import { findOrganizationWebsite } from '../../catalogue/catalogue-scope.ts';
import {
  boundedLimit,
  findCompetitorOf,
  findProduct,
  requireRead,
  requireUpdate,
  toGraphQLError,
  toLease,
} from './shared.ts';
import {
  freeProducts,
  loadMatchingProducts,
  ownLeasedProducts,
  queryQueueTotal,
  queuePage,
  queueQuery,
  searchCompetitorProducts,
} from './queue-store.ts';
import { websiteStatistics } from './statistics-store.ts';

export const QUEUE_MAX_LIMIT = 200;

function labelArg(field: string, value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value.trim();
  if (text.length > 200) throw badUserInput(field, 'must be at most 200 characters');
  return text || null;
}

/** The checked filter: a competitor of the website (else NOT_FOUND), a brand and a category. */
async function queueSelection(db: Queryable, websiteId: string, filter: MatchingQueueFilter | null | undefined) {
  const brand = labelArg('filter.brand', filter?.brand);
  const category = labelArg('filter.category', filter?.category);
  const competitorId = filter?.competitorId
    ? await findCompetitorOf(db, websiteId, filter.competitorId, 'filter.competitorId')
    : null;
  return queueQuery(websiteId, { competitorId, brand, category });
}

async function matchingQueue(_: unknown, args: QueryMatchingQueueArgs, ctx: ApiContext) {
  const { websiteId, limit, offset } = websitePageArgs(args, { max: QUEUE_MAX_LIMIT, fallback: 50 });
  await requireRead(ctx, 'productMatchingQueue');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const q = await queueSelection(ctx.pool, websiteId, args.filter);
  // Without a brand or category the size of the queue is kept (migration 042): not counted here.
  const kept = !q.brand && !q.category;
  const [page, counted, statistics] = await Promise.all([
    queuePage(ctx.pool, q, limit, offset, ctx.viewer.id),
    kept ? null : queryQueueTotal(ctx.pool, q),
    websiteStatistics(ctx.pool, websiteId),
  ]);
  const competitor = q.competitorId ? statistics.competitors.find((c) => c.id === q.competitorId)! : null;
  const counts = competitor ? competitor.statistics : statistics.overall;
  const total = counted ?? {
    total: competitor ? competitor.queueProducts : statistics.queueProducts,
    totalIsEstimate: false,
  };
  return {
    data: page,
    meta: { pagination: total, counts },
  };
}

async function matchingProduct(_: unknown, args: QueryMatchingProductArgs, ctx: ApiContext) {
  await requireRead(ctx, 'productMatchingQueue:detail');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  return (await loadMatchingProducts(ctx.pool, [product.id], ctx.viewer.id))[0]!;
}

async function matchingCompetitorSearch(_: unknown, args: QueryMatchingCompetitorSearchArgs, ctx: ApiContext) {
  await requireRead(ctx, 'productMatchingQueue:detail');
  const limit = boundedLimit('limit', args.limit, 50, 20);
  const search = typeof args.search === 'string' ? args.search.trim() : '';
  if (!search || search.length > 200) throw badUserInput('search', 'must be 1 to 200 characters');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  const competitorId = await findCompetitorOf(
    ctx.pool,
    product.organization_website_id,
    args.competitorId,
    'competitorId',
  );
  return searchCompetitorProducts(ctx.pool, competitorId, product.id, search, limit);
}

// ---- leases ------------------------------------------------------------------------------

async function matchingClaimNext(_: unknown, args: MutationMatchingClaimNextArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const count = boundedLimit('count', args.count, 3, 1);
  const exclude = (args.excludeProductIds ?? []).map((id) => uuidArg('excludeProductIds', id));
  if (exclude.length > 10) throw badUserInput('excludeProductIds', 'must list at most 10 products');
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'work in the product matching queue');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const q = await queueSelection(ctx.pool, websiteId, args.filter);
  const userId = ctx.viewer.id;
  const seconds = leaseSeconds();
  // 1. The caller's own live leases that still wait (the prefetched products), renewed.
  const own = await ownLeasedProducts(ctx.pool, q, userId, exclude, count);
  const claimed: string[] = [];
  for (const id of own) if (await tryClaim(ctx.pool, id, websiteId, userId, seconds)) claimed.push(id);
  // 2. Then free products in priority order; a product another reviewer takes meanwhile is
  //    refused by the upsert and the next one is tried.
  for (let round = 0; claimed.length < count && round < 5; round += 1) {
    const wanted = count - claimed.length;
    const free = await freeProducts(ctx.pool, q, [...exclude, ...claimed], wanted + 4 * (round + 1));
    if (!free.length) break;
    for (const id of free) {
      if (claimed.length >= count) break;
      if (await tryClaim(ctx.pool, id, websiteId, userId, seconds)) claimed.push(id);
    }
  }
  await releaseOthers(ctx.pool, websiteId, userId, [...claimed, ...exclude]);
  return loadMatchingProducts(ctx.pool, claimed, userId);
}

async function matchingClaimProduct(_: unknown, args: MutationMatchingClaimProductArgs, ctx: ApiContext) {
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'work in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  try {
    await claimOrRefuse(ctx.pool, product.id, product.organization_website_id, ctx.viewer.id);
  } catch (error) {
    throw toGraphQLError(error);
  }
  // The caller holds the lease now (claimOrRefuse took or renewed it).
  return toLease(await currentLease(ctx.pool, product.id), ctx.viewer.id)!;
}

async function matchingReleaseProduct(_: unknown, args: MutationMatchingReleaseProductArgs, ctx: ApiContext) {
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'work in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  return release(ctx.pool, product.id, ctx.viewer.id);
}

export const matchingQueueResolvers = {
  Query: { matchingQueue, matchingProduct, matchingCompetitorSearch },
  Mutation: { matchingClaimNext, matchingClaimProduct, matchingReleaseProduct },
} satisfies Resolvers;
