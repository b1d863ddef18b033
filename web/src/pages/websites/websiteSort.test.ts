import { describe, expect, it } from 'vitest';
import { websiteSort } from './websiteSort.ts';

describe('websiteSort', () => {
  it.each([
    [[], 'NAME_ASC'],
    [[{ field: 'name', order: 'asc' as const }], 'NAME_ASC'],
    [[{ field: 'name', order: 'desc' as const }], 'NAME_DESC'],
    [[{ field: 'website.url', order: 'asc' as const }], 'URL_ASC'],
    [[{ field: 'organization.name', order: 'desc' as const }], 'ORGANIZATION_DESC'],
    [[{ field: 'feedsCount', order: 'desc' as const }], 'FEEDS_COUNT_DESC'],
    [[{ field: 'competitorsCount', order: 'asc' as const }], 'COMPETITORS_COUNT_ASC'],
    [[{ field: 'hasFeed', order: 'desc' as const }], 'NAME_ASC'],
  ])('%j -> %s', (sorters, sort) => {
    expect(websiteSort(sorters)).toBe(sort);
  });
});
