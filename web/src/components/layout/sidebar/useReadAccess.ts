import { useCanWithoutCache, useGetIdentity } from '@refinedev/core';
import { useQueries } from '@tanstack/react-query';
import type { ReadAccess } from './visibleNavigation.ts';

/** Asks the access-control provider, once per signed-in user, whether each resource may be read. */
export function useReadAccess(resources: readonly string[]): ReadAccess {
  const { can } = useCanWithoutCache();
  const { data: identity } = useGetIdentity<{ id: string }>();
  const userId = identity?.id;
  const answers = useQueries({
    queries: resources.map((resource) => ({
      queryKey: ['navigation-access', userId, resource],
      queryFn: async () => (can ? (await can({ resource, action: 'list' })).can : true),
      enabled: userId !== undefined,
      staleTime: Infinity,
      retry: false,
    })),
  });
  // A check that failed hides its item rather than leaving a skeleton forever.
  const byResource = new Map(
    resources.map((resource, i) => [resource, answers[i]?.isError ? false : answers[i]?.data]),
  );
  return (resource) => byResource.get(resource);
}
