import { ROUTES, type RouteKey } from '../../../routes/routeTable.ts';

export interface NavNode {
  route: RouteKey;
  children?: NavNode[];
}

/** Whether a resource may be read: undefined while the answer is loading. */
export type ReadAccess = (resource: string) => boolean | undefined;

export type VisibleNode<T extends NavNode> = Omit<T, 'children'> & {
  /** True while the permission is loading: the item shows a skeleton. */
  loading: boolean;
  children?: VisibleNode<T>[];
};

/**
 * The entries a user sees: an entry whose resource is denied is hidden with its children; one
 * still loading stays, marked loading.
 */
export function visibleNavigation<T extends NavNode>(entries: readonly T[], canRead: ReadAccess): VisibleNode<T>[] {
  return entries.flatMap((entry) => {
    const can = canRead(ROUTES[entry.route].resource);
    if (can === false) return [];
    const children = entry.children ? visibleNavigation(entry.children as T[], canRead) : undefined;
    return [{ ...entry, loading: can === undefined, children: children?.length ? children : undefined }];
  });
}

/** Every resource the entries (and their children) need an answer for. */
export function navigationResources(entries: readonly NavNode[]): string[] {
  const resources = entries.flatMap((entry) => [
    ROUTES[entry.route].resource,
    ...navigationResources(entry.children ?? []),
  ]);
  return [...new Set(resources)];
}

/** Every route the entries (and their children) link to. */
export function navigationRoutes(entries: readonly NavNode[]): RouteKey[] {
  return entries.flatMap((entry) => [entry.route, ...navigationRoutes(entry.children ?? [])]);
}
