/**
 * The product matching queue: the selected website's products with pairs waiting to match, in
 * priority order (rows kept by migration 040's triggers, so a page walks one index), one
 * product's candidates per competitor, the manual search in a competitor's catalogue, and the
 * reviewer leases (claim next, claim one, release).
 */
import type { ApiContext } from '../context.ts';
import { badUserInput } from '../errors.ts';
import { offsetArg, uuidArg } from '../validate.ts';
import { normalizeGtin } from '../../matching/gtin.ts';
import type { Queryable } from '../../matching/state/apply.ts';
import {
  claimOrRefuse,
  currentLease,
  leaseSeconds,
  release,
  releaseOthers,
  tryClaim,
} from '../../matching/state/leases.ts';
import { findOrganizationWebsite, toIso, toNumber } from './catalogue-scope.ts';
import {
  boundedLimit,
  COMPETITOR_PRODUCT_COLUMNS,
  findCompetitorOf,
  findProduct,
  PAIR_COLUMNS,
  PRODUCT_SUMMARY_COLUMNS,
  requireRead,
  requireUpdate,
  toCompetitorProduct,
  toGraphQLError,
  toLease,
  toPair,
  toProductSummary,
} from './matching-shared.ts';
import { websiteStatistics } from './matching-statistics.ts';

export const QUEUE_MAX_LIMIT = 200;
/** With a brand or category filter the total is counted exactly up to this many products, estimated above (a page shows "~N"); without one it is kept (migration 042). */
const TOTAL_EXACT_UP_TO = 1_000;

export interface QueueFilter {
  competitorId?: string | null;
  brand?: string | null;
  category?: string | null;
}

function labelArg(field: string, value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value.trim();
  if (text.length > 200) throw badUserInput(field, 'must be at most 200 characters');
  return text || null;
}

/**
 * The queue's FROM, WHERE and ORDER BY for a filter. Without a competitor the product rows carry
 * the queue state (partial indexes on priority); with one, the product x competitor rows do.
 */
export async function queueQuery(db: Queryable, websiteId: string, filter: QueueFilter | null | undefined) {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const brand = labelArg('filter.brand', filter?.brand);
  const category = labelArg('filter.category', filter?.category);
  if (filter?.competitorId) {
    const competitorId = await findCompetitorOf(db, websiteId, filter.competitorId, 'filter.competitorId');
    // The competitor belongs to the website (checked above): its queue rows are the website's,
    // and the count walks the competitor's index alone.
    const where = [`q.competitor_id = ${add(competitorId)}`];
    if (brand) where.push(`q.brand = ${add(brand)}`);
    if (category) where.push(`q.category = ${add(category)}`);
    return {
      competitorId,
      brand,
      category,
      from: 'matching_queue q JOIN products p ON p.id = q.product_id',
      countFrom: 'matching_queue q',
      where: where.join(' AND '),
      order: 'q.priority DESC, q.waiting_since, q.product_id',
      state:
        'q.candidates AS q_candidates, q.best_score AS q_best_score, q.price_gap AS q_price_gap, q.waiting_since AS q_since, q.priority AS q_priority',
      params,
    };
  }
  const where = [`p.organization_website_id = ${add(websiteId)}`, 'p.queue_candidates > 0'];
  if (brand) where.push(`p.brand = ${add(brand)}`);
  if (category) where.push(`p.category = ${add(category)}`);
  return {
    competitorId: null,
    brand,
    category,
    from: 'products p',
    countFrom: 'products p',
    where: where.join(' AND '),
    order: 'p.queue_priority DESC, p.queue_waiting_since, p.id',
    state:
      'p.queue_candidates AS q_candidates, p.queue_best_score AS q_best_score, p.queue_price_gap AS q_price_gap, p.queue_waiting_since AS q_since, p.queue_priority AS q_priority',
    params,
  };
}

async function matchingQueue(
  _: unknown,
  args: { organizationWebsiteId: string; filter?: QueueFilter | null; limit: number; offset: number },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = boundedLimit('limit', args.limit, QUEUE_MAX_LIMIT, 50);
  const offset = offsetArg('offset', args.offset);
  await requireRead(ctx, 'productMatchingQueue');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const q = await queueQuery(ctx.pool, websiteId, args.filter);
  const n = q.params.length;
  // Without a brand or category the size of the queue is kept (migration 042): not counted here.
  const kept = !q.brand && !q.category;
  const [page, counted, statistics] = await Promise.all([
    ctx.pool.query(
      `SELECT ${PRODUCT_SUMMARY_COLUMNS}, ${q.state}, l.user_id AS l_user_id, u.email AS l_user_email, l.expires_at AS l_expires_at
         FROM ${q.from}
         LEFT JOIN matching_leases l ON l.product_id = p.id AND l.expires_at > clock_timestamp()
         LEFT JOIN app_users u ON u.id = l.user_id
        WHERE ${q.where}
        ORDER BY ${q.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...q.params, limit, offset],
    ),
    kept ? null : queueTotal(ctx.pool, q),
    websiteStatistics(ctx.pool, websiteId),
  ]);
  const competitor = q.competitorId ? statistics.competitors.find((c) => c.id === q.competitorId)! : null;
  const counts = competitor ? competitor.statistics : statistics.overall;
  const total = counted ?? {
    total: competitor ? competitor.queueProducts : statistics.queueProducts,
    totalIsEstimate: false,
  };
  return {
    data: page.rows.map((row) => ({
      product: toProductSummary(row),
      candidates: row.q_candidates,
      bestScore: row.q_best_score === null ? null : Number(row.q_best_score),
      priceGapPercent: toNumber(row.q_price_gap),
      waitingSince: toIso(row.q_since)!,
      priority: row.q_priority,
      lease: row.l_user_id
        ? toLease(
            {
              product_id: row.p_id,
              user_id: row.l_user_id,
              user_email: row.l_user_email,
              expires_at: row.l_expires_at,
            },
            ctx.viewer.id,
          )
        : null,
    })),
    meta: { pagination: total, counts },
  };
}

async function queueTotal(
  db: Queryable,
  q: Awaited<ReturnType<typeof queueQuery>>,
): Promise<{ total: number; totalIsEstimate: boolean }> {
  // In the queue's order: the planner then walks the filter's queue index (a few thousand
  // entries at most) rather than scanning the table until enough rows match (10 ms against 2 ms
  // for a category on PGlite at 100,000 products).
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${q.countFrom} WHERE ${q.where} ORDER BY ${q.order} LIMIT ${TOTAL_EXACT_UP_TO + 1}) t`,
    q.params,
  );
  const exact = rows[0]!.n;
  if (exact <= TOTAL_EXACT_UP_TO) return { total: exact, totalIsEstimate: false };
  const plan = await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${q.countFrom} WHERE ${q.where}`, q.params);
  const estimate = Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  return { total: Math.max(estimate, TOTAL_EXACT_UP_TO + 1), totalIsEstimate: true };
}

/** Products of the queue as the detail shows them: attributes, pairs per competitor, lease. */
export async function loadMatchingProducts(db: Queryable, productIds: string[], viewerId: string) {
  if (!productIds.length) return [];
  const [products, pairs, leases] = await Promise.all([
    db.query(`SELECT ${PRODUCT_SUMMARY_COLUMNS}, p.queue_candidates FROM products p WHERE p.id = ANY($1::uuid[])`, [
      productIds,
    ]),
    db.query(
      `SELECT m.product_id, c.id AS c_id, c.name AS c_name, c.matching_mode AS c_mode, ${PAIR_COLUMNS}, ${COMPETITOR_PRODUCT_COLUMNS}
         FROM product_matches m
         JOIN products p ON p.id = m.product_id
         JOIN competitors c ON c.id = m.competitor_id
         JOIN competitor_products cp ON cp.id = m.competitor_product_id
        WHERE m.product_id = ANY($1::uuid[])
        ORDER BY c.name, c.id, (m.status = 'WAITING' AND m.stage = 'candidate') DESC, m.score DESC NULLS LAST, m.id`,
      [productIds],
    ),
    db.query(
      `SELECT l.product_id, l.user_id, u.email AS user_email, l.expires_at FROM matching_leases l LEFT JOIN app_users u ON u.id = l.user_id
        WHERE l.product_id = ANY($1::uuid[]) AND l.expires_at > clock_timestamp()`,
      [productIds],
    ),
  ]);
  const byId = new Map(products.rows.map((row) => [row.p_id as string, row]));
  return productIds
    .filter((id) => byId.has(id))
    .map((id) => {
      const row = byId.get(id)!;
      const competitors: Array<{
        competitor: { id: string; name: string };
        matchingMode: string;
        pairs: ReturnType<typeof toPair>[];
      }> = [];
      for (const pair of pairs.rows.filter((r) => r.product_id === id)) {
        let group = competitors.at(-1);
        if (!group || group.competitor.id !== pair.c_id)
          competitors.push(
            (group = { competitor: { id: pair.c_id, name: pair.c_name }, matchingMode: pair.c_mode, pairs: [] }),
          );
        group.pairs.push(toPair(pair));
      }
      const lease = leases.rows.find((l) => l.product_id === id) ?? null;
      return {
        product: toProductSummary(row),
        competitors,
        lease: toLease(lease, viewerId),
        waitingToMatch: row.queue_candidates as number,
      };
    });
}

async function matchingProduct(_: unknown, args: { productId: string }, ctx: ApiContext) {
  await requireRead(ctx, 'productMatchingQueue:detail');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  return (await loadMatchingProducts(ctx.pool, [product.id], ctx.viewer.id))[0]!;
}

async function matchingCompetitorSearch(
  _: unknown,
  args: { productId: string; competitorId: string; search: string; limit?: number | null },
  ctx: ApiContext,
) {
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
  const gtin = /^[\d\s-]+$/.test(search) ? normalizeGtin(search) : null;
  const { rows } = await ctx.pool.query(
    gtin
      ? `SELECT ${COMPETITOR_PRODUCT_COLUMNS}, 1::real AS similarity, m.status AS m_status, m.stage AS m_stage
           FROM competitor_products cp LEFT JOIN product_matches m ON m.product_id = $3 AND m.competitor_product_id = cp.id
          WHERE cp.competitor_id = $1 AND cp.gtin = $2 ORDER BY cp.name, cp.id LIMIT $4`
      : `SELECT ${COMPETITOR_PRODUCT_COLUMNS}, similarity(cp.name, $2) AS similarity, m.status AS m_status, m.stage AS m_stage
           FROM (SELECT * FROM competitor_products WHERE competitor_id = $1 ORDER BY name <-> $2 LIMIT $4) cp
           LEFT JOIN product_matches m ON m.product_id = $3 AND m.competitor_product_id = cp.id
          ORDER BY cp.name <-> $2, cp.id`,
    [competitorId, gtin ?? search, product.id, limit],
  );
  return rows.map((row) => ({
    competitorProduct: toCompetitorProduct(row),
    similarity: Number(row.similarity),
    pairStatus: row.m_status ?? null,
    pairStage: row.m_stage ? String(row.m_stage).toUpperCase() : null,
  }));
}

// ---- leases ------------------------------------------------------------------------------

async function matchingClaimNext(
  _: unknown,
  args: {
    organizationWebsiteId: string;
    filter?: QueueFilter | null;
    count?: number | null;
    excludeProductIds?: string[] | null;
  },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const count = boundedLimit('count', args.count, 3, 1);
  const exclude = (args.excludeProductIds ?? []).map((id) => uuidArg('excludeProductIds', id));
  if (exclude.length > 10) throw badUserInput('excludeProductIds', 'must list at most 10 products');
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'work in the product matching queue');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const q = await queueQuery(ctx.pool, websiteId, args.filter);
  const userId = ctx.viewer.id;
  const seconds = leaseSeconds();
  const n = q.params.length;
  const pid = q.from.startsWith('matching_queue') ? 'q.product_id' : 'p.id';
  // 1. The caller's own live leases that still wait (the prefetched products), renewed.
  const own = await ctx.pool.query<{ pid: string }>(
    `SELECT ${pid} AS pid FROM ${q.from} JOIN matching_leases l ON l.product_id = ${pid}
      WHERE ${q.where} AND l.user_id = $${n + 1} AND l.expires_at > clock_timestamp() AND NOT (${pid} = ANY($${n + 2}::uuid[]))
      ORDER BY ${q.order} LIMIT $${n + 3}`,
    [...q.params, userId, exclude, count],
  );
  const claimed: string[] = [];
  for (const row of own.rows) if (await tryClaim(ctx.pool, row.pid, websiteId, userId, seconds)) claimed.push(row.pid);
  // 2. Then free products in priority order; a product another reviewer takes meanwhile is
  //    refused by the upsert and the next one is tried.
  for (let round = 0; claimed.length < count && round < 5; round += 1) {
    const wanted = count - claimed.length;
    const free = await ctx.pool.query<{ pid: string }>(
      `SELECT ${pid} AS pid FROM ${q.from}
        WHERE ${q.where} AND NOT (${pid} = ANY($${n + 1}::uuid[]))
          AND NOT EXISTS (SELECT 1 FROM matching_leases l WHERE l.product_id = ${pid} AND l.expires_at > clock_timestamp())
        ORDER BY ${q.order} LIMIT $${n + 2}`,
      [...q.params, [...exclude, ...claimed], wanted + 4 * (round + 1)],
    );
    if (!free.rows.length) break;
    for (const row of free.rows) {
      if (claimed.length >= count) break;
      if (await tryClaim(ctx.pool, row.pid, websiteId, userId, seconds)) claimed.push(row.pid);
    }
  }
  await releaseOthers(ctx.pool, websiteId, userId, [...claimed, ...exclude]);
  return loadMatchingProducts(ctx.pool, claimed, userId);
}

async function matchingClaimProduct(_: unknown, args: { productId: string }, ctx: ApiContext) {
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'work in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  try {
    await claimOrRefuse(ctx.pool, product.id, product.organization_website_id, ctx.viewer.id);
  } catch (error) {
    throw toGraphQLError(error);
  }
  return toLease(await currentLease(ctx.pool, product.id), ctx.viewer.id);
}

async function matchingReleaseProduct(_: unknown, args: { productId: string }, ctx: ApiContext) {
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'work in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  return release(ctx.pool, product.id, ctx.viewer.id);
}

export const matchingQueueResolvers = {
  Query: { matchingQueue, matchingProduct, matchingCompetitorSearch },
  Mutation: { matchingClaimNext, matchingClaimProduct, matchingReleaseProduct },
};
