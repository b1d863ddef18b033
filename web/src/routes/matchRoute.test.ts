import { describe, expect, it } from 'vitest';
import { matchRoute } from './matchRoute.ts';

describe('matchRoute', () => {
  it.each([
    ['/', 'home', {}],
    ['/products/aggregators', 'productAggregators', {}],
    ['/product-matching/activity-log', 'productMatchingLog', {}],
    ['/product-matching/p-9', 'productMatchingDetail', { productId: 'p-9' }],
    ['/organizations/billing', 'organizationsBilling', {}],
    ['/organizations/o-1/billing', 'organizationBilling', { organizationId: 'o-1' }],
  ])('%s -> %s', (pathname, key, params) => {
    expect(matchRoute(pathname)).toEqual({ key, params });
  });

  it('matches nothing outside the table', () => {
    expect(matchRoute('/nowhere/at/all')).toBeNull();
  });
});
