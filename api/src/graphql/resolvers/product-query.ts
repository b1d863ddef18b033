/**
 * The products list's SQL, shared by the page (productList) and the CSV export (productExport)
 * so both show exactly the same rows: the filter's conditions, the sort's ORDER BY, and the
 * total (exact up to TOTAL_EXACT_UP_TO rows, the planner's estimate above).
 */
import { normalizeGtin } from '../../matching/gtin.ts';
import type { Pool } from 'pg';
import type { Queryable } from './plan-limits.ts';
import { likePattern } from './catalogue-scope.ts';
import { DIFF_RATING_RANGES, type DiffRating } from './product-ratings.ts';
import { badUserInput } from '../errors.ts';
import { searchArg } from '../validate.ts';

export interface ProductFilter {
  search?: string | null;
  brand?: string | null;
  category?: string | null;
  matchingStatus?: 'HAS_MATCHED' | 'HAS_WAITING' | 'NONE' | null;
  diffRating?: DiffRating | null;
}

/**
 * Each sort walks one index of migrations 021/024 ((website, column, id) in either direction);
 * products without the sorted value come last both ways.
 */
export const PRODUCT_SORTS = {
  NAME_ASC: 'p.name ASC, p.id ASC',
  NAME_DESC: 'p.name DESC, p.id DESC',
  PRICE_ASC: 'p.price ASC NULLS LAST, p.id ASC',
  PRICE_DESC: 'p.price DESC NULLS LAST, p.id DESC',
  COMPETITOR_MIN_PRICE_ASC: 'p.competitor_min_price ASC NULLS LAST, p.id ASC',
  COMPETITOR_MIN_PRICE_DESC: 'p.competitor_min_price DESC NULLS LAST, p.id DESC',
  PRICE_POSITION_ASC: 'p.price_difference_percent ASC NULLS LAST, p.id ASC',
  PRICE_POSITION_DESC: 'p.price_difference_percent DESC NULLS LAST, p.id DESC',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

export const TOTAL_EXACT_UP_TO = 10_000;

/** WHERE conditions and their parameters ($1 is the organization website). */
export function productConditions(websiteId: string, filter: ProductFilter | null | undefined): { where: string; params: unknown[] } {
  const params: unknown[] = [websiteId];
  const conditions = ['p.organization_website_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const search = searchArg('filter.search', filter?.search);
  if (search) {
    const gtin = /^[\d\s-]+$/.test(search) ? normalizeGtin(search) : null;
    if (gtin) conditions.push(`p.gtin = ${add(gtin)}`);
    else conditions.push(`p.search_text LIKE lower(${add(likePattern(search))})`);
  }
  const brand = searchArg('filter.brand', filter?.brand);
  if (brand) conditions.push(`p.brand = ${add(brand)}`);
  const category = searchArg('filter.category', filter?.category);
  if (category) conditions.push(`p.category = ${add(category)}`);
  switch (filter?.matchingStatus) {
    case undefined:
    case null:
      break;
    case 'HAS_MATCHED':
      conditions.push('p.matched_count > 0');
      break;
    case 'HAS_WAITING':
      conditions.push('p.waiting_count > 0');
      break;
    case 'NONE':
      conditions.push('p.matched_count = 0 AND p.waiting_count = 0');
      break;
    default:
      throw badUserInput('filter.matchingStatus', 'must be HAS_MATCHED, HAS_WAITING or NONE');
  }
  const rating = filter?.diffRating;
  if (rating === 'unknown') conditions.push('p.price_difference_percent IS NULL');
  else if (rating) {
    const range = DIFF_RATING_RANGES[rating];
    if (!range) throw badUserInput('filter.diffRating', 'must be unknown, normal, increased or high');
    conditions.push(`abs(p.price_difference_percent) >= ${add(range.from)}`);
    if (range.below !== null) conditions.push(`abs(p.price_difference_percent) < ${add(range.below)}`);
  }
  return { where: conditions.join(' AND '), params };
}

export function productOrder(sort: string | null | undefined): string {
  const order = PRODUCT_SORTS[(sort ?? 'NAME_ASC') as ProductSort];
  if (!order) throw badUserInput('sort', `must be one of ${Object.keys(PRODUCT_SORTS).join(', ')}`);
  return order;
}

/**
 * A page of products and the total, in one transaction on one connection, with sequential
 * scans off: every filter has an index that starts with the website, and at 100,000 products
 * of one website the planner otherwise scans the whole table to count 10,001 rows (measured:
 * 35-60 ms against 5-8 ms through the filter's index).
 *
 * The page is cut one of two ways. A filter that matches few of the website's products (all of
 * them when counted exactly, or under SORT_ALL_SHARE of the website by the estimate) is
 * collected through its own index with just the sort columns, sorted, and only the page's rows
 * are read in full. Otherwise the sort's index is walked until the page is full, which is quick
 * when the matches are dense. Walking alone is slow when a filter and the order are correlated
 * (a category whose products are all cheap, read in descending price: 27,000 rows skipped,
 * ~100 ms against ~12 ms), and the planner cannot see that.
 */
export const SORT_ALL_SHARE = 0.3;

export interface ProductPage<Row> {
  rows: Row[];
  total: number;
  totalIsEstimate: boolean;
}

export async function loadProductPage<Row>(
  pool: Pool,
  columns: string,
  filter: { where: string; params: unknown[] },
  order: string,
  limit: number,
  offset: number,
): Promise<ProductPage<Row>> {
  const { where, params } = filter;
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY; SET LOCAL enable_seqscan = off');
    const { total, totalIsEstimate } = await productTotal(client, where, params);
    let rows: Row[] = [];
    if (total > offset) {
      let sortAll = !totalIsEstimate;
      if (totalIsEstimate && params.length > 1) {
        const website = await estimateRows(client, 'p.organization_website_id = $1', params.slice(0, 1));
        sortAll = total <= website * SORT_ALL_SHARE;
      }
      const n = params.length;
      const text = sortAll
        ? `WITH matching AS MATERIALIZED (
             SELECT p.id, p.name, p.price, p.competitor_min_price, p.price_difference_percent FROM products p WHERE ${where}
           ), page AS (SELECT p.id FROM matching p ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2})
           SELECT ${columns} FROM page JOIN products p ON p.id = page.id ORDER BY ${order}`
        : `SELECT ${columns} FROM products p WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`;
      rows = (await client.query(text, [...params, limit, offset])).rows as Row[];
    }
    await client.query('COMMIT');
    return { rows, total, totalIsEstimate };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function estimateRows(db: Queryable, where: string, params: unknown[]): Promise<number> {
  const plan = await db.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM products p WHERE ${where}`, params);
  return Math.round(plan.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows']);
}

/** The number of products matching `where`: exact up to TOTAL_EXACT_UP_TO, else estimated. */
export async function productTotal(db: Queryable, where: string, params: unknown[]): Promise<{ total: number; totalIsEstimate: boolean }> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${where} LIMIT ${TOTAL_EXACT_UP_TO + 1}) t`,
    params,
  );
  const exact = rows[0]!.n;
  if (exact <= TOTAL_EXACT_UP_TO) return { total: exact, totalIsEstimate: false };
  return { total: Math.max(await estimateRows(db, where, params), TOTAL_EXACT_UP_TO + 1), totalIsEstimate: true };
}
