import { describe, expect, it } from 'vitest';
import { columnOrder, listArguments, readListState, sortOf, writeListState } from './listState.ts';

const params = (query: string) => new URLSearchParams(query);

describe('readListState', () => {
  it.each([
    ['', { search: '', active: undefined, matchingMode: undefined, sort: 'NAME_ASC', page: 1, pageSize: 20 }],
    [
      'q=alza&active=false&mode=automatic&sort=PRODUCTS_COUNT_DESC&page=3&pageSize=50',
      { search: 'alza', active: false, matchingMode: 'automatic', sort: 'PRODUCTS_COUNT_DESC', page: 3, pageSize: 50 },
    ],
    ['active=true&mode=confirmation', { active: true, matchingMode: 'confirmation' }],
    [
      'active=yes&mode=manual&sort=PRICE_ASC&page=0&pageSize=7',
      { active: undefined, matchingMode: undefined, sort: 'NAME_ASC', page: 1, pageSize: 20 },
    ],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
  ])('%j', (query, expected) => {
    expect(readListState(params(query))).toMatchObject(expected);
  });
});

describe('writeListState', () => {
  it('keeps owid and locale, leaves defaults out of the address', () => {
    const next = writeListState(params('owid=w1&locale=cs&q=old&page=2'), { search: '', sort: 'NAME_ASC' });
    expect(next.toString()).toBe('owid=w1&locale=cs');
  });

  it('writes filters and sort; a changed filter goes back to page 1', () => {
    const next = writeListState(params('owid=w1&page=4'), {
      active: true,
      matchingMode: 'automatic',
      sort: 'LAST_DATA_AT_DESC',
    });
    expect(Object.fromEntries(next)).toEqual({
      owid: 'w1',
      active: 'true',
      mode: 'automatic',
      sort: 'LAST_DATA_AT_DESC',
    });
  });

  it('keeps the page when nothing else changes, and moves to the page asked for', () => {
    expect(writeListState(params('q=a&page=4'), { search: 'a' }).get('page')).toBe('4');
    expect(writeListState(params('q=a&page=4'), { page: 5 }).get('page')).toBe('5');
    expect(writeListState(params('q=a&page=4'), { pageSize: 50, page: 4 }).get('page')).toBe('4');
    expect(writeListState(params('q=a&page=4'), { pageSize: 50 }).get('page')).toBeNull();
  });

  it('removes a filter set back to all', () => {
    expect(
      writeListState(params('active=false&mode=automatic'), { active: undefined, matchingMode: undefined }).toString(),
    ).toBe('');
  });

  it('reads back what it wrote', () => {
    const state = {
      search: 'shop',
      active: false,
      matchingMode: 'confirmation' as const,
      sort: 'CREATED_AT_DESC' as const,
      page: 2,
      pageSize: 100,
    };
    expect(readListState(writeListState(params(''), state))).toEqual(state);
  });
});

describe('listArguments', () => {
  it('leaves absent filters out and pages by limit and offset', () => {
    expect(listArguments(readListState(params('page=3')), 'w1')).toEqual({
      organizationWebsiteId: 'w1',
      sort: 'NAME_ASC',
      limit: 20,
      offset: 40,
    });
  });

  it('passes a false active filter and a trimmed search', () => {
    expect(listArguments(readListState(params('q=%20alza%20&active=false&mode=automatic&pageSize=10')), 'w1')).toEqual({
      organizationWebsiteId: 'w1',
      search: 'alza',
      active: false,
      matchingMode: 'automatic',
      sort: 'NAME_ASC',
      limit: 10,
      offset: 0,
    });
  });
});

describe('sortOf and columnOrder', () => {
  it.each([
    ['name', 'ascend', 'NAME_ASC'],
    ['name', 'descend', 'NAME_DESC'],
    ['productsCount', 'descend', 'PRODUCTS_COUNT_DESC'],
    ['lastDataAt', 'ascend', 'LAST_DATA_AT_ASC'],
    ['createdAt', 'descend', 'CREATED_AT_DESC'],
    ['url', 'ascend', 'NAME_ASC'],
    ['name', null, 'NAME_ASC'],
    [undefined, 'descend', 'NAME_ASC'],
  ] as const)('%s %s -> %s', (column, order, sort) => {
    expect(sortOf(column, order)).toBe(sort);
  });

  it('shows the order on the sorted column only', () => {
    expect(columnOrder('PRODUCTS_COUNT_DESC', 'productsCount')).toBe('descend');
    expect(columnOrder('PRODUCTS_COUNT_DESC', 'name')).toBeNull();
    expect(columnOrder('NAME_ASC', 'name')).toBe('ascend');
    expect(columnOrder('LAST_DATA_AT_ASC', 'createdAt')).toBeNull();
  });
});
