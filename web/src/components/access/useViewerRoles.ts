import { useGetIdentity } from '@refinedev/core';
import type { Identity } from '../layout/identity.ts';

/**
 * The signed-in user's roles (from the API's AppUser), whether they include Admin, and whether
 * they are known yet (`known` false while the identity loads: `roles` is then empty, so a page
 * whose request depends on being Admin waits for `known` instead of asking once as a non-Admin).
 */
export function useViewerRoles(): { roles: string[]; isAdmin: boolean; known: boolean } {
  const { data } = useGetIdentity<Identity>();
  const roles = data?.appUser?.roles ?? data?.roles ?? [];
  return { roles, isAdmin: roles.includes('Admin'), known: data !== undefined };
}
