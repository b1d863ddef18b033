import { useGetIdentity } from '@refinedev/core';
import type { Identity } from '../layout/identity.ts';

/** The signed-in user's roles (from the API's AppUser), and whether they include Admin. */
export function useViewerRoles(): { roles: string[]; isAdmin: boolean } {
  const { data } = useGetIdentity<Identity>();
  const roles = data?.appUser?.roles ?? data?.roles ?? [];
  return { roles, isAdmin: roles.includes('Admin') };
}
