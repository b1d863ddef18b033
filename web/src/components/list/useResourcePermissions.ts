import { useCan } from '@refinedev/core';

export interface ResourcePermissions {
  list: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/**
 * What the signed-in user may do with a resource of the policy (policies/): list, create, update
 * and delete, each false until the policy has answered. One hook instead of four `useCan` calls
 * on every list page.
 */
export function useResourcePermissions(resource: string): ResourcePermissions {
  const list = useCan({ resource, action: 'list' }).data?.can === true;
  const create = useCan({ resource, action: 'create' }).data?.can === true;
  const update = useCan({ resource, action: 'update' }).data?.can === true;
  const remove = useCan({ resource, action: 'delete' }).data?.can === true;
  return { list, create, update, delete: remove };
}
