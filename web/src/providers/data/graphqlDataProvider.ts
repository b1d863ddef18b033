import type { DataProvider } from '@refinedev/core';
import createGraphQLDataProvider from '@refinedev/graphql';
import type { Client } from '@urql/core';
import { withApiErrors } from './apiErrors.ts';
import { listVariables, rootFieldOf } from './listVariables.ts';

type ListAnswer = { data?: unknown[]; meta?: { pagination?: { total?: number } } } | undefined;

const listAnswer = (data: Record<string, unknown> | undefined, field: string | undefined): ListAnswer =>
  field ? (data?.[field] as ListAnswer) : undefined;

/**
 * Refine's GraphQL data provider, taught the API's list shape (`data` + `meta.pagination.total`
 * under the operation's root field) and its limit/offset paging.
 */
export function createGraphQLProvider(client: Client): Required<DataProvider> {
  return createGraphQLDataProvider(withApiErrors(client), {
    getList: {
      buildVariables: listVariables,
      dataMapper: (response, params) =>
        (listAnswer(response.data, rootFieldOf(params.meta?.gqlQuery))?.data ?? []) as never,
      getTotalCount: (response, params) =>
        listAnswer(response.data, rootFieldOf(params.meta?.gqlQuery))?.meta?.pagination?.total ?? 0,
    },
    custom: {
      buildVariables: (params) => ({ ...params.meta?.variables, ...params.meta?.gqlVariables }),
      dataMapper: (response, params) => {
        const field = rootFieldOf(params.meta?.gqlQuery ?? params.meta?.gqlMutation);
        return (field ? response.data?.[field] : response.data) ?? null;
      },
    },
  });
}
