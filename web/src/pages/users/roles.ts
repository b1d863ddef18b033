/**
 * The roles of docs/roles.md in the policy's order. A copy of ROLES in @console/policies, kept equal by
 * roles.test.ts: importing that module here would put casbin in this page's chunk ahead of the
 * Buffer shim the access provider loads it with.
 */
export const ROLES = ['Admin', 'Owner', 'Editor', 'Viewer', 'User'] as const;

/** The roles a user may grant: an Admin any, everyone else all but Admin (the API refuses it too). */
export function grantableRoles(granterRoles: readonly string[]): string[] {
  return granterRoles.includes('Admin') ? [...ROLES] : ROLES.filter((role) => role !== 'Admin');
}

/** The colour of each role's tag. */
export const ROLE_COLORS: Record<string, string> = {
  Admin: 'magenta',
  Owner: 'blue',
  Editor: 'cyan',
  Viewer: 'default',
  User: 'green',
};
