import { describe, expect, it } from 'vitest';
import { ROLES as POLICY_ROLES } from '@console/policies';
import { grantableRoles, ROLES } from './roles.ts';

describe('grantableRoles', () => {
  it.each([
    [['Admin'], ['Admin', 'Owner', 'Editor', 'Viewer', 'User']],
    [['Owner'], ['Owner', 'Editor', 'Viewer', 'User']],
    [['Editor'], ['Owner', 'Editor', 'Viewer', 'User']],
    [[], ['Owner', 'Editor', 'Viewer', 'User']],
  ])('%j may grant %j', (granter, roles) => {
    expect(grantableRoles(granter)).toEqual(roles);
  });
});

describe('ROLES', () => {
  it('equals the roles of the policy package', () => {
    expect(ROLES).toEqual(POLICY_ROLES);
  });
});
