import { describe, expect, it } from 'vitest';
import { filterVariables } from '../../providers/data/listVariables.ts';
import { websiteFilters, websiteFilterValues } from './websiteFilters.ts';

describe('websiteFilters', () => {
  it.each([
    [{}, {}],
    [{ search: '  Alpine ' }, { search: 'Alpine' }],
    [{ search: '   ' }, {}],
    [{ organizationId: 'org-1' }, { organizationId: 'org-1' }],
    [{ search: 'x', organizationId: '' }, { search: 'x' }],
  ])('%j -> %j', (values, variables) => {
    expect(filterVariables(websiteFilters(values))).toEqual(variables);
  });
});

describe('websiteFilterValues', () => {
  it('gives back the form values the filters stand for', () => {
    expect(websiteFilterValues(websiteFilters({ search: ' Alpine ', organizationId: 'org-1' }))).toEqual({
      search: 'Alpine',
      organizationId: 'org-1',
    });
    expect(websiteFilterValues([{ field: 'search', operator: 'contains', value: undefined }])).toEqual({
      search: undefined,
      organizationId: undefined,
    });
    expect(websiteFilterValues([])).toEqual({ search: undefined, organizationId: undefined });
  });
});
