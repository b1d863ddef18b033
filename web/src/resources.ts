import type { ResourceProps } from '@refinedev/core';

/**
 * Every resource of the console in one place. The names are the access-control resource names of
 * SPEC §2 (policies/policy.csv), so Refine's access checks ask the policy about exactly these.
 */
export const resources: ResourceProps[] = [
  {
    name: 'home',
    list: '/',
    meta: { labelKey: 'resources.home' },
  },
];
