import { describe, expect, it } from 'vitest';
import { createGraphQLFetch } from './graphqlFetch.ts';

function recorder(status = 200, body = '{"data":{}}') {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

describe('createGraphQLFetch', () => {
  it('sends a fresh bearer token with same-origin credentials', async () => {
    const { calls, fetchFn } = recorder();
    let n = 0;
    const graphqlFetch = createGraphQLFetch(async () => `token-${++n}`, fetchFn);
    await graphqlFetch('/graphql', { method: 'POST', body: '{}' });
    await graphqlFetch('/graphql', { method: 'POST', body: '{}' });
    expect(calls.map((call) => new Headers(call.init.headers).get('Authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.init.method).toBe('POST');
  });

  it('sends an empty Authorization value when signed out', async () => {
    const { calls, fetchFn } = recorder();
    await createGraphQLFetch(async () => null, fetchFn)('/graphql', { body: '{}' });
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('');
  });

  it('turns an unsuccessful status into the spec message', async () => {
    const { fetchFn } = recorder(401, 'Unauthorized');
    await expect(createGraphQLFetch(async () => null, fetchFn)('/graphql', {})).rejects.toThrow(
      'Response not successful: Received status code 401',
    );
  });
});
