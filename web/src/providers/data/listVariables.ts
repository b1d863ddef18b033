import type { CrudFilter, GetListParams, Pagination } from '@refinedev/core';
import type { DocumentNode } from 'graphql';

/**
 * The API's lists take `limit`/`offset` plus plain filter arguments and answer
 * `{ data, meta { pagination { total } } }` under the operation's root field.
 */
export function pageVariables(pagination: Pagination | undefined): { limit?: number; offset?: number } {
  if (pagination?.mode === 'off') return {};
  const pageSize = pagination?.pageSize ?? 10;
  const currentPage = pagination?.currentPage ?? 1;
  return { limit: pageSize, offset: (currentPage - 1) * pageSize };
}

/** `{ field: 'name', operator: 'contains', value: 'shop' }` becomes the argument `name: "shop"`. */
export function filterVariables(filters: CrudFilter[] | undefined): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if ('field' in filter && filter.value !== undefined && filter.value !== '') variables[filter.field] = filter.value;
  }
  return variables;
}

export function listVariables(params: Pick<GetListParams, 'pagination' | 'filters' | 'meta'>): Record<string, unknown> {
  return {
    ...filterVariables(params.filters),
    ...pageVariables(params.pagination),
    ...(params.meta?.gqlVariables as Record<string, unknown> | undefined),
  };
}

/** The name of the first field an operation selects, e.g. `organizationWebsiteList`. */
export function rootFieldOf(document: DocumentNode | undefined): string | undefined {
  const operation = document?.definitions.find((definition) => definition.kind === 'OperationDefinition');
  const field = operation?.selectionSet.selections.find((selection) => selection.kind === 'Field');
  return field?.name.value;
}
