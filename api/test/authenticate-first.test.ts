/**
 * The caller is decided before the query is read (graphql/authenticate-first.ts): without a valid
 * token every request gets the same 401 UNAUTHENTICATED, whatever its query, so nobody learns the
 * schema from validation errors; a signed-in caller gets validation errors as before; an unknown or
 * disabled user and a suspended organization are answered as before; and a website-list request
 * authenticated in front of yoga is not authenticated again.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, type TokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { withWebsiteListAnswers } from '../src/graphql/website-list-answers.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines } from './engines.ts';
import { organizationIds } from './helpers.ts';
import { APP_USER, ORGANIZATION_WEBSITE_LIST } from './operations.ts';
import { createSigningKeys, emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
const OWNER = DEMO_USERS.find((u) => u.roles.includes('Owner'))!;

/** Field names misspelt on purpose: validation would answer "Cannot query field … Did you mean …". */
const WRONG_FIELD = 'query Probe { organizationWebsiteLis(limit: 1, offset: 0) { data { id } } }';
const WRONG_NESTED_FIELD = `query Probe { appUser(userId: "${ADMIN.uid}") { idd emial } }`;
const MALFORMED_QUERY = 'query Probe { organizationWebsiteList(limit: 1, offset: ';
/** What no refusal may say: validation, suggestions, syntax errors or the names asked about. */
const SCHEMA_HINTS = /Cannot query|Did you mean|Syntax Error|Unknown|organizationWebsiteLis|\bidd\b|emial|Expected/;

/** A raw request: JSON bodies, other content types and GET. */
interface Probe {
  body?: string;
  contentType?: string;
  get?: string;
}
type Send = (init: Probe & { token: string | null }) => Promise<{
  status: number;
  text: string;
}>;

function sender(fetchOf: (url: string, init: RequestInit) => Promise<Response>, base: string): Send {
  return async ({ token, body, contentType = 'application/json', get }) => {
    const headers: Record<string, string> = { accept: 'application/graphql-response+json, application/json' };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const response = get
      ? await fetchOf(`${base}/graphql?query=${encodeURIComponent(get)}`, { headers })
      : await fetchOf(`${base}/graphql`, {
          method: 'POST',
          headers: { ...headers, 'content-type': contentType },
          body: body ?? '',
        });
    return { status: response.status, text: await response.text() };
  };
}

const json = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });

/** Every shape of request a prober might send, none of which may reach parsing or validation. */
const PROBES: [string, Probe][] = [
  ['a misspelt root field', { body: json(WRONG_FIELD) }],
  ['misspelt nested fields', { body: json(WRONG_NESTED_FIELD) }],
  ['a query that does not parse', { body: json(MALFORMED_QUERY) }],
  ['introspection', { body: json('query Schema { __schema { types { name } } }') }],
  ['a body that is not JSON', { body: '{"query": ' }],
  ['no query at all', { body: '{}' }],
  ['a batch', { body: JSON.stringify([{ query: WRONG_FIELD }, { query: WRONG_FIELD }]) }],
  ['a GraphQL string body', { body: WRONG_FIELD, contentType: 'application/graphql' }],
  ['an unsupported content type', { body: WRONG_FIELD, contentType: 'text/plain' }],
  ['a GET with a misspelt field', { get: WRONG_FIELD }],
  ['a valid query', { body: json(APP_USER, { userId: ADMIN.uid }) }],
];

describe.each(engines)('authentication before validation on $name', (engine) => {
  let db: Database;
  let api: Api;
  let send: Send;

  beforeAll(async () => {
    db = await engine.open();
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 12 });
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
    api = createApi({ pool: db.pool, verifyToken, access: await loadAccessControl(), logging: false });
    send = sender((url, init) => Promise.resolve(api.fetch(url, init)), 'http://api.test');
  });
  afterAll(async () => {
    await db?.close();
  });

  describe.each([
    ['no token', null],
    ['a token that is no JWT', 'not-a-token'],
    ['an expired token', emulatorToken(ADMIN.uid, { exp: Math.floor(Date.now() / 1000) - 3600 })],
    ["another project's token", emulatorToken(ADMIN.uid, { aud: 'other-project' })],
  ])('%s', (_name, token) => {
    it('gets one and the same 401 UNAUTHENTICATED whatever the request says, and nothing about the schema', async () => {
      const answers = [];
      for (const [probe, request] of PROBES) {
        const answer = await send({ ...request, token });
        expect({ probe, status: answer.status }).toEqual({ probe, status: 401 });
        expect(answer.text).not.toMatch(SCHEMA_HINTS);
        const body = JSON.parse(answer.text);
        expect(body.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toEqual([
          'UNAUTHENTICATED',
        ]);
        expect(body.data ?? null).toBeNull();
        answers.push(answer.text);
      }
      expect(new Set(answers).size).toBe(1);
    });
  });

  it('a signed-in caller still gets validation and syntax errors', async () => {
    const token = emulatorToken(ADMIN.uid);
    const wrong = await send({ token, body: json(WRONG_FIELD) });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.text).errors[0].message).toMatch(
      /Cannot query field "organizationWebsiteLis" on type "Query"/,
    );
    const nested = await send({ token, body: json(WRONG_NESTED_FIELD) });
    expect(JSON.parse(nested.text).errors[0].message).toMatch(/Cannot query field "idd" on type "AppUser"/);
    const malformed = await send({ token, body: json(MALFORMED_QUERY) });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toMatch(/Syntax Error/);
    const ok = await send({ token, body: json(APP_USER, { userId: ADMIN.uid }) });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).data.appUser.id).toBe(ADMIN.uid);
  });

  it('a signed-in stranger without an account and a disabled user are refused before validation too', async () => {
    await db.pool.query(
      `INSERT INTO app_users (id, email, roles, disabled) VALUES ('af-disabled', 'af-disabled@demo.test', '{Admin}', true)`,
    );
    for (const [uid, message] of [
      ['af-stranger', /no access/],
      ['af-disabled', /disabled/],
    ] as const) {
      for (const query of [WRONG_FIELD, MALFORMED_QUERY, APP_USER]) {
        const answer = await send({ token: emulatorToken(uid), body: json(query, { userId: uid }) });
        expect(answer.status).toBe(403);
        expect(answer.text).not.toMatch(SCHEMA_HINTS);
        const body = JSON.parse(answer.text);
        expect(body.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toEqual(['FORBIDDEN']);
        expect(body.errors[0].message).toMatch(message);
      }
    }
  });

  it("a suspended organization's user reads their AppUser and nothing else, as before, and the edge's storage check is refused", async () => {
    const orgs = await organizationIds(db.pool);
    await db.pool.query('UPDATE organizations SET suspended = true WHERE id = $1', [orgs[OWNER.organization!]]);
    try {
      const token = emulatorToken(OWNER.uid);
      const me = await send({ token, body: json(APP_USER, { userId: OWNER.uid }) });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.text).data.appUser.id).toBe(OWNER.uid);
      const activeStorage = await send({
        token: emulatorToken(ADMIN.uid),
        body: JSON.stringify({
          operationName: 'StorageAccess',
          query: 'query StorageAccess($userId: ID!) { appUser(userId: $userId) { id roles } }',
          variables: { userId: ADMIN.uid },
        }),
      });
      expect(JSON.parse(activeStorage.text).data.appUser.roles).toEqual(ADMIN.roles);
      const list = JSON.parse(
        (await send({ token, body: json(ORGANIZATION_WEBSITE_LIST, { limit: 5, offset: 0 }) })).text,
      );
      expect(list.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toEqual([
        'ORGANIZATION_SUSPENDED',
      ]);
      // The edge's storage check asks for the same AppUser as StorageAccess: refused, so no storage.
      const storage = JSON.parse(
        (
          await send({
            token,
            body: JSON.stringify({
              operationName: 'StorageAccess',
              query: 'query StorageAccess($userId: ID!) { appUser(userId: $userId) { id roles } }',
              variables: { userId: OWNER.uid },
            }),
          })
        ).text,
      );
      expect(storage.data ?? null).toBeNull();
      expect(storage.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toEqual([
        'ORGANIZATION_SUSPENDED',
      ]);
    } finally {
      await db.pool.query('UPDATE organizations SET suspended = false WHERE id = $1', [orgs[OWNER.organization!]]);
    }
  });

  describe('in production (RS256 tokens, no field suggestions)', () => {
    let signed: Awaited<ReturnType<typeof createSigningKeys>>['signed'];
    let sendProd: Send;
    beforeAll(async () => {
      const keys = await createSigningKeys();
      signed = keys.signed;
      const prodApi = createApi({
        pool: db.pool,
        verifyToken: createTokenVerifier({ projectId: PROJECT_ID, keys: keys.keys }),
        access: await loadAccessControl(),
        environment: 'production',
        logging: false,
      });
      sendProd = sender((url, init) => Promise.resolve(prodApi.fetch(url, init)), 'http://api.test');
    });

    it('an unsigned or wrongly signed token gets 401 for a misspelt field; a signed one gets the validation error', async () => {
      for (const token of [null, emulatorToken(ADMIN.uid), await signed(ADMIN.uid, { otherKey: true })]) {
        const answer = await sendProd({ token, body: json(WRONG_FIELD) });
        expect(answer.status).toBe(401);
        expect(answer.text).not.toMatch(SCHEMA_HINTS);
        expect(JSON.parse(answer.text).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      }
      const answer = await sendProd({ token: await signed(ADMIN.uid), body: json(WRONG_FIELD) });
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/Cannot query field/);
      expect(answer.text).not.toMatch(/Did you mean/);
    });
  });

  describe('behind the website-list front (as main.ts serves it)', () => {
    let server: Server;
    let sendHttp: Send;
    /** Token verifications by yoga's path and by the front's. */
    const verified = { yoga: 0, front: 0 };
    const counting =
      (verify: TokenVerifier, key: keyof typeof verified): TokenVerifier =>
      (token) => {
        verified[key] += 1;
        return verify(token);
      };

    beforeAll(async () => {
      const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
      const access = await loadAccessControl();
      const yoga = createApi({ pool: db.pool, verifyToken: counting(verifyToken, 'yoga'), access, logging: false });
      server = createServer(
        withWebsiteListAnswers(yoga, { pool: db.pool, verifyToken: counting(verifyToken, 'front'), access }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      sendHttp = sender(fetch, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    });

    it('authenticates each request once: website-list requests in front, the others in yoga', async () => {
      const token = emulatorToken(ADMIN.uid);
      verified.yoga = verified.front = 0;
      const list = await sendHttp({
        token,
        body: JSON.stringify({
          operationName: 'OrganizationWebsiteList',
          query: ORGANIZATION_WEBSITE_LIST,
          variables: { limit: 5, offset: 0 },
        }),
      });
      expect(list.status).toBe(200);
      expect(JSON.parse(list.text).data.organizationWebsiteList.data).toHaveLength(5);
      expect(verified).toEqual({ yoga: 0, front: 1 });

      verified.yoga = verified.front = 0;
      const me = await sendHttp({ token, body: json(APP_USER, { userId: ADMIN.uid }) });
      expect(me.status).toBe(200);
      expect(verified).toEqual({ yoga: 1, front: 0 });
    });

    it('refuses an unauthenticated probe with 401 and no validation message', async () => {
      for (const [, request] of PROBES) {
        const answer = await sendHttp({ ...request, token: null });
        expect(answer.status).toBe(401);
        expect(answer.text).not.toMatch(SCHEMA_HINTS);
      }
      const list = await sendHttp({
        token: 'not-a-token',
        body: JSON.stringify({ query: ORGANIZATION_WEBSITE_LIST, variables: { limit: 5, offset: 0 } }),
      });
      expect(list.status).toBe(401);
      expect(JSON.parse(list.text).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });
  });
});
