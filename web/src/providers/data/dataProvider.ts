import type {
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  HttpError,
  UpdateParams,
} from '@refinedev/core';
import createGraphQLDataProvider from '@refinedev/graphql';
import type { GraphQLClientHolder } from './graphqlClient.ts';
import { statusCodeOf } from './graphqlErrors.ts';
import { listVariables, rootFieldOf } from './listVariables.ts';

type ListAnswer = { data?: unknown[]; meta?: { pagination?: { total?: number } } } | undefined;

const listAnswer = (data: Record<string, unknown> | undefined, field: string | undefined): ListAnswer =>
  field ? (data?.[field] as ListAnswer) : undefined;

/** Refine's GraphQL data provider, taught the API's list shape and limit/offset paging. */
function providerFor(holder: GraphQLClientHolder): Required<DataProvider> {
  return createGraphQLDataProvider(holder.current(), {
    getList: {
      buildVariables: listVariables,
      dataMapper: (response, params) => (listAnswer(response.data, rootFieldOf(params.meta?.gqlQuery))?.data ?? []) as never,
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

/** Gives Refine an HttpError with the status, so the auth provider's onError can act on a 401. */
function withStatus(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : String(error);
  return { message, statusCode: statusCodeOf(error) ?? 500 };
}

/** Every call goes to the holder's current client, so resetting the client takes effect at once. */
export function createDataProvider(holder: GraphQLClientHolder): DataProvider {
  let client = holder.current();
  let provider = providerFor(holder);
  const current = () => {
    if (client !== holder.current()) {
      client = holder.current();
      provider = providerFor(holder);
    }
    return provider;
  };
  const guard = async <R>(run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } catch (error) {
      throw withStatus(error);
    }
  };
  return {
    getList: <T extends BaseRecord>(params: GetListParams) => guard(() => current().getList<T>(params)),
    getOne: <T extends BaseRecord>(params: GetOneParams) => guard(() => current().getOne<T>(params)),
    getMany: <T extends BaseRecord>(params: GetManyParams) => guard(() => current().getMany<T>(params)),
    create: <T extends BaseRecord, V>(params: CreateParams<V>) => guard(() => current().create<T, V>(params)),
    update: <T extends BaseRecord, V>(params: UpdateParams<V>) => guard(() => current().update<T, V>(params)),
    deleteOne: <T extends BaseRecord, V>(params: DeleteOneParams<V>) => guard(() => current().deleteOne<T, V>(params)),
    custom: <T extends BaseRecord, Q, P>(params: CustomParams<Q, P>) => guard(() => current().custom<T, Q, P>(params)),
    getApiUrl: () => '',
  };
}
