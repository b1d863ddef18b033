/**
 * The console's access policy: the role priority of docs/roles.md and a Casbin enforcer built once
 * from model.conf + policy.csv. Each consumer loads the two files its own way (the API from
 * disk, the web console as bundled text) and calls createAccessControl once per process.
 */
import { newEnforcer, newModelFromString, StringAdapter } from 'casbin';

export const ROLES = ['Admin', 'Owner', 'Editor', 'Viewer', 'User'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = ['Create', 'Read', 'Update', 'Delete', 'All'] as const;
export type Action = (typeof ACTIONS)[number];

/** Every resource name of web/README.md, in the spec's order. */
export const RESOURCES = [
  'All',
  'home',
  'users',
  'users:detail',
  'organizations',
  'organizations:detail',
  'organizations:billing',
  'organizations:suspend',
  'websites',
  'websites:detail',
  'productFeeds',
  'productFeeds:detail',
  'competitors',
  'competitors:detail',
  'monitoredCompetitor:detail',
  'scrappers',
  'scrappers:detail',
  'settings',
  'settingsProfile',
  'products',
  'productsAggregators',
  'productMatchingQueue',
  'productMatchingQueue:detail',
  'productMatchingQueue:log',
  'matchingConfirmation',
  'priceSuggestionRules',
  'priceSuggestionRules:detail',
  'dataInsights',
  'dataInsights:brandSnapshot',
  'dataInsights:competitorSnapshot',
  'contactSupport',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** The role that decides a user's access: Admin, then Owner, then Editor, then Viewer, else User. */
export function effectiveRole(roles: readonly string[] | null | undefined): Role {
  for (const role of ['Admin', 'Owner', 'Editor', 'Viewer'] as const) {
    if (roles?.includes(role)) return role;
  }
  return 'User';
}

export interface AccessControl {
  can(role: Role, resource: Resource, action?: Action): Promise<boolean>;
}

/** Builds the enforcer once; `can` then answers from memory. */
export async function createAccessControl(modelText: string, policyText: string): Promise<AccessControl> {
  const enforcer = await newEnforcer(newModelFromString(modelText), new StringAdapter(policyText));
  return {
    can: (role, resource, action = 'Read') => enforcer.enforce(role, resource, action),
  };
}

export interface AccessCase {
  role: Role;
  resource: Resource;
  action: Action;
  allowed: boolean;
}

const LETTER: Record<Action, string> = { Create: 'C', Read: 'R', Update: 'U', Delete: 'D', All: 'A' };

/** Expands access-table.csv into one case per role x resource x action. */
export function parseAccessTable(tableText: string): AccessCase[] {
  const rows = tableText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const [header, ...body] = rows;
  const roles = (header ?? '').split(',').slice(1) as Role[];
  const cases: AccessCase[] = [];
  for (const row of body) {
    const [resource, ...cells] = row.split(',') as [Resource, ...string[]];
    roles.forEach((role, i) => {
      for (const action of ACTIONS) {
        cases.push({ role, resource, action, allowed: (cells[i] ?? '').includes(LETTER[action]) });
      }
    });
  }
  return cases;
}
