import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAccessControl, effectiveRole, parseAccessTable, RESOURCES, ROLES } from './index.ts';

const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const table = parseAccessTable(read('./access-table.csv'));

describe('access table', () => {
  it('covers every role x resource x action of the spec', () => {
    expect(table).toHaveLength(ROLES.length * RESOURCES.length * 5);
  });

  it.each(table)('$role $action $resource -> $allowed', async ({ role, resource, action, allowed }) => {
    const access = await accessControl;
    expect(await access.can(role, resource, action)).toBe(allowed);
  });
});

const accessControl = createAccessControl(read('./model.conf'), read('./policy.csv'));

describe('checks default to Read', () => {
  it('answers a check without an action as a Read', async () => {
    const access = await accessControl;
    expect(await access.can('User', 'home')).toBe(true);
    expect(await access.can('User', 'settings')).toBe(false);
  });
});

describe('effectiveRole', () => {
  it.each([
    [['User', 'Admin'], 'Admin'],
    [['Viewer', 'Owner'], 'Owner'],
    [['Editor', 'Viewer'], 'Editor'],
    [['Viewer', 'User'], 'Viewer'],
    [['User'], 'User'],
    [[], 'User'],
    [['Unknown'], 'User'],
    [null, 'User'],
  ] as const)('%j -> %s', (roles, expected) => {
    expect(effectiveRole(roles as readonly string[] | null)).toBe(expected);
  });
});
