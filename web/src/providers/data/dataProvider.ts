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
import type { Client } from '@urql/core';
import type { GraphQLClientHolder } from './graphqlClient.ts';
import { apiErrorFields, type Translate } from './apiErrors.ts';
import { statusCodeOf } from './graphqlErrors.ts';

/**
 * Gives Refine an HttpError with the status, so the auth provider's onError can act on a 401; a
 * refusal the API gave a reason for is worded in the user's language (`translate`).
 */
function withStatus(error: unknown, translate?: Translate): HttpError {
  const message = error instanceof Error ? error.message : String(error);
  return { message, statusCode: statusCodeOf(error) ?? 500, ...apiErrorFields(error, translate) };
}

/**
 * The data provider Refine sees. Every call goes to the holder's current client (so resetting the
 * client on sign-out takes effect at once), and the GraphQL provider itself is loaded on the first
 * call, so the login page does not download it.
 */
export function createDataProvider(holder: GraphQLClientHolder, translate?: Translate): DataProvider {
  let built: { client: Client; provider: Promise<Required<DataProvider>> } | null = null;
  const current = async () => {
    const client = await holder.current();
    if (built?.client !== client) {
      built = {
        client,
        provider: import('./graphqlDataProvider.ts').then((module) => module.createGraphQLProvider(client)),
      };
    }
    return built.provider;
  };
  const guard = async <R>(run: (provider: Required<DataProvider>) => Promise<R>): Promise<R> => {
    const provider = await current();
    try {
      return await run(provider);
    } catch (error) {
      throw withStatus(error, translate);
    }
  };
  return {
    getList: <T extends BaseRecord>(params: GetListParams) => guard((p) => p.getList<T>(params)),
    getOne: <T extends BaseRecord>(params: GetOneParams) => guard((p) => p.getOne<T>(params)),
    getMany: <T extends BaseRecord>(params: GetManyParams) => guard((p) => p.getMany<T>(params)),
    create: <T extends BaseRecord, V>(params: CreateParams<V>) => guard((p) => p.create<T, V>(params)),
    update: <T extends BaseRecord, V>(params: UpdateParams<V>) => guard((p) => p.update<T, V>(params)),
    deleteOne: <T extends BaseRecord, V>(params: DeleteOneParams<V>) => guard((p) => p.deleteOne<T, V>(params)),
    custom: <T extends BaseRecord, Q, P>(params: CustomParams<Q, P>) => guard((p) => p.custom<T, Q, P>(params)),
    getApiUrl: () => '',
  };
}
