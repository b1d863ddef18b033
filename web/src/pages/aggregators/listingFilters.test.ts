import { describe, expect, it } from 'vitest';
import { filterVariables } from '../../providers/data/listVariables.ts';
import {
  type ListingFilterValues,
  listingFilters,
  listingFilterValues,
  listingSort,
  listingVariables,
  RANK_CHOICES,
} from './listingFilters.ts';

describe('listingFilters', () => {
  it.each([
    [{}, {}],
    [{ search: '  Husky ' }, { search: 'Husky' }],
    [{ search: '  ' }, {}],
    [{ aggregatorId: 'a-1' }, { aggregatorId: 'a-1' }],
    [{ rank: 'cheapest' }, { rankAtMost: 1 }],
    [{ rank: 'top3' }, { rankAtMost: 3 }],
    [{ rank: 'top10' }, { rankAtMost: 10 }],
    [{ rank: 'listed' }, { notListed: false }],
    [{ rank: 'notListed' }, { notListed: true }],
    [
      { search: 'x', aggregatorId: 'a-2', rank: 'top3' },
      { search: 'x', aggregatorId: 'a-2', rankAtMost: 3 },
    ],
  ] as [ListingFilterValues, Record<string, unknown>][])('%j -> %j', (values, variables) => {
    expect(filterVariables(listingFilters(values))).toEqual(variables);
  });
});

describe('listingFilterValues', () => {
  it.each(RANK_CHOICES)('gives back the rank choice %s', (rank) => {
    expect(listingFilterValues(listingFilters({ rank, search: 'tent', aggregatorId: 'a-1' }))).toEqual({
      rank,
      search: 'tent',
      aggregatorId: 'a-1',
    });
  });

  it('reads values that came through the address as text', () => {
    expect(
      listingFilterValues([
        { field: 'rankAtMost', operator: 'lte', value: '3' },
        { field: 'notListed', operator: 'eq', value: undefined },
      ]),
    ).toEqual({ rank: 'top3', search: undefined, aggregatorId: undefined });
    expect(listingFilterValues([{ field: 'notListed', operator: 'eq', value: 'true' }]).rank).toBe('notListed');
    expect(listingFilterValues([])).toEqual({ search: undefined, aggregatorId: undefined, rank: undefined });
  });
});

describe('listingSort', () => {
  it.each([
    [[], 'PRODUCT_NAME_ASC'],
    [[{ field: 'product.name', order: 'desc' as const }], 'PRODUCT_NAME_DESC'],
    [[{ field: 'lowestPrice', order: 'asc' as const }], 'LOWEST_PRICE_ASC'],
    [[{ field: 'offersCount', order: 'desc' as const }], 'OFFERS_COUNT_DESC'],
    [[{ field: 'ourRank', order: 'asc' as const }], 'OUR_RANK_ASC'],
    [[{ field: 'ourRank', order: 'desc' as const }], 'OUR_RANK_DESC'],
    [[{ field: 'seenAt', order: 'asc' as const }], 'SEEN_AT_DESC'],
    [[{ field: 'aggregator.name', order: 'asc' as const }], 'PRODUCT_NAME_ASC'],
  ])('%j -> %s', (sorters, sort) => {
    expect(listingSort(sorters)).toBe(sort);
  });
});

describe('listingVariables', () => {
  it.each([
    [[], [], { sort: 'PRODUCT_NAME_ASC', rankAtMost: undefined, notListed: undefined }],
    [
      [{ field: 'rankAtMost', operator: 'lte', value: '10' }],
      [{ field: 'lowestPrice', order: 'desc' }],
      { sort: 'LOWEST_PRICE_DESC', rankAtMost: 10, notListed: undefined },
    ],
    [
      [{ field: 'notListed', operator: 'eq', value: 'false' }],
      [],
      { sort: 'PRODUCT_NAME_ASC', rankAtMost: undefined, notListed: false },
    ],
    [
      [{ field: 'notListed', operator: 'eq', value: true }],
      [],
      { sort: 'PRODUCT_NAME_ASC', rankAtMost: undefined, notListed: true },
    ],
  ] as const)('%j %j -> %j', (filters, sorters, variables) => {
    expect(listingVariables([...filters], [...sorters])).toEqual(variables);
  });
});
