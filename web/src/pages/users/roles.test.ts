import { describe, expect, it } from 'vitest';
import { grantableRoles } from './roles.ts';

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
