import { afterAll, describe, expect, it } from 'vitest';

// Browsers have no Buffer global: the enforcer's module must install the shim before casbin (and
// the csv-parse inside it) runs, or every check fails and pages show Not Accessible.
const scope = globalThis as { Buffer?: unknown };
const nodeBuffer = scope.Buffer;
delete scope.Buffer;
afterAll(() => {
  scope.Buffer = nodeBuffer;
});

describe('the enforcer without a Buffer global, as in a browser', () => {
  it.each([
    ['Admin', 'scrappers', true],
    ['User', 'home', true],
    ['User', 'websites', false],
  ])('%s reads %s -> %s', async (role, resource, allowed) => {
    const { createPolicyEnforcer } = await import('./policyEnforcer.ts');
    const enforcer = await createPolicyEnforcer();
    expect(await enforcer.can([role], resource, 'Read')).toBe(allowed);
    expect(scope.Buffer).toBeDefined();
  });
});
