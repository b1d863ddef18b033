import { parseAccessTable } from '@console/policies';
import tableText from '@console/policies/access-table.csv?raw';
import { describe, expect, it } from 'vitest';
import { createPolicyEnforcer } from './policyEnforcer.ts';

const enforcer = createPolicyEnforcer();
const table = parseAccessTable(tableText);

describe("the web console's enforcer against policies/access-table.csv", () => {
  it('reads the whole table', () => {
    expect(table.length).toBeGreaterThan(100);
  });

  it.each(table)('$role $action $resource -> $allowed', async ({ role, resource, action, allowed }) => {
    expect(await (await enforcer).can([role], resource, action)).toBe(allowed);
  });
});
