import { DIFF_RATING, type DiffRating } from '../../enums/index.ts';
import {
  type InsightsPeriod,
  periodOfParam,
  PERIODS,
  type PriceComparison,
  type PriceMovement,
  toleranceOfParam,
} from '../../features/insights/insightsState.ts';

/** The API's ProductSort values. */
export const PRODUCT_SORTS = [
  'NAME_ASC',
  'NAME_DESC',
  'PRICE_ASC',
  'PRICE_DESC',
  'COMPETITOR_MIN_PRICE_ASC',
  'COMPETITOR_MIN_PRICE_DESC',
  'PRICE_POSITION_ASC',
  'PRICE_POSITION_DESC',
  'SUGGESTED_CHANGE_ASC',
  'SUGGESTED_CHANGE_DESC',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The API's ProductMatchingFilter values. */
export const MATCHING_FILTERS = ['HAS_MATCHED', 'HAS_WAITING', 'NONE'] as const;
export type MatchingFilter = (typeof MATCHING_FILTERS)[number];

/** The suggestion filter: a suggested price different from the current one (HAS), or none (NONE). */
export const SUGGESTION_FILTERS = ['HAS', 'NONE'] as const;
export type SuggestionFilter = (typeof SUGGESTION_FILTERS)[number];

/** Where the price stands (data insights' links): against one competitor, or the market when none. */
export const PRICE_COMPARISONS = ['CHEAPER', 'SAME', 'PRICIER'] as const satisfies readonly PriceComparison[];
/** How a competitor's price moved in a period (data insights' dynamics; needs a competitor). */
export const PRICE_MOVEMENTS = ['UP', 'DOWN', 'UNCHANGED'] as const satisfies readonly PriceMovement[];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_SORT: ProductSort = 'NAME_ASC';

/** What the products page shows, all of it kept in the URL (so a link or a reload shows the same). */
export interface ProductListState {
  search: string;
  brand: string;
  category: string;
  matching: MatchingFilter | null;
  diffRating: DiffRating | null;
  suggestion: SuggestionFilter | null;
  /** The competitor a comparison or movement is against. */
  competitor: string | null;
  comparison: PriceComparison | null;
  movement: PriceMovement | null;
  /** The comparison's tolerance in percent (null: the API's default, 1). */
  tolerance: number | null;
  /** The movement's period (null: the API's default, 30 days). */
  period: InsightsPeriod | null;
  sort: ProductSort;
  page: number;
  pageSize: number;
  /** The product whose detail drawer is open. */
  product: string | null;
}

/** The URL parameter of each part of the state. */
export const LIST_PARAMS: Record<keyof ProductListState, string> = {
  search: 'q',
  brand: 'brand',
  category: 'category',
  matching: 'matching',
  diffRating: 'diff',
  suggestion: 'suggestion',
  competitor: 'competitor',
  comparison: 'comparison',
  movement: 'movement',
  tolerance: 'tolerance',
  period: 'period',
  sort: 'sort',
  page: 'page',
  pageSize: 'pageSize',
  product: 'product',
};

const DEFAULTS: ProductListState = {
  search: '',
  brand: '',
  category: '',
  matching: null,
  diffRating: null,
  suggestion: null,
  competitor: null,
  comparison: null,
  movement: null,
  tolerance: null,
  period: null,
  sort: DEFAULT_SORT,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  product: null,
};

const FILTER_KEYS = [
  'search',
  'brand',
  'category',
  'matching',
  'diffRating',
  'suggestion',
  'competitor',
  'comparison',
  'movement',
  'tolerance',
  'period',
] as const satisfies readonly (keyof ProductListState)[];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

/** The state a URL describes; a value that is not valid is read as its default. */
export function readListState(params: URLSearchParams): ProductListState {
  const text = (key: keyof ProductListState) => params.get(LIST_PARAMS[key])?.trim() ?? '';
  const size = positiveInt(params.get(LIST_PARAMS.pageSize));
  return {
    search: text('search'),
    brand: text('brand'),
    category: text('category'),
    matching: oneOf(MATCHING_FILTERS, params.get(LIST_PARAMS.matching)),
    diffRating: oneOf(DIFF_RATING.values, params.get(LIST_PARAMS.diffRating)),
    suggestion: oneOf(SUGGESTION_FILTERS, params.get(LIST_PARAMS.suggestion)),
    competitor: text('competitor') || null,
    comparison: oneOf(PRICE_COMPARISONS, params.get(LIST_PARAMS.comparison)),
    movement: oneOf(PRICE_MOVEMENTS, params.get(LIST_PARAMS.movement)),
    tolerance: toleranceOfParam(params.get(LIST_PARAMS.tolerance)),
    period: periodOfParam(params.get(LIST_PARAMS.period)),
    sort: oneOf(PRODUCT_SORTS, params.get(LIST_PARAMS.sort)) ?? DEFAULT_SORT,
    page: positiveInt(params.get(LIST_PARAMS.page)) ?? 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    product: text('product') || null,
  };
}

/**
 * The URL parameters after a change of the state: other parameters (owid, locale) are kept,
 * defaults are left out, and a change of a filter, the sort or the page size goes back to page 1.
 */
export function writeListState(params: URLSearchParams, change: Partial<ProductListState>): URLSearchParams {
  const current = readListState(params);
  const next: ProductListState = { ...current, ...change };
  const listChanged = [...FILTER_KEYS, 'sort', 'pageSize'].some(
    (key) => key in change && change[key as keyof ProductListState] !== current[key as keyof ProductListState],
  );
  if (listChanged && !('page' in change)) next.page = 1;
  const result = new URLSearchParams(params);
  for (const key of Object.keys(LIST_PARAMS) as (keyof ProductListState)[]) {
    const value = next[key];
    const normalized = typeof value === 'string' ? value.trim() : value;
    if (normalized === null || normalized === '' || normalized === DEFAULTS[key]) result.delete(LIST_PARAMS[key]);
    else
      result.set(
        LIST_PARAMS[key],
        key === 'period' ? String(PERIODS[normalized as InsightsPeriod]) : String(normalized),
      );
  }
  return result;
}

/** Whether any filter is set (the page then offers to clear them). */
export function hasFilters(state: ProductListState): boolean {
  return FILTER_KEYS.some((key) => state[key] !== DEFAULTS[key]);
}

/** The API's ProductFilter (the parts the list sets). */
export interface ProductFilterInput {
  search?: string;
  brand?: string;
  category?: string;
  matchingStatus?: MatchingFilter;
  diffRating?: DiffRating;
  hasSuggestion?: boolean;
  priceComparison?: { competitorId?: string; position: PriceComparison; tolerancePercent?: number };
  priceMovement?: { competitorId: string; movement: PriceMovement; period?: InsightsPeriod };
}

/**
 * The API's ProductFilter for the state (null when nothing is filtered). A comparison is against
 * the competitor when one is named, else the market; a movement needs a competitor (without one
 * it is not sent, and the page says so).
 */
export function productFilter(state: ProductListState): ProductFilterInput | null {
  const filter: ProductFilterInput = {};
  if (state.search) filter.search = state.search;
  if (state.brand) filter.brand = state.brand;
  if (state.category) filter.category = state.category;
  if (state.matching) filter.matchingStatus = state.matching;
  if (state.diffRating) filter.diffRating = state.diffRating;
  if (state.suggestion) filter.hasSuggestion = state.suggestion === 'HAS';
  if (state.comparison) {
    filter.priceComparison = {
      position: state.comparison,
      ...(state.competitor ? { competitorId: state.competitor } : {}),
      ...(state.tolerance !== null ? { tolerancePercent: state.tolerance } : {}),
    };
  }
  if (state.movement && state.competitor) {
    filter.priceMovement = {
      competitorId: state.competitor,
      movement: state.movement,
      ...(state.period ? { period: state.period } : {}),
    };
  }
  return Object.keys(filter).length ? filter : null;
}

/** The table's sortable columns and the API sort each stands for. */
export const SORT_COLUMNS = {
  name: 'NAME',
  price: 'PRICE',
  competitorMinPrice: 'COMPETITOR_MIN_PRICE',
  pricePosition: 'PRICE_POSITION',
  suggestedChange: 'SUGGESTED_CHANGE',
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;
export type SortOrder = 'ascend' | 'descend';

/** The column and direction the table shows for a sort. */
export function columnSortOf(sort: ProductSort): { column: SortColumn; order: SortOrder } {
  const direction = sort.endsWith('_DESC') ? 'descend' : 'ascend';
  const base = sort.replace(/_(ASC|DESC)$/, '');
  const column = (Object.keys(SORT_COLUMNS) as SortColumn[]).find((key) => SORT_COLUMNS[key] === base) ?? 'name';
  return { column, order: direction };
}

/** The sort a click on a column header asks for; none (a cleared sorter) is the default sort. */
export function sortOfColumn(column: string | undefined, order: SortOrder | null | undefined): ProductSort {
  if (!column || !order || !(column in SORT_COLUMNS)) return DEFAULT_SORT;
  return `${SORT_COLUMNS[column as SortColumn]}_${order === 'descend' ? 'DESC' : 'ASC'}` as ProductSort;
}
