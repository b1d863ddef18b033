/** The API's enforcer (policies/ read from disk, built once) against the whole access table. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAccessTable } from '@console/policies';
import { loadAccessControl } from '../src/access.ts';
import { REPO_ROOT } from '../src/config.ts';

const cases = parseAccessTable(readFileSync(path.join(REPO_ROOT, 'policies', 'access-table.csv'), 'utf8'));

describe('API access control = policies/access-table.csv', () => {
  it('covers the whole table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5 * 31 * 5);
  });

  it.each(cases.map((c) => [c.role, c.action, c.resource, c.allowed ? 'allow' : 'deny'] as const))(
    '%s %s %s: %s',
    async (role, action, resource, expected) => {
      const access = await loadAccessControl();
      expect((await access.can(role, resource, action)) ? 'allow' : 'deny').toBe(expected);
    },
  );

  it('is built once per process', async () => {
    expect(await loadAccessControl()).toBe(await loadAccessControl());
  });
});
