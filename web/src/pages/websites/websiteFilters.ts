import type { CrudFilter, CrudFilters } from '@refinedev/core';

export interface WebsiteFilterValues {
  search?: string;
  organizationId?: string;
}

/** The filter form's values as the list's arguments (empty ones are left out by the provider). */
export function websiteFilters(values: WebsiteFilterValues): CrudFilters {
  return [
    { field: 'search', operator: 'contains', value: values.search?.trim() || undefined },
    { field: 'organizationId', operator: 'eq', value: values.organizationId || undefined },
  ];
}

/** The form's values back from the filters (as read from the address), for the form to show them. */
export function websiteFilterValues(filters: CrudFilters): WebsiteFilterValues {
  const text = (field: keyof WebsiteFilterValues) => {
    const value = (
      filters.find((filter): filter is CrudFilter & { field: string } => 'field' in filter && filter.field === field) as
        | { value?: unknown }
        | undefined
    )?.value;
    return typeof value === 'string' && value ? value : undefined;
  };
  return { search: text('search'), organizationId: text('organizationId') };
}
