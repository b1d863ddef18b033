import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, startFakeUpstream, type FakeUpstream } from '../test/fake-upstream.ts';
import { envFor } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';

const WEBSITE = '0b6f2c1e-4d7a-4e8b-9c3d-2a1f5e6d7c8b';
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const get = (env: ReturnType<typeof envFor>, path: string, headers: Record<string, string> = {}) =>
  createApp().request(path, { method: 'GET', headers }, env);

describe('GET /price-feed/{organizationWebsiteId} proxy', () => {
  it('passes the API key, format and choice to the API without a Firebase token, and nothing else', async () => {
    const response = await get(
      envFor('local', { GRAPHQL_UPSTREAM: upstream.url }),
      `/price-feed/${WEBSITE}?format=csv&accepted=true&other=x`,
      {
        'X-Api-Key': 'owk_secret',
        Cookie: 'session=secret',
        Authorization: 'Bearer something',
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const received = upstream.received.at(-1)!;
    expect(received).toMatchObject({ method: 'GET', url: `/price-feed/${WEBSITE}?format=csv&accepted=true` });
    expect(received.headers['x-api-key']).toBe('owk_secret');
    expect(received.headers.cookie).toBeUndefined();
    expect(received.headers.authorization).toBeUndefined();
  });

  it('keeps the website id one path segment', async () => {
    await get(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), '/price-feed/..%2Fgraphql');
    expect(upstream.received.at(-1)!.url).toBe('/price-feed/..%2Fgraphql');
  });

  it('answers 502 when the API is unreachable', async () => {
    const response = await get(envFor('local', { GRAPHQL_UPSTREAM: await closedPortUrl() }), `/price-feed/${WEBSITE}`, {
      'X-Api-Key': 'k',
    });
    expect(response.status).toBe(502);
  });
});
