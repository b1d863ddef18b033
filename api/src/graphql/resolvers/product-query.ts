/**
 * The products list's SQL, shared by the page (productList) and the CSV export (productExport)
 * so both show exactly the same rows: the filter's conditions, the sort's ORDER BY, and the
 * total (exact up to TOTAL_EXACT_UP_TO rows, the planner's estimate above).
 */
import { normalizeGtin } from '../../matching/gtin.ts';
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
    else {
      const pattern = add(likePattern(search));
      conditions.push(`(p.name ILIKE ${pattern} OR p.brand ILIKE ${pattern})`);
    }
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

/** The number of products matching `where`: exact up to TOTAL_EXACT_UP_TO, else estimated. */
export async function productTotal(db: Queryable, where: string, params: unknown[]): Promise<{ total: number; totalIsEstimate: boolean }> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${where} LIMIT ${TOTAL_EXACT_UP_TO + 1}) t`,
    params,
  );
  const exact = rows[0]!.n;
  if (exact <= TOTAL_EXACT_UP_TO) return { total: exact, totalIsEstimate: false };
  const plan = await db.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM products p WHERE ${where}`, params);
  const estimate = Math.round(plan.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows']);
  return { total: Math.max(estimate, TOTAL_EXACT_UP_TO + 1), totalIsEstimate: true };
}
