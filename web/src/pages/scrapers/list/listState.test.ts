import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './listState.ts';

describe('readListState', () => {
  it.each([
    ['', { search: '', health: [], page: 1 }],
    ['q=%20shop%20&health=healthy&health=failing&page=3', { search: 'shop', health: ['failing', 'healthy'], page: 3 }],
    ['health=broken&page=0', { search: '', health: [], page: 1 }],
    ['page=abc', { search: '', health: [], page: 1 }],
  ])('%s', (query, expected) => {
    expect(readListState(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('writeListState', () => {
  it.each([
    ['page=3', { search: 'shop' }, 'q=shop'],
    ['q=shop&page=3', { health: ['degraded' as const] }, 'q=shop&health=degraded'],
    ['q=shop', { page: 2 }, 'q=shop&page=2'],
    ['q=shop&page=2', { page: 1 }, 'q=shop'],
    ['other=1&health=failing', { health: [] }, 'other=1'],
  ])('%s + %o -> %s', (query, change, expected) => {
    expect(writeListState(new URLSearchParams(query), change).toString()).toBe(expected);
  });
});
