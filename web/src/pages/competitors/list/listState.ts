import type { MatchingMode } from '../queries.ts';
import { MATCHING_MODES } from '../queries.ts';

export const COMPETITOR_SORTS = [
  'NAME_ASC',
  'NAME_DESC',
  'CREATED_AT_ASC',
  'CREATED_AT_DESC',
  'PRODUCTS_COUNT_ASC',
  'PRODUCTS_COUNT_DESC',
  'LAST_DATA_AT_ASC',
  'LAST_DATA_AT_DESC',
] as const;
export type CompetitorSort = (typeof COMPETITOR_SORTS)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;
const DEFAULT_SORT: CompetitorSort = 'NAME_ASC';

/** The list's search, filters, sort and page: kept in the address, so a link or Back restores them. */
export interface CompetitorListState {
  search: string;
  active?: boolean;
  matchingMode?: MatchingMode;
  sort: CompetitorSort;
  page: number;
  pageSize: number;
}

/** The address parameters of each part (owid and locale belong to the shell and are left alone). */
const PARAM = {
  search: 'q',
  active: 'active',
  matchingMode: 'mode',
  sort: 'sort',
  page: 'page',
  pageSize: 'pageSize',
} as const;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
};

/** The list's state from the address; anything unknown or malformed falls back to the default. */
export function readListState(params: URLSearchParams): CompetitorListState {
  const active = params.get(PARAM.active);
  const mode = params.get(PARAM.matchingMode);
  const sort = params.get(PARAM.sort);
  const pageSize = positiveInt(params.get(PARAM.pageSize));
  return {
    search: (params.get(PARAM.search) ?? '').slice(0, 200),
    active: active === 'true' ? true : active === 'false' ? false : undefined,
    matchingMode: (MATCHING_MODES as readonly string[]).includes(mode ?? '') ? (mode as MatchingMode) : undefined,
    sort: (COMPETITOR_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CompetitorSort) : DEFAULT_SORT,
    page: positiveInt(params.get(PARAM.page)) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize ?? 0) ? pageSize! : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The address parameters with the list's state written in: defaults are left out, the other
 * parameters (owid, locale) kept. A change of search, filter or sort goes back to page 1.
 */
export function writeListState(current: URLSearchParams, change: Partial<CompetitorListState>): URLSearchParams {
  const before = readListState(current);
  const resetsPage = (['search', 'active', 'matchingMode', 'sort', 'pageSize'] as const).some(
    (key) => key in change && change[key] !== before[key],
  );
  const next: CompetitorListState = { ...before, ...change, ...(resetsPage && !('page' in change) ? { page: 1 } : {}) };
  const params = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) =>
    value === undefined ? params.delete(name) : params.set(name, value);
  set(PARAM.search, next.search.trim() || undefined);
  set(PARAM.active, next.active === undefined ? undefined : String(next.active));
  set(PARAM.matchingMode, next.matchingMode);
  set(PARAM.sort, next.sort === DEFAULT_SORT ? undefined : next.sort);
  set(PARAM.page, next.page > 1 ? String(next.page) : undefined);
  set(PARAM.pageSize, next.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(next.pageSize));
  return params;
}

/** The competitorList arguments for the state (absent filters left out). */
export function listArguments(state: CompetitorListState, organizationWebsiteId: string) {
  return {
    organizationWebsiteId,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.active === undefined ? {} : { active: state.active }),
    ...(state.matchingMode ? { matchingMode: state.matchingMode } : {}),
    sort: state.sort,
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
  };
}

/** The table columns that sort, by the API's sort name. */
export const SORT_COLUMNS = {
  name: 'NAME',
  createdAt: 'CREATED_AT',
  productsCount: 'PRODUCTS_COUNT',
  lastDataAt: 'LAST_DATA_AT',
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;

/** The table's sorter (column and antd order) as the API's sort; the default when none is chosen. */
export function sortOf(column: string | undefined, order: 'ascend' | 'descend' | null | undefined): CompetitorSort {
  const name = column ? SORT_COLUMNS[column as SortColumn] : undefined;
  if (!name || !order) return DEFAULT_SORT;
  return `${name}_${order === 'descend' ? 'DESC' : 'ASC'}`;
}

/** The order a column shows for the state's sort (null on the other columns). */
export function columnOrder(sort: CompetitorSort, column: SortColumn): 'ascend' | 'descend' | null {
  const name = SORT_COLUMNS[column];
  return sort === `${name}_ASC` ? 'ascend' : sort === `${name}_DESC` ? 'descend' : null;
}
