import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, startFakeUpstream, type FakeUpstream } from '../test/fake-upstream.ts';
import { unsignedToken } from '../test/tokens.ts';
import { envFor } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';
import { MAX_BODY_BYTES } from './graphql-proxy.ts';

const TOKEN = unsignedToken('demo-price-console');
const QUERY = JSON.stringify({
  operationName: 'AppUser',
  variables: { userId: 'u1' },
  query: 'query AppUser($userId: ID!) { appUser(id: $userId) { id } }',
});
let upstream: FakeUpstream;
let slow: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  slow = await startFakeUpstream({ delayMs: 2_000 });
});
afterAll(async () => {
  await upstream.close();
  await slow.close();
});

function post(
  env: ReturnType<typeof envFor>,
  init: { headers?: Record<string, string>; body?: BodyInit } = {},
  app = createApp(),
) {
  return app.request(
    '/graphql',
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...init.headers },
      body: init.body ?? QUERY,
    },
    env,
  );
}

async function errorOf(response: Response) {
  const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
  return body.errors[0]!;
}

describe('POST /graphql proxy', () => {
  it('forwards the body and exactly the allowed headers, and relays the answer', async () => {
    const response = await post(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), {
      headers: {
        Accept: 'application/graphql-response+json',
        'Accept-Language': 'cs',
        Cookie: 'session=secret; NEXT_LOCALE=cs',
        'X-Forwarded-For': '203.0.113.9',
        'X-Custom': 'nope',
        Origin: 'https://elsewhere.example',
        'X-Request-Id': 'req-12345678',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { echo: true } });
    expect(response.headers.get('Content-Type')).toBe('application/graphql-response+json; charset=utf-8');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('X-Powered-By')).toBeNull();
    expect(response.headers.get('X-Request-Id')).toBe('req-12345678');

    const received = upstream.received.at(-1)!;
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/graphql');
    expect(received.body).toBe(QUERY);
    expect(received.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers.accept).toBe('application/graphql-response+json');
    expect(received.headers['accept-language']).toBe('cs');
    expect(received.headers['x-request-id']).toBe('req-12345678');
    // Only what the API needs, plus what the HTTP client itself adds to every request.
    const clientAdded = ['host', 'connection', 'content-length', 'user-agent', 'accept-encoding', 'sec-fetch-mode'];
    const application = Object.keys(received.headers)
      .filter((name) => !clientAdded.includes(name))
      .sort();
    expect(application).toEqual(['accept', 'accept-language', 'authorization', 'content-type', 'x-request-id']);
  });

  it("proves to the API that the call comes from the edge (X-Edge-Secret); a client's header is never passed on", async () => {
    const secret = 'e'.repeat(40);
    const response = await post(envFor('local', { GRAPHQL_UPSTREAM: upstream.url, EDGE_SHARED_SECRET: secret }), {
      headers: { 'X-Edge-Secret': 'forged-by-the-client' },
    });
    expect(response.status).toBe(200);
    expect(upstream.received.at(-1)!.headers['x-edge-secret']).toBe(secret);
    // Without a secret (local only) nothing is sent.
    await post(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), {
      headers: { 'X-Edge-Secret': 'forged-by-the-client' },
    });
    expect(upstream.received.at(-1)!.headers['x-edge-secret']).toBeUndefined();
  });

  it('makes up a request id when the client sends none (or a malformed one)', async () => {
    const response = await post(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), {
      headers: { 'X-Request-Id': 'bad id!' },
    });
    expect(response.status).toBe(200);
    const id = upstream.received.at(-1)!.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('X-Request-Id')).toBe(id);
  });

  it('relays the API status (e.g. a GraphQL 400) unchanged', async () => {
    const app = createApp({
      graphql: { fetch: async () => Response.json({ errors: [{ message: 'Syntax Error' }] }, { status: 400 }) },
    });
    const response = await post(envFor('local'), {}, app);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ message: 'Syntax Error' });
  });

  it('answers 502 when the API is unreachable', async () => {
    const response = await post(envFor('local', { GRAPHQL_UPSTREAM: await closedPortUrl() }));
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({
      message: 'The GraphQL API is unreachable; try again in a moment.',
      extensions: { code: 'UPSTREAM_UNREACHABLE' },
    });
  });

  it('answers 504 when the API is slower than the timeout (GRAPHQL_UPSTREAM_TIMEOUT_MS)', async () => {
    const started = Date.now();
    const response = await post(envFor('local', { GRAPHQL_UPSTREAM: slow.url, GRAPHQL_UPSTREAM_TIMEOUT_MS: '200' }));
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await errorOf(response)).toEqual({
      message: 'The GraphQL API did not answer within 0.2 s.',
      extensions: { code: 'UPSTREAM_TIMEOUT' },
    });
  });

  it('answers 504 with the timeout given as an option', async () => {
    const response = await post(
      envFor('local', { GRAPHQL_UPSTREAM: slow.url }),
      {},
      createApp({ graphql: { timeoutMs: 100 } }),
    );
    expect(response.status).toBe(504);
  });

  it('refuses a body over 1 MB by its Content-Length (413) without calling the API', async () => {
    const before = upstream.received.length;
    const body = 'x'.repeat(MAX_BODY_BYTES + 1);
    const response = await post(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), {
      body,
      headers: { 'Content-Length': String(body.length) },
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(upstream.received.length).toBe(before);
  });

  it('refuses a streamed body over 1 MB that declares no (or a false) length', async () => {
    const before = upstream.received.length;
    const chunk = new Uint8Array(256 * 1024).fill(120);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 5) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const app = createApp();
    const request = new Request('http://edge.test/graphql', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': '10' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await app.request(request, undefined, envFor('local', { GRAPHQL_UPSTREAM: upstream.url }));
    expect(response.status).toBe(413);
    expect(upstream.received.length).toBe(before);
  });

  it('accepts a body of exactly 1 MB', async () => {
    const body = 'x'.repeat(MAX_BODY_BYTES);
    const response = await post(envFor('local', { GRAPHQL_UPSTREAM: upstream.url }), { body });
    expect(response.status).toBe(200);
    expect(upstream.received.at(-1)!.body.length).toBe(MAX_BODY_BYTES);
  });

  it('answers OPTIONS with the allowed methods and no CORS grant', async () => {
    const response = await createApp().request(
      '/graphql',
      { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example' } },
      envFor('local'),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('Allow')).toBe('POST, OPTIONS');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('answers GET /graphql with 405 JSON', async () => {
    const response = await createApp().request('/graphql', {}, envFor('local'));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST, OPTIONS');
    expect((await errorOf(response)).extensions.code).toBe('METHOD_NOT_ALLOWED');
  });
});
