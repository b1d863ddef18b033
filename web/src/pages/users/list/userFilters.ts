import type { CrudFilters } from '@refinedev/core';

export interface UserFilterValues {
  email?: string;
  organizationId?: string;
  role?: string;
  /** 'enabled', 'disabled' or empty for both. */
  state?: string;
}

/** The filter form's values as the userList arguments (empty ones are left out by the provider). */
export function userFilters(values: UserFilterValues): CrudFilters {
  return [
    { field: 'email', operator: 'contains', value: values.email?.trim() || undefined },
    { field: 'organizationId', operator: 'eq', value: values.organizationId || undefined },
    { field: 'role', operator: 'eq', value: values.role || undefined },
    { field: 'disabled', operator: 'eq', value: values.state ? values.state === 'disabled' : undefined },
  ];
}
