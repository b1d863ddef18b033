import { describe, expect, it } from 'vitest';
import { columnSortOf, hasFilters, productFilter, readListState, sortOfColumn, writeListState } from './listState.ts';

const params = (query: string) => new URLSearchParams(query);

describe('readListState', () => {
  it('reads every part from the URL', () => {
    expect(
      readListState(
        params(
          'q=tent&brand=Husky&category=Outdoor&matching=HAS_WAITING&diff=high&suggestion=HAS&sort=PRICE_DESC&page=3&pageSize=50&product=p1',
        ),
      ),
    ).toEqual({
      search: 'tent',
      brand: 'Husky',
      category: 'Outdoor',
      matching: 'HAS_WAITING',
      diffRating: 'high',
      suggestion: 'HAS',
      competitor: null,
      comparison: null,
      movement: null,
      tolerance: null,
      period: null,
      sort: 'PRICE_DESC',
      page: 3,
      pageSize: 50,
      product: 'p1',
    });
  });

  it.each([
    ['matching=SOME', 'matching', null],
    ['diff=huge', 'diffRating', null],
    ['suggestion=MAYBE', 'suggestion', null],
    ['sort=PRICE', 'sort', 'NAME_ASC'],
    ['page=0', 'page', 1],
    ['page=-2', 'page', 1],
    ['page=2.5', 'page', 1],
    ['pageSize=33', 'pageSize', 20],
    ['pageSize=100000', 'pageSize', 20],
    ['q=%20%20', 'search', ''],
    ['product=', 'product', null],
    ['comparison=LOWER', 'comparison', null],
    ['movement=SIDEWAYS', 'movement', null],
    ['tolerance=51', 'tolerance', null],
    ['tolerance=abc', 'tolerance', null],
    ['period=7', 'period', null],
    ['competitor=%20', 'competitor', null],
  ] as const)('reads %s as the default %s', (query, key, value) => {
    expect(readListState(params(query))[key]).toEqual(value);
  });
});

describe('writeListState', () => {
  it('keeps the carried parameters and leaves defaults out', () => {
    const next = writeListState(params('owid=w1&locale=cs&q=old'), { search: '', sort: 'NAME_ASC', brand: 'Sony' });
    expect(next.toString()).toBe('owid=w1&locale=cs&brand=Sony');
  });

  it('goes back to page 1 when a filter, the sort or the page size changes', () => {
    expect(writeListState(params('page=4'), { diffRating: 'high' }).get('page')).toBeNull();
    expect(writeListState(params('page=4'), { sort: 'PRICE_ASC' }).get('page')).toBeNull();
    expect(writeListState(params('page=4'), { pageSize: 50 }).get('page')).toBeNull();
  });

  it('keeps the page when only the drawer opens, or when the page is set with the change', () => {
    expect(writeListState(params('page=4'), { product: 'p9' }).toString()).toBe('page=4&product=p9');
    expect(writeListState(params('page=4&pageSize=50'), { pageSize: 50, page: 2 }).toString()).toBe(
      'page=2&pageSize=50',
    );
    expect(writeListState(params('page=4&brand=Sony'), { brand: 'Sony' }).get('page')).toBe('4');
  });

  it('closes the drawer', () => {
    expect(writeListState(params('owid=w&product=p9'), { product: null }).toString()).toBe('owid=w');
  });
});

describe('productFilter', () => {
  it('is null without filters', () => {
    const state = readListState(params('sort=PRICE_ASC&page=2'));
    expect(productFilter(state)).toBeNull();
    expect(hasFilters(state)).toBe(false);
  });

  it('names the API fields', () => {
    const state = readListState(params('q=859&brand=LG&category=TV&matching=NONE&diff=unknown'));
    expect(productFilter(state)).toEqual({
      search: '859',
      brand: 'LG',
      category: 'TV',
      matchingStatus: 'NONE',
      diffRating: 'unknown',
    });
    expect(hasFilters(state)).toBe(true);
  });

  it.each([
    ['suggestion=HAS', true],
    ['suggestion=NONE', false],
  ] as const)('%s asks for hasSuggestion %s', (query, hasSuggestion) => {
    const state = readListState(params(query));
    expect(productFilter(state)).toEqual({ hasSuggestion });
    expect(hasFilters(state)).toBe(true);
  });
});

describe('price comparison and movement (data insights links)', () => {
  it("reads a heat map cell's address as the API's priceComparison against the competitor", () => {
    const state = readListState(params('brand=Husky&competitor=c7&comparison=CHEAPER&tolerance=2.5'));
    expect(productFilter(state)).toEqual({
      brand: 'Husky',
      priceComparison: { competitorId: 'c7', position: 'CHEAPER', tolerancePercent: 2.5 },
    });
    expect(hasFilters(state)).toBe(true);
  });

  it("compares against the market without a competitor, at the API's default tolerance", () => {
    expect(productFilter(readListState(params('comparison=PRICIER')))).toEqual({
      priceComparison: { position: 'PRICIER' },
    });
  });

  it("reads a dynamics count's address as the API's priceMovement", () => {
    expect(productFilter(readListState(params('competitor=c7&movement=UP&period=90')))).toEqual({
      priceMovement: { competitorId: 'c7', movement: 'UP', period: 'LAST_90_DAYS' },
    });
    expect(productFilter(readListState(params('competitor=c7&movement=DOWN')))).toEqual({
      priceMovement: { competitorId: 'c7', movement: 'DOWN' },
    });
  });

  it('sends no movement without a competitor', () => {
    expect(productFilter(readListState(params('movement=UP')))).toBeNull();
  });

  it('writes the period as days and goes back to page 1 when a tag is removed', () => {
    expect(writeListState(params('competitor=c7&movement=UP&page=3'), { period: 'LAST_365_DAYS' }).toString()).toBe(
      'competitor=c7&movement=UP&period=365',
    );
    expect(
      writeListState(params('comparison=SAME&tolerance=2&page=3'), { comparison: null, tolerance: null }).toString(),
    ).toBe('');
  });
});

describe('sorting by column', () => {
  it.each([
    ['name', 'ascend', 'NAME_ASC'],
    ['name', 'descend', 'NAME_DESC'],
    ['price', 'ascend', 'PRICE_ASC'],
    ['price', 'descend', 'PRICE_DESC'],
    ['competitorMinPrice', 'descend', 'COMPETITOR_MIN_PRICE_DESC'],
    ['pricePosition', 'ascend', 'PRICE_POSITION_ASC'],
    ['suggestedChange', 'descend', 'SUGGESTED_CHANGE_DESC'],
    ['suggestedChange', 'ascend', 'SUGGESTED_CHANGE_ASC'],
  ] as const)('%s %s is %s and back', (column, order, sort) => {
    expect(sortOfColumn(column, order)).toBe(sort);
    expect(columnSortOf(sort)).toEqual({ column, order });
  });

  it('falls back to name A to Z when the sorter is cleared or unknown', () => {
    expect(sortOfColumn('price', null)).toBe('NAME_ASC');
    expect(sortOfColumn('brand', 'ascend')).toBe('NAME_ASC');
    expect(sortOfColumn(undefined, 'descend')).toBe('NAME_ASC');
  });
});
