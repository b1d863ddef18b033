import { describe, expect, it } from 'vitest';
import { organizationSort } from './organizationSort.ts';

describe('organizationSort', () => {
  it.each([
    [[], 'NAME_ASC'],
    [[{ field: 'name', order: 'asc' as const }], 'NAME_ASC'],
    [[{ field: 'name', order: 'desc' as const }], 'NAME_DESC'],
    [[{ field: 'createdAt', order: 'asc' as const }], 'CREATED_AT_ASC'],
    [[{ field: 'createdAt', order: 'desc' as const }], 'CREATED_AT_DESC'],
    [[{ field: 'usersCount', order: 'desc' as const }], 'NAME_ASC'],
  ])('%j -> %s', (sorters, sort) => {
    expect(organizationSort(sorters)).toBe(sort);
  });
});
