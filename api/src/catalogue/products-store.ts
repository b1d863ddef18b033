/**
 * The SQL of the website's products as the console reads them (the catalogue area, README.md):
 * one product within a caller's scope, a page of the list (product-query.ts cuts it), the rows
 * of the CSV export, a product's competitor offers with their price history, and the list's
 * filter values (facets). No access checks here: the resolvers (products.ts) check the caller
 * before calling.
 */
import type { Pool } from 'pg';
import type { Queryable } from '../db/transaction.ts';
import { notFound } from '../graphql/errors.ts';
import { eanOf, toIso, toNumber } from './catalogue-scope.ts';
import { COMPETITOR_PRODUCT_COLUMNS, toCompetitorProduct } from './competitor-products-store.ts';
import { diffRating, recencyContrast } from './product-ratings.ts';
import { loadProductPage, type ProductConditions, type ProductSort } from './product-query.ts';

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

/** A product as the schema's Product (its offers resolved on request from its id). */
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
export type ProductObject = ReturnType<typeof toProduct>;

/** A page of the list and its total (exact up to product-query.ts's bound, else estimated). */
export async function listProducts(
  pool: Pool,
  conditions: ProductConditions,
  sort: ProductSort,
  limit: number,
  offset: number,
) {
  const page = await loadProductPage<ProductRow>(pool, COLUMNS, conditions, sort, limit, offset);
  const now = new Date();
  return {
    rows: page.rows.map((row) => toProduct(row, now)),
    total: page.total,
    totalIsEstimate: page.totalIsEstimate,
  };
}

/**
 * The product, if it is in `organizationId`'s scope (null: every organization's, the Admin's);
 * NOT_FOUND otherwise, so another organization's product looks like none.
 */
export async function findProduct(db: Queryable, organizationId: string | null, id: string): Promise<ProductObject> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products p JOIN organization_websites ow ON ow.id = p.organization_website_id
      WHERE p.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, organizationId],
  );
  if (!rows[0]) throw notFound('Product', id);
  return toProduct(rows[0], new Date());
}

/** The export's products in the list's order: at most EXPORT_MAX_ROWS, `truncated` when there were more. */
export async function exportProducts(
  db: Queryable,
  conditions: Pick<ProductConditions, 'where' | 'params'>,
  order: string,
): Promise<{ products: ProductObject[]; truncated: boolean }> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products p WHERE ${conditions.where} ORDER BY ${order} LIMIT ${EXPORT_MAX_ROWS + 1}`,
    conditions.params,
  );
  const truncated = rows.length > EXPORT_MAX_ROWS;
  if (truncated) rows.pop();
  const now = new Date();
  return { products: rows.map((row) => toProduct(row, now)), truncated };
}

/** The product's competitor offers with their competitor (the price history is a field of its own). */
export async function productOffers(db: Queryable, productId: string) {
  const { rows } = await db.query(
    `SELECT m.id, m.status, m.score, ${COMPETITOR_PRODUCT_COLUMNS}, c.id AS competitor_id, c.name AS competitor_name
       FROM product_matches m
       JOIN competitor_products cp ON cp.id = m.competitor_product_id
       JOIN competitors c ON c.id = cp.competitor_id
      WHERE m.product_id = $1
      ORDER BY m.status = 'MATCHED' DESC, m.updated_at DESC, m.id`,
    [productId],
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    score: row.score,
    competitorProduct: {
      ...toCompetitorProduct(row),
      competitor: { id: row.competitor_id, name: row.competitor_name },
    },
  }));
}

interface FacetRow {
  value: string;
  count: number;
}

// Each column is read from an index that starts with (organization_website_id, column).
const FACET_SQL = {
  brand: `SELECT brand AS value, count(*)::int AS count FROM products
           WHERE organization_website_id = $1 AND brand IS NOT NULL AND brand <> ''
           GROUP BY brand ORDER BY count(*) DESC, brand LIMIT $2`,
  category: `SELECT category AS value, count(*)::int AS count FROM products
              WHERE organization_website_id = $1 AND category IS NOT NULL AND category <> ''
              GROUP BY category ORDER BY count(*) DESC, category LIMIT $2`,
} as const;

/** The website's brands and categories, the most frequent first, at most `limit` of each. */
export async function productFacets(db: Queryable, websiteId: string, limit: number) {
  const [brands, categories] = await Promise.all([
    db.query<FacetRow>(FACET_SQL.brand, [websiteId, limit]),
    db.query<FacetRow>(FACET_SQL.category, [websiteId, limit]),
  ]);
  return { brands: brands.rows, categories: categories.rows };
}
