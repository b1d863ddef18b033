import { Client, cacheExchange, fetchExchange } from '@urql/core';
import { createGraphQLFetch, type TokenSource } from './graphqlFetch.ts';

/**
 * One urql client at a time. Signing out replaces it, which drops its document cache, so the
 * next user never sees the previous user's answers.
 */
export interface GraphQLClientHolder {
  current(): Client;
  reset(): void;
}

export function createGraphQLClientHolder(url: string, getToken: TokenSource): GraphQLClientHolder {
  const make = () =>
    new Client({
      url,
      exchanges: [cacheExchange, fetchExchange],
      fetch: createGraphQLFetch(getToken),
      // SPEC §7: always a POST of JSON (urql would otherwise send short queries as GET).
      preferGetMethod: false,
      fetchOptions: { credentials: 'same-origin' },
    });
  let client = make();
  return {
    current: () => client,
    reset: () => {
      client = make();
    },
  };
}
