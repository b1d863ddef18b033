import type { ResourceProps } from '@refinedev/core';
import { ROUTE_KEYS, ROUTES, toRouterPath } from './routes/routeTable.ts';

/**
 * Refine's resources, from the route table: one per access-control resource name (web/src/routes/routeTable.ts), so
 * Refine's own access checks (buttons, CanAccess) ask the policy about exactly these names.
 */
export const resources: ResourceProps[] = ROUTE_KEYS.filter(
  (key, index) => ROUTE_KEYS.findIndex((other) => ROUTES[other].resource === ROUTES[key].resource) === index,
).map((key) => ({
  name: ROUTES[key].resource,
  list: toRouterPath(ROUTES[key].path),
  meta: { labelKey: `routes.${key}.title` },
}));
