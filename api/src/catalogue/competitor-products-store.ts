/**
 * The SQL of a competitor's catalogue as the console pages through it (the catalogue area,
 * README.md): its products by name with how each stands in matching. No access checks here: the
 * resolver (competitor-products.ts) checks the caller and the competitor's scope first.
 */
import type { Queryable } from '../db/transaction.ts';
import { normalizeGtin } from '../matching/gtin.ts';
import { eanOf, likePattern, toIso, toNumber } from './catalogue-scope.ts';

interface CatalogueRow {
  id: string;
  external_id: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  price: string | null;
  currency: string;
  availability: string | null;
  url: string | null;
  seen_at: Date;
  matched_count: number;
  waiting_count: number;
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
    db.query<CatalogueRow>(
      `SELECT cp.id, cp.external_id, cp.name, cp.brand, cp.gtin, cp.mpn, cp.price, cp.currency, cp.availability, cp.url, cp.seen_at,
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
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    brand: row.brand,
    ean: eanOf(row.gtin),
    mpn: row.mpn,
    price: toNumber(row.price),
    currency: row.currency.trim(),
    availability: row.availability,
    url: row.url,
    seenAt: toIso(row.seen_at)!,
    matchedCount: row.matched_count,
    waitingCount: row.waiting_count,
  }));
  return { rows, total };
}
