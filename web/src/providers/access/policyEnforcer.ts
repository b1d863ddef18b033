import './bufferShim.ts';
import { type Action, createAccessControl, effectiveRole, type Resource } from '@console/policies';
import modelText from '@console/policies/model.conf?raw';
import policyText from '@console/policies/policy.csv?raw';

export interface RoleAccess {
  /** May a user with these roles (their effective role, docs/roles.md) do the action on the resource? */
  can(roles: readonly string[], resource: string, action: Action): Promise<boolean>;
}

/**
 * The console's one Casbin enforcer, built from the same files the API enforces. This module is
 * loaded on the first access check only, so the login page does not download casbin.
 */
export async function createPolicyEnforcer(): Promise<RoleAccess> {
  const access = await createAccessControl(modelText, policyText);
  return { can: (roles, resource, action) => access.can(effectiveRole(roles), resource as Resource, action) };
}
