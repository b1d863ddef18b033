import { readFileSync } from 'node:fs';
import { RESOURCES } from '@console/policies';
import { describe, expect, it } from 'vitest';
import { breadcrumbKeys, ROUTE_KEYS, ROUTES, toRouterPath } from './routeTable.ts';

describe('the route table', () => {
  it('has the 29 signed-in routes of web/src/routes/routeTable.ts', () => {
    expect(ROUTE_KEYS).toHaveLength(29);
    expect(new Set(ROUTE_KEYS.map((key) => ROUTES[key].path)).size).toBe(29);
  });

  it.each(ROUTE_KEYS)('%s names a policy resource and an existing parent', (key) => {
    const entry: { resource: string; parent?: string } = ROUTES[key];
    expect(RESOURCES).toContain(entry.resource);
    if (entry.parent) expect(ROUTE_KEYS).toContain(entry.parent);
  });
});

describe('toRouterPath', () => {
  it.each([
    ['/users/[userId]', '/users/:userId'],
    ['/organizations/[organizationId]/billing', '/organizations/:organizationId/billing'],
    ['/products', '/products'],
  ])('%s -> %s', (pattern, path) => {
    expect(toRouterPath(pattern)).toBe(path);
  });
});

describe('breadcrumbKeys', () => {
  it.each([
    ['home', ['home']],
    ['userDetail', ['users', 'userDetail']],
    ['organizationBilling', ['organizations', 'organizationDetail', 'organizationBilling']],
  ] as const)('%s -> %j', (key, trail) => {
    expect(breadcrumbKeys(key)).toEqual(trail);
  });
});

describe('web/README.md', () => {
  it('lists exactly the route table, for security reviewers', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|$/gm)].map(([, path, resource]) => [path, resource]);
    expect(rows).toEqual(ROUTE_KEYS.map((key) => [ROUTES[key].path, ROUTES[key].resource]));
  });
});
