import { describe, expect, it } from 'vitest';
import { navigationResources, type NavNode, visibleNavigation } from './visibleNavigation.ts';

const entries: NavNode[] = [
  { route: 'home' },
  { route: 'organizations', children: [{ route: 'organizationsBilling' }] },
  { route: 'dataInsights', children: [{ route: 'brandSnapshot' }] },
];

const answers =
  (table: Record<string, boolean | undefined>) =>
  (resource: string): boolean | undefined =>
    table[resource];

const routes = (nodes: ReturnType<typeof visibleNavigation>): unknown =>
  nodes.map((node) => (node.children ? [node.route, routes(node.children)] : node.route));

describe('visibleNavigation', () => {
  it('keeps what is allowed and drops what is denied, children included', () => {
    const visible = visibleNavigation(
      entries,
      answers({
        home: true,
        organizations: true,
        'organizations:billing': false,
        dataInsights: false,
        'dataInsights:brandSnapshot': true,
      }),
    );
    expect(routes(visible)).toEqual(['home', 'organizations']);
  });

  it('keeps entries still loading, marked as such', () => {
    const visible = visibleNavigation(entries, answers({ home: true }));
    expect(visible.map((node) => [node.route, node.loading])).toEqual([
      ['home', false],
      ['organizations', true],
      ['dataInsights', true],
    ]);
  });
});

describe('navigationResources', () => {
  it('lists each resource once', () => {
    expect(navigationResources(entries)).toEqual([
      'home',
      'organizations',
      'organizations:billing',
      'dataInsights',
      'dataInsights:brandSnapshot',
    ]);
  });
});
