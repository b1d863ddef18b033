import { useList } from '@refinedev/core';
import { OWN_ORGANIZATION_QUERY } from '../queries.ts';

/** A non-admin's organization (the API lists only its own), loaded when `enabled`. */
export function useOwnOrganization(enabled: boolean): { id: string; name: string } | null {
  const { result } = useList<{ id: string; name: string }>({
    resource: 'organizations',
    pagination: { currentPage: 1, pageSize: 1 },
    meta: { gqlQuery: OWN_ORGANIZATION_QUERY },
    queryOptions: { enabled },
    errorNotification: false,
  });
  return result.data[0] ?? null;
}
