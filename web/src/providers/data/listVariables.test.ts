import { gql } from '@urql/core';
import { describe, expect, it } from 'vitest';
import { listVariables, pageVariables, rootFieldOf } from './listVariables.ts';

describe('pageVariables', () => {
  it.each([
    [undefined, { limit: 10, offset: 0 }],
    [
      { currentPage: 3, pageSize: 20 },
      { limit: 20, offset: 40 },
    ],
    [{ mode: 'off' as const }, {}],
  ])('%j -> %j', (pagination, variables) => {
    expect(pageVariables(pagination)).toEqual(variables);
  });
});

describe('listVariables', () => {
  it('turns filters into arguments and lets explicit variables win', () => {
    expect(
      listVariables({
        pagination: { currentPage: 2, pageSize: 5 },
        filters: [
          { field: 'name', operator: 'contains', value: 'shop' },
          { field: 'organizationId', operator: 'eq', value: '' },
        ],
        meta: { gqlVariables: { limit: 7 } },
      }),
    ).toEqual({ name: 'shop', limit: 7, offset: 5 });
  });
});

describe('rootFieldOf', () => {
  it('names the first selected field', () => {
    expect(rootFieldOf(gql`query L($limit: Int!) { organizationWebsiteList(limit: $limit) { data { id } } }`)).toBe(
      'organizationWebsiteList',
    );
  });
});
