import { authorizationHeader } from './authorization.ts';
import { readGraphQLResponse } from './graphqlErrors.ts';

export type TokenSource = () => Promise<string | null | undefined>;

/**
 * The fetch the GraphQL client uses: a fresh ID token on every request, same-origin credentials,
 * and the answer checked by readGraphQLResponse so every failure carries the spec's message.
 */
export function createGraphQLFetch(getToken: TokenSource, fetchFn: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', authorizationHeader(await getToken()));
    headers.set('Content-Type', 'application/json');
    const response = await fetchFn(input, { ...init, method: 'POST', headers, credentials: 'same-origin' });
    const body = readGraphQLResponse(response.status, await response.text());
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}
