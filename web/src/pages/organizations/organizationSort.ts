import type { CrudSort } from '@refinedev/core';

export type OrganizationSort = 'NAME_ASC' | 'NAME_DESC' | 'CREATED_AT_ASC' | 'CREATED_AT_DESC';

const COLUMNS: Record<string, string> = { name: 'NAME', createdAt: 'CREATED_AT' };

/** The table's sorter as the API's OrganizationSort; by name, A to Z, when none is chosen. */
export function organizationSort(sorters: CrudSort[]): OrganizationSort {
  const [sorter] = sorters;
  const column = sorter ? COLUMNS[sorter.field] : undefined;
  if (!sorter || !column) return 'NAME_ASC';
  return `${column}_${sorter.order === 'desc' ? 'DESC' : 'ASC'}` as OrganizationSort;
}
