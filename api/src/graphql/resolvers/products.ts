/**
 * The selected website's products with their competitor prices: the list (filters, sort,
 * search, paging, total), the detail with competitor offers and price history, and the CSV
 * export of exactly what the list shows. Every member reads products (Read on products); a
 * non-admin only its own organization's: another website or product is NOT_FOUND.
 */
import type { ApiContext } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, uuidArg } from '../validate.ts';
import { formatCsv } from '../../matching/csv.ts';
import { eanOf, findOrganizationWebsite, scopeOf, toIso, toNumber } from './catalogue-scope.ts';
import { diffRating, recencyContrast } from './product-ratings.ts';
import { loadProductPage, productConditions, productOrder, productSort, type ProductFilter } from './product-query.ts';

export const EXPORT_MAX_ROWS = 100_000;

interface ProductRow {
  id: string;
  item_id: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  category: string | null;
  price: string | null;
  currency: string;
  stock: number | null;
  url: string | null;
  image_url: string | null;
  active: boolean;
  competitor_min_price: string | null;
  competitor_avg_price: string | null;
  competitor_seen_at: Date | null;
  price_difference: string | null;
  price_difference_percent: string | null;
  matched_count: number;
  waiting_count: number;
  updated_at: Date;
}

const COLUMNS = `p.id, p.item_id, p.name, p.brand, p.gtin, p.mpn, p.category, p.price, p.currency, p.stock, p.url, p.image_url,
  p.active, p.competitor_min_price, p.competitor_avg_price, p.competitor_seen_at, p.price_difference,
  p.price_difference_percent, p.matched_count, p.waiting_count, p.updated_at`;

function toProduct(row: ProductRow, now: Date) {
  const percent = toNumber(row.price_difference_percent);
  const difference = toNumber(row.price_difference);
  return {
    id: row.id,
    itemId: row.item_id,
    name: row.name,
    brand: row.brand,
    ean: eanOf(row.gtin),
    mpn: row.mpn,
    category: row.category,
    price: toNumber(row.price),
    currency: row.currency,
    stock: row.stock,
    url: row.url,
    imageUrl: row.image_url,
    active: row.active,
    competitorMinPrice: toNumber(row.competitor_min_price),
    competitorAvgPrice: toNumber(row.competitor_avg_price),
    competitorSeenAt: toIso(row.competitor_seen_at),
    pricePosition: percent === null || difference === null ? null : { difference, percent },
    diffRating: diffRating(percent),
    recencyContrast: recencyContrast(row.competitor_seen_at, now),
    matchedCount: row.matched_count,
    waitingCount: row.waiting_count,
    updatedAt: toIso(row.updated_at)!,
  };
}
type ProductObject = ReturnType<typeof toProduct>;

async function readable(ctx: ApiContext, websiteId: string) {
  if (!(await ctx.can('products', 'Read'))) throw forbidden('You may not read products.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
}

async function productList(
  _: unknown,
  args: {
    organizationWebsiteId: string;
    filter?: ProductFilter | null;
    sort?: string | null;
    limit: number;
    offset: number;
  },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  const conditions = productConditions(websiteId, args.filter);
  const sort = productSort(args.sort);
  await readable(ctx, websiteId);
  const page = await loadProductPage<ProductRow>(ctx.pool, COLUMNS, conditions, sort, limit, offset);
  const now = new Date();
  return {
    data: page.rows.map((row) => toProduct(row, now)),
    meta: { pagination: { total: page.total, totalIsEstimate: page.totalIsEstimate } },
  };
}

async function product(_: unknown, args: { productId: string }, ctx: ApiContext) {
  const id = uuidArg('productId', args.productId);
  if (!(await ctx.can('products', 'Read'))) throw forbidden('You may not read products.');
  const { rows } = await ctx.pool.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products p JOIN organization_websites ow ON ow.id = p.organization_website_id
      WHERE p.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Product', id);
  return toProduct(rows[0], new Date());
}

/** Cells a spreadsheet would run as a formula are prefixed with ' (text stays text). */
const textCell = (value: string | null) => (value == null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const numberCell = (value: number | null) => (value == null ? '' : value);

export const EXPORT_HEADER = [
  'item_id',
  'name',
  'brand',
  'ean',
  'mpn',
  'category',
  'price',
  'currency',
  'competitor_min_price',
  'competitor_avg_price',
  'price_difference',
  'price_difference_percent',
  'diff_rating',
  'competitor_seen_at',
  'matched_count',
  'waiting_count',
];

async function productExport(
  _: unknown,
  args: { organizationWebsiteId: string; filter?: ProductFilter | null; sort?: string | null },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const { where, params } = productConditions(websiteId, args.filter);
  const order = productOrder(args.sort);
  await readable(ctx, websiteId);
  const { rows } = await ctx.pool.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products p WHERE ${where} ORDER BY ${order} LIMIT ${EXPORT_MAX_ROWS + 1}`,
    params,
  );
  const truncated = rows.length > EXPORT_MAX_ROWS;
  if (truncated) rows.pop();
  const now = new Date();
  const lines = rows.map((row) => {
    const p = toProduct(row, now);
    return [
      textCell(p.itemId),
      textCell(p.name),
      textCell(p.brand),
      p.ean ?? '',
      textCell(p.mpn),
      textCell(p.category),
      numberCell(p.price),
      p.currency,
      numberCell(p.competitorMinPrice),
      numberCell(p.competitorAvgPrice),
      numberCell(p.pricePosition?.difference ?? null),
      numberCell(p.pricePosition?.percent ?? null),
      p.diffRating,
      p.competitorSeenAt ?? '',
      p.matchedCount,
      p.waitingCount,
    ];
  });
  return { csv: formatCsv(EXPORT_HEADER, lines), rows: rows.length, truncated };
}

/** The product's competitor offers with their price history: two queries for the whole detail. */
async function offers(parent: ProductObject, _: unknown, ctx: ApiContext) {
  const { rows } = await ctx.pool.query(
    `SELECT m.id, m.status, m.score, cp.id AS cp_id, cp.external_id, cp.name, cp.brand, cp.gtin, cp.mpn, cp.price, cp.currency,
            cp.availability, cp.url, cp.seen_at, c.id AS competitor_id, c.name AS competitor_name
       FROM product_matches m
       JOIN competitor_products cp ON cp.id = m.competitor_product_id
       JOIN competitors c ON c.id = cp.competitor_id
      WHERE m.product_id = $1
      ORDER BY m.status = 'MATCHED' DESC, m.updated_at DESC, m.id`,
    [parent.id],
  );
  const history = new Map<string, Array<{ seenAt: string; price: number }>>();
  if (rows.length) {
    const points = await ctx.pool.query(
      `SELECT h.competitor_product_id, h.seen_at, h.price
         FROM unnest($1::uuid[]) AS cp(id)
         CROSS JOIN LATERAL (SELECT * FROM competitor_price_history h WHERE h.competitor_product_id = cp.id ORDER BY h.seen_at DESC LIMIT 365) h
        ORDER BY h.competitor_product_id, h.seen_at`,
      [rows.map((r) => r.cp_id)],
    );
    for (const point of points.rows) {
      const list = history.get(point.competitor_product_id) ?? [];
      list.push({ seenAt: toIso(point.seen_at)!, price: Number(point.price) });
      history.set(point.competitor_product_id, list);
    }
  }
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    score: row.score,
    competitorProduct: {
      id: row.cp_id,
      externalId: row.external_id,
      name: row.name,
      brand: row.brand,
      ean: eanOf(row.gtin),
      mpn: row.mpn,
      price: toNumber(row.price),
      currency: row.currency,
      availability: row.availability,
      url: row.url,
      seenAt: toIso(row.seen_at)!,
      competitor: { id: row.competitor_id, name: row.competitor_name },
      priceHistory: history.get(row.cp_id) ?? [],
    },
  }));
}

export const productResolvers = {
  Query: { productList, product, productExport },
  Product: { offers },
};
