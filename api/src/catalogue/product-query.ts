/**
 * The products list's SQL, shared by the page (productList) and the CSV export (productExport)
 * so both show exactly the same rows: the filter's conditions, the sort's ORDER BY, and the
 * total (exact up to TOTAL_EXACT_UP_TO rows, the planner's estimate above).
 */
import { normalizeGtin } from '../matching/gtin.ts';
import type { Pool } from 'pg';
import type { Queryable } from '../db/transaction.ts';
import { likePattern } from './catalogue-scope.ts';
import { DIFF_RATING_RANGES } from './product-ratings.ts';
import { badUserInput } from '../graphql/errors.ts';
import { searchArg } from '../graphql/validate.ts';
import type { ProductFilter } from '../graphql/generated/resolvers.ts';
import { priceComparisonCondition, priceMovementCondition } from '../insights/product-filters.ts';

/**
 * Each sort walks indexes of the website in either direction: the name's ((website, name, id),
 * migration 020), or for a column a product may lack, the products with a value in the column's
 * partial index and then those without it, by id, in theirs (migrations 045 and 046, firstInOrder):
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
  // The suggested change in percent (price_suggestions, api/src/pricing): products without one last.
  SUGGESTED_CHANGE_ASC:
    '(SELECT s.change_percent FROM price_suggestions s WHERE s.product_id = p.id) ASC NULLS LAST, p.id ASC',
  SUGGESTED_CHANGE_DESC:
    '(SELECT s.change_percent FROM price_suggestions s WHERE s.product_id = p.id) DESC NULLS LAST, p.id DESC',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

/**
 * The sorts on a column a product may lack: the column, the direction, and what else is true of
 * the products without it (`lacking`): a product without a lowest competitor price has no price
 * position either, and that condition lets the tail be read from the position's tail index
 * (migration 046).
 */
const NULLABLE_SORTS: Partial<Record<ProductSort, { column: string; direction: 'ASC' | 'DESC'; lacking?: string }>> = {
  PRICE_ASC: { column: 'price', direction: 'ASC' },
  PRICE_DESC: { column: 'price', direction: 'DESC' },
  COMPETITOR_MIN_PRICE_ASC: {
    column: 'competitor_min_price',
    direction: 'ASC',
    lacking: 'p.price_difference_percent IS NULL',
  },
  COMPETITOR_MIN_PRICE_DESC: {
    column: 'competitor_min_price',
    direction: 'DESC',
    lacking: 'p.price_difference_percent IS NULL',
  },
  PRICE_POSITION_ASC: { column: 'price_difference_percent', direction: 'ASC' },
  PRICE_POSITION_DESC: { column: 'price_difference_percent', direction: 'DESC' },
};

/** The sorts on the suggested change (price suggestions, api/src/pricing) and their direction. */
const SUGGESTED_SORTS: Partial<Record<ProductSort, 'ASC' | 'DESC'>> = {
  SUGGESTED_CHANGE_ASC: 'ASC',
  SUGGESTED_CHANGE_DESC: 'DESC',
};

/**
 * SQL of the CTE `ordered`: the first `first` rows of `where` in the sort's order (`select` of
 * products p, which must hold the sort's columns; `ordered` itself is not sorted, ORDER BY the
 * sort over it). A sort on a column a product may lack reads the rows with a value from the
 * column's partial index, and only when they are fewer than `first`, those without it from
 * theirs (the gate is evaluated once, before that scan starts).
 */
function firstInOrder(select: string, where: string, sort: ProductSort, first: string): string {
  const suggested = SUGGESTED_SORTS[sort];
  if (suggested) {
    // The suggested change lives in price_suggestions: the products with one are walked in
    // (website, change_percent, product_id) order (price_suggestions_website_change_idx, migration
    // 060) and stop at `first`; those without one follow by id, as for the other sorts.
    return `valued AS MATERIALIZED (SELECT ${select} FROM price_suggestions s JOIN products p ON p.id = s.product_id
        WHERE s.organization_website_id = $1 AND s.change_percent IS NOT NULL AND ${where}
        ORDER BY s.change_percent ${suggested}, s.product_id ${suggested} LIMIT ${first}),
      unvalued AS MATERIALIZED (SELECT ${select} FROM products p WHERE ${where}
        AND NOT EXISTS (SELECT 1 FROM price_suggestions s WHERE s.product_id = p.id AND s.change_percent IS NOT NULL)
        AND (SELECT count(*) FROM valued) < ${first} ORDER BY p.id ${suggested} LIMIT ${first}),
      ordered AS (SELECT * FROM valued UNION ALL SELECT * FROM unvalued)`;
  }
  const nullable = NULLABLE_SORTS[sort];
  if (!nullable)
    return `ordered AS (SELECT ${select} FROM products p WHERE ${where} ORDER BY ${PRODUCT_SORTS[sort]} LIMIT ${first})`;
  const { column, direction, lacking } = nullable;
  return `valued AS MATERIALIZED (SELECT ${select} FROM products p WHERE ${where} AND p.${column} IS NOT NULL ORDER BY p.${column} ${direction}, p.id ${direction} LIMIT ${first}),
      unvalued AS MATERIALIZED (SELECT ${select} FROM products p WHERE ${where} AND p.${column} IS NULL${lacking ? ` AND ${lacking}` : ''} AND (SELECT count(*) FROM valued) < ${first} ORDER BY p.id ${direction} LIMIT ${first}),
      ordered AS (SELECT * FROM valued UNION ALL SELECT * FROM unvalued)`;
}

/** The columns a sort orders by (with the id). */
function sortColumns(sort: ProductSort): string {
  return `p.id, p.${NULLABLE_SORTS[sort]?.column ?? 'name'}`;
}

export const TOTAL_EXACT_UP_TO = 10_000;

export interface ProductConditions {
  /** The conditions ($1 is the organization website) and their parameters. */
  where: string;
  params: unknown[];
  /** Sorts whose order the filter's own index returns (walking it reads just the page). */
  indexOrder: ReadonlySet<ProductSort>;
  /** A substring search: its rows are read (and rechecked) to be counted at all. */
  textSearch: boolean;
}

const ALL_SORTS = new Set(Object.keys(PRODUCT_SORTS) as ProductSort[]);
const NAME_SORTS = new Set<ProductSort>(['NAME_ASC', 'NAME_DESC']);

/** WHERE conditions and their parameters ($1 is the organization website). */
export function productConditions(websiteId: string, filter: ProductFilter | null | undefined): ProductConditions {
  const params: unknown[] = [websiteId];
  const conditions = ['p.organization_website_id = $1'];
  // The filters used: one of brand, category and matching status alone is read in name order
  // from its index ((website, brand|category, name, id) of 020/021, or a partial (website, name,
  // id) of 021); no filter, in any order from the sort's index.
  const used: string[] = [];
  let textSearch = false;
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const search = searchArg('filter.search', filter?.search);
  if (search) {
    const gtin = /^[\d\s-]+$/.test(search) ? normalizeGtin(search) : null;
    if (gtin) conditions.push(`p.gtin = ${add(gtin)}`);
    else {
      conditions.push(`p.search_text LIKE lower(${add(likePattern(search))})`);
      textSearch = true;
    }
    used.push('search');
  }
  const brand = searchArg('filter.brand', filter?.brand);
  if (brand) {
    conditions.push(`p.brand = ${add(brand)}`);
    used.push('name-ordered');
  }
  const category = searchArg('filter.category', filter?.category);
  if (category) {
    conditions.push(`p.category = ${add(category)}`);
    used.push('name-ordered');
  }
  switch (filter?.matchingStatus) {
    case undefined:
    case null:
      break;
    case 'HAS_MATCHED':
      conditions.push('p.matched_count > 0');
      used.push('name-ordered');
      break;
    case 'HAS_WAITING':
      conditions.push('p.waiting_count > 0');
      used.push('name-ordered');
      break;
    case 'NONE':
      conditions.push('p.matched_count = 0 AND p.waiting_count = 0');
      used.push('name-ordered');
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
  if (rating) used.push('rating');
  if (filter?.hasSuggestion != null) {
    const suggested =
      'EXISTS (SELECT 1 FROM price_suggestions s WHERE s.product_id = p.id AND s.suggested_price IS NOT NULL AND s.change IS DISTINCT FROM 0)';
    conditions.push(filter.hasSuggestion ? suggested : `NOT ${suggested}`);
    used.push('suggestion');
  }
  if (filter?.priceComparison) {
    conditions.push(priceComparisonCondition(filter.priceComparison, add));
    used.push('insights');
  }
  if (filter?.priceMovement) {
    conditions.push(priceMovementCondition(filter.priceMovement, add));
    used.push('insights');
  }
  const indexOrder =
    used.length === 0
      ? ALL_SORTS
      : used.length === 1 && used[0] === 'name-ordered'
        ? NAME_SORTS
        : new Set<ProductSort>();
  return { where: conditions.join(' AND '), params, indexOrder, textSearch };
}

export function productOrder(sort: string | null | undefined): string {
  return PRODUCT_SORTS[productSort(sort)];
}

/** The sort asked for (NAME_ASC when none), checked. */
export function productSort(sort: string | null | undefined): ProductSort {
  const name = (sort ?? 'NAME_ASC') as ProductSort;
  if (!Object.hasOwn(PRODUCT_SORTS, name))
    throw badUserInput('sort', `must be one of ${Object.keys(PRODUCT_SORTS).join(', ')}`);
  return name;
}

/**
 * A page of products and the total, in one read-only transaction on one connection, with
 * sequential scans off: every filter has an index that starts with the website, and at 100,000
 * products of one website the planner otherwise scans the whole table to count 10,001 rows.
 *
 * How the page is cut:
 *   - The filter's own index returns the sort's order (no filter; brand, category or matching
 *     status alone in name order): it is walked, and only the page is read.
 *   - A substring search reads its rows to count them at all: they are collected once (up to
 *     TOTAL_EXACT_UP_TO + 1, with just the sort columns), counted, sorted, and only the page's
 *     rows are read in full, in one statement.
 *   - Other filters are counted from their indexes first. Up to TOTAL_EXACT_UP_TO matches are
 *     collected and sorted as above. Above it, a filter matching at least SORT_ALL_SHARE of the
 *     website is walked in the sort's index; a sparser one is walked for at most WALK_BOUND
 *     rows of the sort's index, and collected and sorted only if that did not fill the page.
 *     Walking alone is slow when a filter and the order are correlated (a category whose
 *     products are all cheap, read in descending price; a brand's products, which share the
 *     first words of their names, read by name), and the planner cannot see that.
 */
export const SORT_ALL_SHARE = 0.3;
export const WALK_BOUND = 2_000;

export interface ProductPage<Row> {
  rows: Row[];
  total: number;
  totalIsEstimate: boolean;
}

export interface PageLimits {
  exactUpTo?: number;
  walkBound?: number;
}

export async function loadProductPage<Row>(
  pool: Pool,
  columns: string,
  filter: Pick<ProductConditions, 'where' | 'params'> & Partial<Pick<ProductConditions, 'indexOrder' | 'textSearch'>>,
  sort: ProductSort,
  limit: number,
  offset: number,
  limits: PageLimits = {},
): Promise<ProductPage<Row>> {
  const exactUpTo = limits.exactUpTo ?? TOTAL_EXACT_UP_TO;
  const walkBound = limits.walkBound ?? WALK_BOUND;
  const { where, params } = filter;
  const order = PRODUCT_SORTS[sort];
  const n = params.length;
  const pageParams = [...params, limit, offset];
  /** The matching rows' sort columns, sorted; the page's rows read in full. */
  const sortedPage = (source: string) => `WITH matching AS MATERIALIZED (${source}),
      page AS (SELECT p.id FROM matching p ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2})
    SELECT ${columns} FROM page JOIN products p ON p.id = page.id ORDER BY ${order}`;
  const matchingSortColumns = `SELECT p.id, p.name, p.price, p.competitor_min_price, p.price_difference_percent FROM products p WHERE ${where}`;
  // The page's ids first, then their rows: the sort's indexes carry the equality filters'
  // columns (migrations 043, 045), so the walk decides each row it passes from the index alone.
  const walk = `WITH ${firstInOrder(sortColumns(sort), where, sort, `$${n + 3}`)},
      page AS (SELECT p.id FROM ordered p ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2})
    SELECT ${columns} FROM page JOIN products p ON p.id = page.id ORDER BY ${order}`;
  const walkParams = [...pageParams, limit + offset];

  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY; SET LOCAL enable_seqscan = off');
    let page: ProductPage<Row> | null = null;
    if (filter.textSearch && !filter.indexOrder?.has(sort)) {
      // Counted and cut in one pass over the search's rows.
      const { rows } = await client.query<Row & { __total: number }>(
        `WITH matching AS MATERIALIZED (${matchingSortColumns} LIMIT ${exactUpTo + 1}),
              total AS (SELECT count(*)::int AS n FROM matching),
              page AS (SELECT p.id FROM matching p ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2})
         SELECT total.n AS __total, ${columns} FROM total LEFT JOIN (page JOIN products p ON p.id = page.id) ON true ORDER BY ${order}`,
        pageParams,
      );
      const total = rows[0]?.__total ?? 0;
      if (total <= exactUpTo) {
        const listed = rows.filter((row) => (row as { id?: string | null }).id != null);
        for (const row of listed) delete (row as { __total?: number }).__total;
        page = { rows: listed, total, totalIsEstimate: false };
      }
    }
    if (!page) {
      const { total, totalIsEstimate } = await productTotal(client, where, params, exactUpTo);
      let rows: Row[] = [];
      if (total > offset) {
        if (filter.indexOrder?.has(sort)) rows = (await client.query(walk, walkParams)).rows as Row[];
        else if (!totalIsEstimate)
          rows = (await client.query(sortedPage(matchingSortColumns), pageParams)).rows as Row[];
        else {
          const website = await estimateRows(client, 'p.organization_website_id = $1', params.slice(0, 1));
          if (total >= website * SORT_ALL_SHARE) rows = (await client.query(walk, walkParams)).rows as Row[];
          else {
            // The website's rows in the sort's order, at most walkBound of them, then the filter.
            const bounded = `WITH ${firstInOrder('p.*', 'p.organization_website_id = $1', sort, String(walkBound))}
              SELECT ${columns} FROM (SELECT * FROM ordered p ORDER BY ${order} LIMIT ${walkBound}) p
               WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`;
            rows = (await client.query(bounded, pageParams)).rows as Row[];
            if (rows.length < limit && offset + rows.length < total)
              rows = (await client.query(sortedPage(matchingSortColumns), pageParams)).rows as Row[];
          }
        }
      }
      page = { rows, total, totalIsEstimate };
    }
    await client.query('COMMIT');
    return page;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function estimateRows(db: Queryable, where: string, params: unknown[]): Promise<number> {
  const plan = await db.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM products p WHERE ${where}`,
    params,
  );
  return Math.round(plan.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows']);
}

/** The number of products matching `where`: exact up to `exactUpTo` (TOTAL_EXACT_UP_TO), else estimated. */
export async function productTotal(
  db: Queryable,
  where: string,
  params: unknown[],
  exactUpTo = TOTAL_EXACT_UP_TO,
): Promise<{ total: number; totalIsEstimate: boolean }> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${where} LIMIT ${exactUpTo + 1}) t`,
    params,
  );
  const exact = rows[0]!.n;
  if (exact <= exactUpTo) return { total: exact, totalIsEstimate: false };
  return { total: Math.max(await estimateRows(db, where, params), exactUpTo + 1), totalIsEstimate: true };
}
