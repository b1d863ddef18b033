import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { buildPath, type PathIds, withCarriedParams } from './paths.ts';
import { ROUTES, type RouteKey } from './routeTable.ts';

/** The path of a route of the table, its placeholders replaced by the ids. */
export function routePath(key: RouteKey, ids?: PathIds): string {
  return buildPath(ROUTES[key].path, ids);
}

/** Adds the current `owid` and `locale` to an internal target (web/README.md). */
export function useCarriedPath(): (target: string) => string {
  const { search } = useLocation();
  return useCallback((target: string) => withCarriedParams(target, search), [search]);
}
