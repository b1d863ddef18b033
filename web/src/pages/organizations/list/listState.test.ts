import { describe, expect, it } from 'vitest';
import { columnOrder, listArguments, readListState, sortOf, writeListState } from './listState.ts';

const read = (query: string) => readListState(new URLSearchParams(query));
const write = (query: string, change: Parameters<typeof writeListState>[1]) =>
  writeListState(new URLSearchParams(query), change).toString();

describe('the organizations list state in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(read('')).toEqual({ search: '', sort: 'NAME_ASC', page: 1, pageSize: 20 });
  });

  it('reads the search, sort and page', () => {
    expect(read('q=%20Shop%20&sort=CREATED_AT_DESC&page=2&pageSize=10')).toEqual({
      search: 'Shop',
      sort: 'CREATED_AT_DESC',
      page: 2,
      pageSize: 10,
    });
  });

  it.each([
    ['sort=USERS_DESC', { sort: 'NAME_ASC' }],
    ['page=abc', { page: 1 }],
    ['pageSize=1000', { pageSize: 20 }],
  ])('falls back to the default on %s', (query, part) => {
    expect(read(query)).toMatchObject(part);
  });

  it('writes the search and sort, leaves out defaults, keeps the shell parameters', () => {
    expect(write('owid=w1', { search: 'Shop', sort: 'NAME_DESC' })).toBe('owid=w1&q=Shop&sort=NAME_DESC');
    expect(write('q=Shop&sort=NAME_DESC', { search: '', sort: 'NAME_ASC' })).toBe('');
  });

  it('goes back to page 1 on a new search or sort, not on a page change', () => {
    expect(write('q=a&page=3', { search: 'b' })).toBe('q=b');
    expect(write('q=a&page=3', { sort: 'CREATED_AT_ASC' })).toBe('q=a&sort=CREATED_AT_ASC');
    expect(write('q=a&page=3', { page: 4 })).toBe('q=a&page=4');
  });

  it('sends the search only when there is one, and the sort always', () => {
    expect(listArguments(read(''))).toEqual({ sort: 'NAME_ASC' });
    expect(listArguments(read('q=Shop&sort=NAME_DESC'))).toEqual({ search: 'Shop', sort: 'NAME_DESC' });
  });

  it.each([
    ['name', 'ascend', 'NAME_ASC'],
    ['name', 'descend', 'NAME_DESC'],
    ['createdAt', 'descend', 'CREATED_AT_DESC'],
    ['createdAt', null, 'NAME_ASC'],
    ['usersCount', 'ascend', 'NAME_ASC'],
  ] as const)('the sorter %s %s is %s', (column, order, sort) => {
    expect(sortOf(column, order)).toBe(sort);
  });

  it('shows the order on the sorted column only', () => {
    expect(columnOrder('CREATED_AT_DESC', 'createdAt')).toBe('descend');
    expect(columnOrder('CREATED_AT_DESC', 'name')).toBeNull();
    expect(columnOrder('NAME_ASC', 'name')).toBe('ascend');
  });
});
