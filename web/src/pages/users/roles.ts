import { ROLES } from '@console/policies';

/** The roles a user may grant: an Admin any, everyone else all but Admin (the API refuses it too). */
export function grantableRoles(granterRoles: readonly string[]): string[] {
  return granterRoles.includes('Admin') ? [...ROLES] : ROLES.filter((role) => role !== 'Admin');
}

/** The colour of each role's tag. */
export const ROLE_COLORS: Record<string, string> = { Admin: 'magenta', Owner: 'blue', Editor: 'cyan', Viewer: 'default', User: 'green' };
