import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './listState.ts';

describe('readListState', () => {
  it.each([
    ['', { status: null, search: '' }],
    ['status=ACTIVE&q=%20brand%20', { status: 'ACTIVE', search: 'brand' }],
    ['status=active', { status: null, search: '' }],
    ['status=BOGUS&q=', { status: null, search: '' }],
  ])('%s', (query, expected) => {
    expect(readListState(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('writeListState', () => {
  it.each([
    ['owid=w1', { status: 'DRAFT' as const }, 'owid=w1&status=DRAFT'],
    ['owid=w1&status=DRAFT', { status: null }, 'owid=w1'],
    ['owid=w1&status=DRAFT', { search: ' top ' }, 'owid=w1&status=DRAFT&q=top'],
    ['q=top', { search: '  ' }, ''],
  ])('%s + %o -> %s', (query, change, expected) => {
    expect(writeListState(new URLSearchParams(query), change).toString()).toBe(expected);
  });
});
