import type { Resource } from '@console/policies';

/**
 * Every signed-in route of web/src/routes/routeTable.ts and the access-control resource it belongs to: the one table
 * a security reviewer reads (web/README.md repeats it). Patterns use the spec's bracketed
 * placeholders; `toRouterPath` turns them into react-router's `:name` segments.
 */
export const ROUTES = {
  home: { path: '/', resource: 'home' },
  settings: { path: '/settings', resource: 'settings' },
  settingsProfile: { path: '/settings/profile', resource: 'settingsProfile' },
  products: { path: '/products', resource: 'products' },
  productAggregators: { path: '/products/aggregators', resource: 'productsAggregators', parent: 'products' },
  productMatching: { path: '/product-matching', resource: 'productMatchingQueue' },
  productMatchingDetail: {
    path: '/product-matching/[productId]',
    resource: 'productMatchingQueue:detail',
    parent: 'productMatching',
  },
  productMatchingLog: {
    path: '/product-matching/activity-log',
    resource: 'productMatchingQueue:log',
    parent: 'productMatching',
  },
  matchConfirmation: { path: '/match-confirmation', resource: 'matchingConfirmation' },
  users: { path: '/users', resource: 'users' },
  userDetail: { path: '/users/[userId]', resource: 'users:detail', parent: 'users' },
  organizations: { path: '/organizations', resource: 'organizations' },
  organizationDetail: {
    path: '/organizations/[organizationId]',
    resource: 'organizations:detail',
    parent: 'organizations',
  },
  organizationsBilling: { path: '/organizations/billing', resource: 'organizations:billing', parent: 'organizations' },
  organizationBilling: {
    path: '/organizations/[organizationId]/billing',
    resource: 'organizations:billing',
    parent: 'organizationDetail',
  },
  websites: { path: '/websites', resource: 'websites' },
  websiteDetail: { path: '/websites/[organizationWebsiteId]', resource: 'websites:detail', parent: 'websites' },
  productFeeds: { path: '/product-feeds', resource: 'productFeeds' },
  productFeedDetail: {
    path: '/product-feeds/[productFeedId]',
    resource: 'productFeeds:detail',
    parent: 'productFeeds',
  },
  competitors: { path: '/competitors', resource: 'competitors' },
  competitorDetail: { path: '/competitors/[competitorId]', resource: 'competitors:detail', parent: 'competitors' },
  scrapers: { path: '/scrapers', resource: 'scrappers' },
  scraperDetail: { path: '/scrapers/[scraperId]', resource: 'scrappers:detail', parent: 'scrapers' },
  priceSuggestionRules: { path: '/price-suggestions/global-rules', resource: 'priceSuggestionRules' },
  priceSuggestionRuleDetail: {
    path: '/price-suggestions/global-rules/[ruleId]',
    resource: 'priceSuggestionRules:detail',
    parent: 'priceSuggestionRules',
  },
  dataInsights: { path: '/data-insights', resource: 'dataInsights' },
  brandSnapshot: {
    path: '/data-insights/brand-snapshot',
    resource: 'dataInsights:brandSnapshot',
    parent: 'dataInsights',
  },
  competitorSnapshot: {
    path: '/data-insights/competitor-snapshot',
    resource: 'dataInsights:competitorSnapshot',
    parent: 'dataInsights',
  },
  contactSupport: { path: '/contact-support', resource: 'contactSupport' },
} as const satisfies Record<string, RouteEntry>;

export interface RouteEntry {
  /** The spec's pattern, e.g. '/users/[userId]'. */
  path: string;
  resource: Resource;
  /** The route one level up, for the breadcrumb. */
  parent?: string;
}

export type RouteKey = keyof typeof ROUTES;

/** The public routes: no resource, reachable signed out. */
export const PUBLIC_ROUTES = { login: '/auth/login', action: '/auth/action' } as const;

/** `/auth/login?forgot=1` opens the password reset request. */
export const FORGOT_PASSWORD_PARAM = 'forgot';

export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

export function routeEntry(key: RouteKey): RouteEntry {
  return ROUTES[key];
}

/** '/users/[userId]' -> '/users/:userId'. */
export function toRouterPath(pattern: string): string {
  return pattern.replace(/\[([A-Za-z]+)\]/g, ':$1');
}

/** The breadcrumb trail of a route, from its top-level ancestor down to itself. */
export function breadcrumbKeys(key: RouteKey): RouteKey[] {
  const trail: RouteKey[] = [];
  for (let current: RouteKey | undefined = key; current; current = routeEntry(current).parent as RouteKey | undefined) {
    trail.unshift(current);
  }
  return trail;
}
