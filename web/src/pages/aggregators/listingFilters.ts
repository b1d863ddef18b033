import type { CrudFilter, CrudFilters, CrudSort } from '@refinedev/core';

/** The rank filter's choices: our offer the cheapest, among the first 3 or 10, listed at all, or not. */
export const RANK_CHOICES = ['cheapest', 'top3', 'top10', 'listed', 'notListed'] as const;
export type RankChoice = (typeof RANK_CHOICES)[number];

const RANK_AT_MOST: Partial<Record<RankChoice, number>> = { cheapest: 1, top3: 3, top10: 10 };

export interface ListingFilterValues {
  search?: string;
  aggregatorId?: string;
  rank?: RankChoice;
}

/** The filter form's values as the list's arguments (empty ones are left out by the provider). */
export function listingFilters(values: ListingFilterValues): CrudFilters {
  const rank = values.rank;
  return [
    { field: 'search', operator: 'contains', value: values.search?.trim() || undefined },
    { field: 'aggregatorId', operator: 'eq', value: values.aggregatorId || undefined },
    { field: 'rankAtMost', operator: 'lte', value: rank ? RANK_AT_MOST[rank] : undefined },
    { field: 'notListed', operator: 'eq', value: rank === 'listed' ? false : rank === 'notListed' ? true : undefined },
  ];
}

const filterValue = (filters: CrudFilters, field: string): unknown =>
  (
    filters.find((filter): filter is CrudFilter & { field: string } => 'field' in filter && filter.field === field) as
      | { value?: unknown }
      | undefined
  )?.value;

/** The form's values back from the filters (as read from the address), for the form to show them. */
export function listingFilterValues(filters: CrudFilters): ListingFilterValues {
  const rankAtMost = Number(filterValue(filters, 'rankAtMost'));
  const notListed = String(filterValue(filters, 'notListed'));
  const rank =
    (Object.keys(RANK_AT_MOST) as RankChoice[]).find((choice) => RANK_AT_MOST[choice] === rankAtMost) ??
    (notListed === 'true' ? 'notListed' : notListed === 'false' ? 'listed' : undefined);
  const search = filterValue(filters, 'search');
  const aggregatorId = filterValue(filters, 'aggregatorId');
  return {
    search: typeof search === 'string' && search ? search : undefined,
    aggregatorId: typeof aggregatorId === 'string' && aggregatorId ? aggregatorId : undefined,
    rank,
  };
}

export type ListingSort =
  | 'PRODUCT_NAME_ASC'
  | 'PRODUCT_NAME_DESC'
  | 'LOWEST_PRICE_ASC'
  | 'LOWEST_PRICE_DESC'
  | 'OFFERS_COUNT_ASC'
  | 'OFFERS_COUNT_DESC'
  | 'OUR_RANK_ASC'
  | 'OUR_RANK_DESC'
  | 'SEEN_AT_DESC';

const SORT_COLUMNS: Record<string, string> = {
  'product.name': 'PRODUCT_NAME',
  lowestPrice: 'LOWEST_PRICE',
  offersCount: 'OFFERS_COUNT',
  ourRank: 'OUR_RANK',
};

/** The table's sorter as the API's AggregatorListingSort; 'seen' sorts newest first either way; by product name otherwise. */
export function listingSort(sorters: CrudSort[]): ListingSort {
  const [sorter] = sorters;
  if (sorter?.field === 'seenAt') return 'SEEN_AT_DESC';
  const column = sorter ? SORT_COLUMNS[sorter.field] : undefined;
  if (!sorter || !column) return 'PRODUCT_NAME_ASC';
  return `${column}_${sorter.order === 'desc' ? 'DESC' : 'ASC'}` as ListingSort;
}

export interface ListingVariables {
  sort: ListingSort;
  rankAtMost: number | undefined;
  notListed: boolean | undefined;
}

/**
 * The typed arguments the filters and sorter stand for. Filters read back from the address are
 * text ('3', 'true'); these override them with the numbers and booleans the API takes.
 */
export function listingVariables(filters: CrudFilters, sorters: CrudSort[]): ListingVariables {
  const { rank } = listingFilterValues(filters);
  return {
    sort: listingSort(sorters),
    rankAtMost: rank ? RANK_AT_MOST[rank] : undefined,
    notListed: rank === 'listed' ? false : rank === 'notListed' ? true : undefined,
  };
}
