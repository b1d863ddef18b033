import { matchPath } from 'react-router';
import { ROUTE_KEYS, ROUTES, type RouteKey, toRouterPath } from './routeTable.ts';

/** The route of the table an address belongs to, with the ids in its path. */
export function matchRoute(pathname: string): { key: RouteKey; params: Record<string, string> } | null {
  // Fixed segments first, so '/products/aggregators' is not taken for a detail route.
  const ranked = [...ROUTE_KEYS].sort((a, b) => ROUTES[a].path.split('[').length - ROUTES[b].path.split('[').length);
  for (const key of ranked) {
    const match = matchPath(toRouterPath(ROUTES[key].path), pathname);
    if (match) return { key, params: match.params as Record<string, string> };
  }
  return null;
}
