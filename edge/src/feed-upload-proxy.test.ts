import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, startFakeUpstream, type FakeUpstream } from '../test/fake-upstream.ts';
import { unsignedToken } from '../test/tokens.ts';
import { envFor } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';

const TOKEN = unsignedToken('demo-price-console');
const FEED = '0b6f2c1e-4d7a-4e8b-9c3d-2a1f5e6d7c8b';
const CSV = 'ITEM_ID,Product name,Price\nP1,One,"12,50 Kč"\n';
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

function upload(
  env: ReturnType<typeof envFor>,
  path: string,
  headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` },
  body: BodyInit = CSV,
) {
  return createApp().request(path, { method: 'POST', headers: { 'Content-Type': 'text/csv', ...headers }, body }, env);
}

describe('POST /feeds/{productFeedId}/upload proxy', () => {
  it('streams the file to the API origin with only the allowed headers and the file name, and relays the answer', async () => {
    const response = await upload(
      envFor('local', { GRAPHQL_UPSTREAM: upstream.url }),
      `/feeds/${FEED}/upload?fileName=feed.csv&other=x`,
      {
        Authorization: `Bearer ${TOKEN}`,
        Cookie: 'session=secret',
        'X-Custom': 'nope',
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { echo: true } });
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const received = upstream.received.at(-1)!;
    expect(received).toMatchObject({ method: 'POST', url: `/feeds/${FEED}/upload?fileName=feed.csv`, body: CSV });
    expect(received.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(received.headers['content-type']).toBe('text/csv');
    expect(received.headers.cookie).toBeUndefined();
    expect(received.headers['x-custom']).toBeUndefined();
  });

  it('keeps the feed id one path segment (no way out of the upload route)', async () => {
    await upload(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), `/feeds/..%2Fgraphql/upload`);
    expect(upstream.received.at(-1)!.url).toBe('/feeds/..%2Fgraphql/upload');
  });

  it('answers 401 without calling the API when the token is missing', async () => {
    const before = upstream.received.length;
    const response = await upload(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), `/feeds/${FEED}/upload`, {});
    expect(response.status).toBe(401);
    expect(upstream.received.length).toBe(before);
  });

  it('answers 502 when the API is unreachable', async () => {
    const response = await upload(
      envFor('local', { GRAPHQL_UPSTREAM: await closedPortUrl() }),
      `/feeds/${FEED}/upload`,
    );
    expect(response.status).toBe(502);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('UPSTREAM_UNREACHABLE');
  });
});
