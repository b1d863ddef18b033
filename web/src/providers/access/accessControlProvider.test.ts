import { describe, expect, it } from 'vitest';
import { createAccessControlProvider, toPolicyAction } from './accessControlProvider.ts';
import { createPolicyEnforcer } from './policyEnforcer.ts';

describe('toPolicyAction', () => {
  it.each([
    ['list', 'Read'],
    ['show', 'Read'],
    ['create', 'Create'],
    ['edit', 'Update'],
    ['delete', 'Delete'],
    [undefined, 'Read'],
    ['field', 'Read'],
  ])('%s -> %s', (action, expected) => {
    expect(toPolicyAction(action)).toBe(expected);
  });
});

describe('accessControlProvider', () => {
  const provider = (roles: string[] | null) =>
    createAccessControlProvider({ roles: async () => roles, enforcer: createPolicyEnforcer });

  it.each([
    [['Admin'], 'scrappers', 'list', true],
    [['User'], 'home', 'list', true],
    [['User'], 'websites', 'list', false],
    [['Owner', 'User'], 'websites', 'list', true],
    [null, 'home', 'list', false],
  ])('%j %s %s -> %s', async (roles, resource, action, can) => {
    expect((await provider(roles).can({ resource, action })).can).toBe(can);
  });
});
