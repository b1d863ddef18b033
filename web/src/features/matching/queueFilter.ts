import type { MatchingQueueFilter } from '../../graphql/operations.ts';

/**
 * The filters the matching queue, a product's page and the confirmation queue share, and the
 * page of a list, kept in the URL (`competitor`, `brand`, `category`, `page`), so Back, a reload
 * or a shared link shows the same list, and the product page claims the next products of the same
 * filtered queue.
 */
export interface QueueFilterState {
  competitor: string;
  brand: string;
  category: string;
  page: number;
}

export const QUEUE_FILTER_PARAMS = ['competitor', 'brand', 'category'] as const;
const PAGE_PARAM = 'page';

export function readQueueFilter(params: URLSearchParams): QueueFilterState {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const page = params.get(PAGE_PARAM);
  return {
    competitor: text('competitor'),
    brand: text('brand'),
    category: text('category'),
    page: page && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The URL after a change: other parameters kept, empty values and page 1 left out; a filter change goes back to page 1. */
export function writeQueueFilter(params: URLSearchParams, change: Partial<QueueFilterState>): URLSearchParams {
  const current = readQueueFilter(params);
  const next = { ...current, ...change };
  const filterChanged = QUEUE_FILTER_PARAMS.some((key) => key in change && change[key] !== current[key]);
  if (filterChanged && !('page' in change)) next.page = 1;
  const result = new URLSearchParams(params);
  for (const key of QUEUE_FILTER_PARAMS) {
    const value = next[key].trim();
    if (value) result.set(key, value);
    else result.delete(key);
  }
  if (next.page > 1) result.set(PAGE_PARAM, String(next.page));
  else result.delete(PAGE_PARAM);
  return result;
}

/** The API's MatchingQueueFilter (null when nothing is filtered). */
export function queueFilterVariables(
  state: Pick<QueueFilterState, 'competitor' | 'brand' | 'category'>,
): MatchingQueueFilter | null {
  const filter: MatchingQueueFilter = {};
  if (state.competitor) filter.competitorId = state.competitor;
  if (state.brand) filter.brand = state.brand;
  if (state.category) filter.category = state.category;
  return Object.keys(filter).length ? filter : null;
}

export function hasQueueFilter(state: QueueFilterState): boolean {
  return QUEUE_FILTER_PARAMS.some((key) => state[key] !== '');
}

/** The filter part of the URL as a query string ('?competitor=…'), for links between the queue and a product. */
export function queueFilterSearch(state: Pick<QueueFilterState, 'competitor' | 'brand' | 'category'>): string {
  const params = new URLSearchParams();
  for (const key of QUEUE_FILTER_PARAMS) if (state[key]) params.set(key, state[key]);
  const text = params.toString();
  return text ? `?${text}` : '';
}
