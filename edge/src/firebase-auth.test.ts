import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestKeys, unsignedToken, type TestKeys } from '../test/tokens.ts';
import { envFor } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';

const PROJECT = 'price-console-production';
let keys: TestKeys;
let app: ReturnType<typeof createApp>;
const upstreamCalls: Request[] = [];

beforeAll(async () => {
  keys = await makeTestKeys();
  app = createApp({
    auth: { keys: keys.keys },
    graphql: {
      fetch: async (input, init) => {
        upstreamCalls.push(new Request(input as RequestInfo, init));
        return Response.json({ data: { ok: true } });
      },
    },
  });
});

function post(token: string | null, env = envFor('production')) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  return app.request('/graphql', { method: 'POST', headers, body: '{"query":"{ ok }"}' }, env);
}

async function expectUnauthenticated(response: Response) {
  expect(response.status).toBe(401);
  const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]?.extensions.code).toBe('UNAUTHENTICATED');
  expect(body.errors[0]?.message).toBeTruthy();
}

describe('Firebase ID token at /graphql (production rules, RS256)', () => {
  it('lets a valid token through to the API', async () => {
    const before = upstreamCalls.length;
    const response = await post(await keys.sign({}));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { ok: true } });
    expect(upstreamCalls.length).toBe(before + 1);
  });

  const bad: { name: string; token: () => Promise<string | null> }[] = [
    { name: 'no token', token: async () => null },
    { name: 'an empty bearer', token: async () => '' },
    { name: 'garbage', token: async () => 'not-a-jwt' },
    { name: 'wrong audience', token: () => keys.sign({}, { audience: 'another-project' }) },
    { name: 'wrong issuer', token: () => keys.sign({}, { issuer: 'https://securetoken.google.com/another-project' }) },
    { name: 'expired', token: () => keys.sign({}, { expiresIn: -3600 }) },
    { name: 'a bad signature', token: () => keys.signWithOtherKey(PROJECT) },
    { name: 'alg none (an emulator token)', token: async () => unsignedToken(PROJECT) },
    { name: 'another project', token: () => keys.sign({}, { projectId: 'another-project' }) },
  ];

  it.each(bad)('answers 401 UNAUTHENTICATED for $name, without calling the API', async ({ token }) => {
    const before = upstreamCalls.length;
    await expectUnauthenticated(await post(await token()));
    expect(upstreamCalls.length).toBe(before);
  });
});

describe('Auth emulator tokens', () => {
  it('are accepted in local with FIREBASE_AUTH_EMULATOR_HOST set', async () => {
    const response = await post(unsignedToken('demo-price-console'), envFor('local'));
    expect(response.status).toBe(200);
  });

  it('are still checked for audience, issuer and expiry in local', async () => {
    await expectUnauthenticated(await post(unsignedToken('another-project'), envFor('local')));
    await expectUnauthenticated(await post(unsignedToken('demo-price-console', { exp: 1000 }), envFor('local')));
  });

  it('are refused in local without an emulator host', async () => {
    await expectUnauthenticated(
      await post(unsignedToken('demo-price-console'), envFor('local', { FIREBASE_AUTH_EMULATOR_HOST: '' })),
    );
  });

  it.each(['dev', 'production'] as const)('are refused in %s', async (environment) => {
    const projectId = environment === 'dev' ? 'price-console-dev' : PROJECT;
    await expectUnauthenticated(await post(unsignedToken(projectId), envFor(environment)));
  });
});
