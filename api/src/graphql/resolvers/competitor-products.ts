/**
 * competitorProductList: a competitor's catalogue, a page at a time, for the Admin's competitor
 * detail (competitors:detail) and the Owner's monitored-competitor view
 * (monitoredCompetitor:detail); tenant scoping as for the competitor itself.
 */
import { normalizeGtin } from '../../matching/gtin.ts';
import type { ApiContext } from '../context.ts';
import { forbidden } from '../errors.ts';
import { limitArg, offsetArg, searchArg, uuidArg } from '../validate.ts';
import { eanOf, likePattern, scopeOf, toIso, toNumber } from './catalogue-scope.ts';
import { findCompetitor } from '../../catalogue/competitors-store.ts';

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

async function competitorProductList(
  _: unknown,
  args: { competitorId: string; search?: string | null; limit: number; offset: number },
  ctx: ApiContext,
) {
  const competitorId = uuidArg('competitorId', args.competitorId);
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  const search = searchArg('search', args.search);
  const allowed =
    (await ctx.can('competitors:detail', 'Read')) || (await ctx.can('monitoredCompetitor:detail', 'Read'));
  if (!allowed) throw forbidden("You may not read competitors' products.");
  const competitor = await findCompetitor(ctx.pool, scopeOf(ctx), competitorId);

  const params: unknown[] = [competitorId];
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
  const [page, counted] = await Promise.all([
    ctx.pool.query<CatalogueRow>(
      `SELECT cp.id, cp.external_id, cp.name, cp.brand, cp.gtin, cp.mpn, cp.price, cp.currency, cp.availability, cp.url, cp.seen_at,
              (SELECT count(*)::int FROM product_matches m WHERE m.competitor_product_id = cp.id AND m.status = 'MATCHED') AS matched_count,
              (SELECT count(*)::int FROM product_matches m WHERE m.competitor_product_id = cp.id AND m.status = 'WAITING') AS waiting_count
         FROM competitor_products cp
        WHERE ${where}
        ORDER BY cp.name, cp.id
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    ),
    // Unfiltered, the competitor's own count (kept by triggers) is the total.
    search
      ? ctx.pool
          .query<{ total: number }>(`SELECT count(*)::int AS total FROM competitor_products cp WHERE ${where}`, params)
          .then((r) => r.rows[0]!.total)
      : Promise.resolve(competitor.products_count),
  ]);
  return {
    data: page.rows.map((row) => ({
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
    })),
    meta: { pagination: { total: counted } },
  };
}

export const competitorProductResolvers = { Query: { competitorProductList } };
