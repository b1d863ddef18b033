/**
 * The selected website's products with their competitor prices: the list (filters, sort,
 * search, paging, total), the detail with competitor offers and price history, the CSV export
 * of exactly what the list shows, and the values the list's pickers filter by (facets). Every
 * member reads products (Read on products); a non-admin only its own organization's: another
 * website or product is NOT_FOUND. Each resolver checks its arguments and the caller, then
 * calls the store (products-store.ts).
 */
import type { ApiContext } from '../graphql/context.ts';
import { forbidden } from '../graphql/errors.ts';
import type {
  QueryProductArgs,
  QueryProductExportArgs,
  QueryProductFacetsArgs,
  QueryProductListArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { limitArg, uuidArg, websitePageArgs } from '../graphql/validate.ts';
import { formatCsv } from '../matching/csv.ts';
import { findOrganizationWebsite, scopeOf } from './catalogue-scope.ts';
import { numberCell, textCell } from './csv-cells.ts';
import { productConditions, productOrder, productSort } from './product-query.ts';
import {
  exportProducts,
  findProduct,
  listProducts,
  type ProductObject,
  productFacets as readFacets,
  productOffers,
} from './products-store.ts';

async function readable(ctx: ApiContext, websiteId: string) {
  if (!(await ctx.can('products', 'Read'))) throw forbidden('You may not read products.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
}

async function productList(_: unknown, args: QueryProductListArgs, ctx: ApiContext) {
  const { websiteId, limit, offset } = websitePageArgs(args);
  const conditions = productConditions(websiteId, args.filter);
  const sort = productSort(args.sort);
  await readable(ctx, websiteId);
  const page = await listProducts(ctx.pool, conditions, sort, limit, offset);
  return {
    data: page.rows,
    meta: { pagination: { total: page.total, totalIsEstimate: page.totalIsEstimate } },
  };
}

async function product(_: unknown, args: QueryProductArgs, ctx: ApiContext) {
  const id = uuidArg('productId', args.productId);
  if (!(await ctx.can('products', 'Read'))) throw forbidden('You may not read products.');
  return findProduct(ctx.pool, scopeOf(ctx), id);
}

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

async function productExport(_: unknown, args: QueryProductExportArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const conditions = productConditions(websiteId, args.filter);
  const order = productOrder(args.sort);
  await readable(ctx, websiteId);
  const { products, truncated } = await exportProducts(ctx.pool, conditions, order);
  const lines = products.map((p) => [
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
  ]);
  return { csv: formatCsv(EXPORT_HEADER, lines), rows: products.length, truncated };
}

/** The brands and categories the list can be filtered by exactly, for the console's pickers. */
async function productFacets(_: unknown, args: QueryProductFacetsArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = limitArg('limit', args.limit ?? 200);
  await readable(ctx, websiteId);
  return readFacets(ctx.pool, websiteId, limit);
}

/** The product's competitor offers with their price history. */
function offers(parent: Partial<ProductObject>, _: unknown, ctx: ApiContext) {
  return productOffers(ctx.pool, parent.id!);
}

export const productResolvers = {
  Query: { productList, product, productExport, productFacets },
  Product: { offers },
} satisfies Resolvers;
