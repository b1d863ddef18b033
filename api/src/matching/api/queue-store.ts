/**
 * The SQL of the product matching queue (queue.ts): the queue's FROM, WHERE and ORDER BY for a
 * checked filter, a page of it with each product's lease, its total, the products as the detail
 * shows them, the manual search in a competitor's catalogue, and the products a reviewer may
 * claim. Leases themselves are the state machine's (../state/leases.ts). No access checks here.
 */
import type { MatchingStage, MatchingStatus } from '../../graphql/generated/resolvers.ts';
import type { Queryable } from '../../db/transaction.ts';
import { normalizeGtin } from '../gtin.ts';
import { toIso, toNumber } from '../../catalogue/catalogue-scope.ts';
import { PAIR_COLUMNS, PRODUCT_SUMMARY_COLUMNS, toLease, toPair, toProductSummary } from './shared.ts';
import { COMPETITOR_PRODUCT_COLUMNS, toCompetitorProduct } from '../../catalogue/competitor-products-store.ts';

/** With a brand or category filter the total is counted exactly up to this many products, estimated above (a page shows "~N"); without one it is kept (migration 042). */
const TOTAL_EXACT_UP_TO = 1_000;

/** A checked queue filter: a competitor of the website (or null), a brand and a category (or null). */
export interface QueueSelection {
  competitorId: string | null;
  brand: string | null;
  category: string | null;
}

/**
 * The queue's FROM, WHERE and ORDER BY for a filter. Without a competitor the product rows carry
 * the queue state (partial indexes on priority); with one, the product x competitor rows do.
 */
export function queueQuery(websiteId: string, { competitorId, brand, category }: QueueSelection) {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  if (competitorId) {
    // The competitor belongs to the website (the caller checked it): its queue rows are the website's,
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

export type QueueQuery = ReturnType<typeof queueQuery>;

/** A page of the queue in its order, each product with its live lease (if any). */
export async function queuePage(db: Queryable, q: QueueQuery, limit: number, offset: number, viewerId: string) {
  const n = q.params.length;
  const { rows } = await db.query(
    `SELECT ${PRODUCT_SUMMARY_COLUMNS}, ${q.state}, l.user_id AS l_user_id, u.email AS l_user_email, l.expires_at AS l_expires_at
       FROM ${q.from}
       LEFT JOIN matching_leases l ON l.product_id = p.id AND l.expires_at > clock_timestamp()
       LEFT JOIN app_users u ON u.id = l.user_id
      WHERE ${q.where}
      ORDER BY ${q.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...q.params, limit, offset],
  );
  return rows.map((row) => ({
    product: toProductSummary(row),
    candidates: row.q_candidates,
    bestScore: row.q_best_score === null ? null : Number(row.q_best_score),
    priceGapPercent: toNumber(row.q_price_gap),
    waitingSince: toIso(row.q_since)!,
    priority: row.q_priority,
    lease: row.l_user_id
      ? toLease(
          { product_id: row.p_id, user_id: row.l_user_id, user_email: row.l_user_email, expires_at: row.l_expires_at },
          viewerId,
        )
      : null,
  }));
}

/** The number of products in the filtered queue: exact up to TOTAL_EXACT_UP_TO, estimated above. */
export async function queryQueueTotal(
  db: Queryable,
  q: QueueQuery,
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

/** The competitor's products nearest the search (an EAN/GTIN exactly, else by name), with their pair to the product if any. */
export async function searchCompetitorProducts(
  db: Queryable,
  competitorId: string,
  productId: string,
  search: string,
  limit: number,
) {
  const gtin = /^[\d\s-]+$/.test(search) ? normalizeGtin(search) : null;
  const { rows } = await db.query(
    gtin
      ? `SELECT ${COMPETITOR_PRODUCT_COLUMNS}, 1::real AS similarity, m.status AS m_status, m.stage AS m_stage
           FROM competitor_products cp LEFT JOIN product_matches m ON m.product_id = $3 AND m.competitor_product_id = cp.id
          WHERE cp.competitor_id = $1 AND cp.gtin = $2 ORDER BY cp.name, cp.id LIMIT $4`
      : `SELECT ${COMPETITOR_PRODUCT_COLUMNS}, similarity(cp.name, $2) AS similarity, m.status AS m_status, m.stage AS m_stage
           FROM (SELECT * FROM competitor_products WHERE competitor_id = $1 ORDER BY name <-> $2 LIMIT $4) cp
           LEFT JOIN product_matches m ON m.product_id = $3 AND m.competitor_product_id = cp.id
          ORDER BY cp.name <-> $2, cp.id`,
    [competitorId, gtin ?? search, productId, limit],
  );
  return rows.map((row) => ({
    competitorProduct: toCompetitorProduct(row),
    similarity: Number(row.similarity),
    pairStatus: (row.m_status ?? null) as MatchingStatus | null,
    pairStage: row.m_stage ? (String(row.m_stage).toUpperCase() as MatchingStage) : null,
  }));
}

/** The product column of a queue query. */
const productColumn = (q: QueueQuery) => (q.from.startsWith('matching_queue') ? 'q.product_id' : 'p.id');

/** The reviewer's own live leases on queued products (not `exclude`), in the queue's order, at most `count`. */
export async function ownLeasedProducts(
  db: Queryable,
  q: QueueQuery,
  userId: string,
  exclude: string[],
  count: number,
) {
  const pid = productColumn(q);
  const n = q.params.length;
  const { rows } = await db.query<{ pid: string }>(
    `SELECT ${pid} AS pid FROM ${q.from} JOIN matching_leases l ON l.product_id = ${pid}
      WHERE ${q.where} AND l.user_id = $${n + 1} AND l.expires_at > clock_timestamp() AND NOT (${pid} = ANY($${n + 2}::uuid[]))
      ORDER BY ${q.order} LIMIT $${n + 3}`,
    [...q.params, userId, exclude, count],
  );
  return rows.map((row) => row.pid);
}

/** Queued products nobody holds a live lease on (not `skip`), in the queue's order, at most `count`. */
export async function freeProducts(db: Queryable, q: QueueQuery, skip: string[], count: number) {
  const pid = productColumn(q);
  const n = q.params.length;
  const { rows } = await db.query<{ pid: string }>(
    `SELECT ${pid} AS pid FROM ${q.from}
      WHERE ${q.where} AND NOT (${pid} = ANY($${n + 1}::uuid[]))
        AND NOT EXISTS (SELECT 1 FROM matching_leases l WHERE l.product_id = ${pid} AND l.expires_at > clock_timestamp())
      ORDER BY ${q.order} LIMIT $${n + 2}`,
    [...q.params, skip, count],
  );
  return rows.map((row) => row.pid);
}
