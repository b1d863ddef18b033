import type { Action } from '@console/policies';
import type { AccessControlProvider } from '@refinedev/core';
import type { RoleAccess } from './policyEnforcer.ts';

/** Refine's action names for the policy's actions; checks default to Read (docs/roles.md). */
const ACTION_OF: Record<string, Action> = {
  list: 'Read',
  show: 'Read',
  read: 'Read',
  create: 'Create',
  clone: 'Create',
  edit: 'Update',
  update: 'Update',
  delete: 'Delete',
  all: 'All',
};

export function toPolicyAction(action: string | undefined): Action {
  return ACTION_OF[(action ?? '').toLowerCase()] ?? 'Read';
}

export interface AccessControlOptions {
  /** The signed-in user's roles (AppUser.roles from the API), or null when signed out. */
  roles: () => Promise<readonly string[] | null>;
  /** Loaded on the first check, so the login page does not download casbin. */
  enforcer: () => Promise<RoleAccess>;
}

export function createAccessControlProvider({ roles, enforcer }: AccessControlOptions): AccessControlProvider {
  let built: Promise<RoleAccess> | null = null;
  return {
    can: async ({ resource, action }) => {
      const userRoles = await roles();
      if (!userRoles || !resource) return { can: false, reason: 'access.notAccessibleText' };
      built ??= enforcer();
      const can = await (await built).can(userRoles, resource, toPolicyAction(action));
      return can ? { can } : { can, reason: 'access.notAccessibleText' };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    },
  };
}
