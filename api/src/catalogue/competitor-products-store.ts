/**
 * The SQL of a competitor's catalogue as the console pages through it (the catalogue area,
 * README.md): its products by name with how each stands in matching. No access checks here: the
 * resolver (competitor-products.ts) checks the caller and the competitor's scope first.
 */
import type { Queryable } from '../db/transaction.ts';
import { normalizeGtin } from '../matching/gtin.ts';
import { eanOf, likePattern, toIso, toNumber } from './catalogue-scope.ts';

/** A competitor product's own columns (`competitor_products cp`), each aliased `cp_*`. */
export const COMPETITOR_PRODUCT_COLUMNS = `cp.id AS cp_id, cp.competitor_id AS cp_competitor_id, cp.external_id AS cp_external_id, cp.name AS cp_name,
  cp.brand AS cp_brand, cp.gtin AS cp_gtin, cp.mpn AS cp_mpn, cp.price AS cp_price, cp.currency AS cp_currency,
  cp.availability AS cp_availability, cp.url AS cp_url, cp.seen_at AS cp_seen_at`;

export interface PricePoint {
  seenAt: string;
  price: number;
}

/**
 * A competitor product as the stores answer it (codegen maps the schema's `CompetitorProduct` to
 * it): its own columns and its competitor's id; the competitor, the match counts and the price
 * history when the store read them with it, else their field resolvers read them
 * (competitor-products.ts), batched per request.
 */
export interface CompetitorProductObject {
  id: string;
  competitorId: string;
  externalId: string;
  name: string;
  brand: string | null;
  ean: string | null;
  mpn: string | null;
  price: number | null;
  currency: string;
  availability: string | null;
  url: string | null;
  seenAt: string;
  competitor?: { id: string; name: string };
  matchedCount?: number;
  waitingCount?: number;
  priceHistory?: PricePoint[];
}

/** A row holding COMPETITOR_PRODUCT_COLUMNS as the schema's competitor product fields. */
export function toCompetitorProduct(row: Record<string, any>): CompetitorProductObject {
  return {
    id: row.cp_id,
    competitorId: row.cp_competitor_id,
    externalId: row.cp_external_id,
    name: row.cp_name,
    brand: row.cp_brand,
    ean: eanOf(row.cp_gtin),
    mpn: row.cp_mpn,
    price: toNumber(row.cp_price),
    currency: row.cp_currency,
    availability: row.cp_availability,
    url: row.cp_url,
    seenAt: toIso(row.cp_seen_at)!,
  };
}

export interface CompetitorProductQuery {
  competitorId: string;
  /** The competitor's own product count (kept by triggers): the total when nothing is searched. */
  productsCount: number;
  /** In the name (substring, case-insensitive), the external id or the EAN/GTIN (exact). */
  search: string | null;
  limit: number;
  offset: number;
}

/** A page of the competitor's products by name (then id) and how many match in all. */
export async function listCompetitorProducts(db: Queryable, query: CompetitorProductQuery) {
  const { search } = query;
  const params: unknown[] = [query.competitorId];
  const conditions = ['cp.competitor_id = $1'];
  if (search) {
    const gtin = /^[\d\s-]+$/.test(search) ? normalizeGtin(search) : null;
    params.push(search, likePattern(search));
    const byName = `cp.external_id = $2 OR cp.name ILIKE $3`;
    if (gtin) {
      params.push(gtin);
      conditions.push(`(${byName} OR cp.gtin = $4)`);
    } else conditions.push(`(${byName})`);
  }
  const where = conditions.join(' AND ');
  const n = params.length;
  const [page, total] = await Promise.all([
    db.query(
      `SELECT ${COMPETITOR_PRODUCT_COLUMNS},
              (SELECT count(*)::int FROM product_matches m WHERE m.competitor_product_id = cp.id AND m.status = 'MATCHED') AS matched_count,
              (SELECT count(*)::int FROM product_matches m WHERE m.competitor_product_id = cp.id AND m.status = 'WAITING') AS waiting_count
         FROM competitor_products cp
        WHERE ${where}
        ORDER BY cp.name, cp.id
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, query.limit, query.offset],
    ),
    search
      ? db
          .query<{ total: number }>(`SELECT count(*)::int AS total FROM competitor_products cp WHERE ${where}`, params)
          .then((r) => r.rows[0]!.total)
      : Promise.resolve(query.productsCount),
  ]);
  const rows = page.rows.map((row) => ({
    ...toCompetitorProduct(row),
    currency: String(row.cp_currency).trim(),
    matchedCount: row.matched_count as number,
    waitingCount: row.waiting_count as number,
  }));
  return { rows, total };
}

/** The competitors' ids and names by id (the competitor of products a caller already reached). */
export async function competitorRefs(db: Queryable, ids: string[]) {
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM competitors WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }]));
}

/** How many shop products each competitor product is MATCHED to and WAITING with, by id. */
export async function matchCounts(db: Queryable, ids: string[]) {
  const { rows } = await db.query<{ id: string; matched: number; waiting: number }>(
    `SELECT competitor_product_id AS id,
            count(*) FILTER (WHERE status = 'MATCHED')::int AS matched,
            count(*) FILTER (WHERE status = 'WAITING')::int AS waiting
       FROM product_matches WHERE competitor_product_id = ANY($1::uuid[])
      GROUP BY competitor_product_id`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { matched: row.matched, waiting: row.waiting }]));
}

/** Each competitor product's prices seen, oldest first (the last 365), by id: one statement. */
export async function priceHistories(db: Queryable, ids: string[]) {
  const history = new Map<string, PricePoint[]>();
  const points = await db.query(
    `SELECT h.competitor_product_id, h.seen_at, h.price
       FROM unnest($1::uuid[]) AS cp(id)
       CROSS JOIN LATERAL (SELECT * FROM competitor_price_history h WHERE h.competitor_product_id = cp.id ORDER BY h.seen_at DESC LIMIT 365) h
      ORDER BY h.competitor_product_id, h.seen_at`,
    [ids],
  );
  for (const point of points.rows) {
    const list = history.get(point.competitor_product_id) ?? [];
    list.push({ seenAt: toIso(point.seen_at)!, price: Number(point.price) });
    history.set(point.competitor_product_id, list);
  }
  return history;
}
