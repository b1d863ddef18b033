import type { Client } from '@urql/core';
import { createGraphQLFetch, type TokenSource } from './graphqlFetch.ts';

/**
 * One urql client at a time, created on first use (so the sign-in page does not download urql).
 * Signing out replaces it, which drops its document cache, so the next user never sees the
 * previous user's answers.
 */
export interface GraphQLClientHolder {
  current(): Promise<Client>;
  reset(): void;
}

export function createGraphQLClientHolder(url: string, getToken: TokenSource): GraphQLClientHolder {
  const make = () =>
    import('@urql/core').then(
      ({ Client, cacheExchange, fetchExchange }) =>
        new Client({
          url,
          exchanges: [cacheExchange, fetchExchange],
          fetch: createGraphQLFetch(getToken),
          // docs/graphql.md: always a POST of JSON (urql would otherwise send short queries as GET).
          preferGetMethod: false,
          // Refine's query cache is the console's cache: a refetch (polling, a reload after a
          // conflict, another reviewer's decisions) must reach the server, not urql's document cache.
          requestPolicy: 'network-only',
          fetchOptions: { credentials: 'same-origin' },
        }),
    );
  let client: Promise<Client> | null = null;
  return {
    current: () => (client ??= make()),
    reset: () => {
      client = null;
    },
  };
}
