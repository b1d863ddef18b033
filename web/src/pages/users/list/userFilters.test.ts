import { describe, expect, it } from 'vitest';
import { filterVariables } from '../../../providers/data/listVariables.ts';
import { userFilters } from './userFilters.ts';

describe('userFilters', () => {
  it.each([
    [{}, {}],
    [{ email: '  shop@ ' }, { email: 'shop@' }],
    [{ email: '   ' }, {}],
    [
      { organizationId: 'org-1', role: 'Owner' },
      { organizationId: 'org-1', role: 'Owner' },
    ],
    [{ state: 'disabled' }, { disabled: true }],
    [{ state: 'enabled' }, { disabled: false }],
    [{ state: '' }, {}],
  ])('%j -> %j', (values, variables) => {
    expect(filterVariables(userFilters(values))).toEqual(variables);
  });
});
