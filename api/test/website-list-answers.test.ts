/**
 * OrganizationWebsiteList's kept answers (graphql/website-list-answers.ts and the resolver's
 * whole lists): a repeated request gets the very bytes the normal path sends, the caller is
 * decided anew on every request, and every write the list shows is seen at the next request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Pool } from 'pg';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import {
  answersExecutedHere,
  keepDecisions,
  keepVerifiedTokens,
  keptAnswersServed,
  selectsOnlyWebsiteList,
  withWebsiteListAnswers,
} from '../src/graphql/website-list-answers.ts';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines, openDemo } from './engines.ts';
import { createOrganizationWebsite, organizationIds } from './helpers.ts';
import { APP_USER, ORGANIZATION_WEBSITE_DELETE, ORGANIZATION_WEBSITE_LIST } from './operations.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const uid = (role: string) => DEMO_USERS.find((u) => u.roles.includes(role))!.uid;

const WITH_API_KEY = `query OrganizationWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) { organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) { data { id name apiKey hasFeed website { id name url } organization { id name } } meta { pagination { total } } } }`;
// Another text of the same list, with a fragment, aliases and __typename.
const WITH_FRAGMENT = `query Picker($limit: Int!, $offset: Int!) { __typename first: organizationWebsiteList(limit: $limit, offset: $offset) { ...Page } } fragment Page on OrganizationWebsiteListResponse { meta { pagination { total } } data { __typename id label: name website { url } } }`;

/**
 * A pool that counts the statements sent through `query` (a kept answer needs exactly one: the
 * caller's record with the version) and keeps their texts; it can fail the next statement that
 * matches, or hold back the answer of one (the statement runs; its answer is handed over when
 * the test releases it).
 */
function countingPool(pool: Pool): {
  pool: Pool;
  count: () => number;
  texts: string[];
  failNext: (pattern: RegExp, times?: number) => void;
  holdNext: (pattern: RegExp) => () => void;
} {
  let count = 0;
  const texts: string[] = [];
  let failing: RegExp | null = null;
  let failures = 0;
  let holding: { pattern: RegExp; released: Promise<void> } | null = null;
  const counted = new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        return (...args: unknown[]) => {
          count += 1;
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
          texts.push(text);
          if (failing?.test(text)) {
            if (--failures <= 0) failing = null;
            return Promise.reject(new Error('connection lost (test)'));
          }
          const run = (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          if (holding?.pattern.test(text)) {
            const { released } = holding;
            holding = null;
            return run.then(async (result) => {
              await released;
              return result;
            });
          }
          return run;
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    pool: counted,
    count: () => count,
    texts,
    failNext: (pattern, times = 1) => {
      failing = pattern;
      failures = times;
    },
    holdNext: (pattern) => {
      let release = () => {};
      holding = { pattern, released: new Promise<void>((resolve) => (release = resolve)) };
      return release;
    },
  };
}

describe.each(engines)('OrganizationWebsiteList kept answers on $name', (engine) => {
  let db: Database;
  let api: Api;
  let statements: () => number;
  let kept: () => number;
  let executedHere: () => number;
  let failNext: (pattern: RegExp, times?: number) => void;
  let holdNext: (pattern: RegExp) => () => void;
  let texts: string[];
  /** How many reads of callers' records (with the list's version) were sent. */
  const callerReads = () => texts.filter((text) => text.includes('website_list_callers')).length;
  let orgs: Record<string, string>;

  let server: Server;
  let port = 0;

  interface Raw {
    status: number;
    /** The response's header lines as sent, in order, but Date. */
    head: string[];
    contentType: string | null;
    body: string;
    statements: number;
  }
  /** One request over HTTP to the API's node handler (kept answers in front of yoga), as main.ts serves it. */
  const raw = async (
    user: string,
    variables: Record<string, unknown>,
    query = ORGANIZATION_WEBSITE_LIST,
    headers: Record<string, string> = {},
  ): Promise<Raw> => {
    const before = statements();
    const payload = JSON.stringify({ operationName: /query (\w+)/.exec(query)![1], variables, query });
    const answer = await new Promise<Omit<Raw, 'statements'>>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/graphql',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer ${emulatorToken(user)}`,
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const head: string[] = [];
            for (let i = 0; i < response.rawHeaders.length; i += 2) {
              if (response.rawHeaders[i]!.toLowerCase() !== 'date')
                head.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
            }
            resolve({
              status: response.statusCode!,
              head,
              contentType: response.headers['content-type'] ?? null,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
    return { ...answer, statements: statements() - before };
  };
  /** The same request with every list cache off: the normal path's answer. */
  const uncached = async (...args: Parameters<typeof raw>) => {
    process.env.LIST_CACHE = 'off';
    try {
      return await raw(...args);
    } finally {
      delete process.env.LIST_CACHE;
    }
  };
  /** Asks for unfiltered pages until one is cut from the whole list (no statement of its own). */
  const wholeListReady = async (user: string, query = ORGANIZATION_WEBSITE_LIST) => {
    for (let offset = 1; offset < 200; offset++) {
      const answer = await raw(user, { limit: 3, offset }, query);
      expect(answer.status).toBe(200);
      if (answer.statements === 1) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the whole list was never read');
  };

  beforeAll(async () => {
    db = await openDemo(engine, 60);
    orgs = await organizationIds(db.pool);
    const counted = countingPool(db.pool);
    statements = counted.count;
    failNext = counted.failNext;
    holdNext = counted.holdNext;
    texts = counted.texts;
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
    const access = await loadAccessControl();
    api = createApi({ pool: counted.pool, verifyToken, access, logging: false });
    server = createServer(withWebsiteListAnswers(api, { pool: counted.pool, verifyToken, access }));
    kept = () => keptAnswersServed(counted.pool);
    executedHere = () => answersExecutedHere(counted.pool);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => {
    delete process.env.LIST_CACHE;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await db?.close();
  });

  it('answers a repeated request with the bytes of the first, which are those of the uncached path', async () => {
    const cases: Array<[string, Record<string, unknown>, string?, Record<string, string>?]> = [
      [uid('Admin'), { limit: 500, offset: 0 }],
      [uid('Admin'), { name: 'shop', limit: 20, offset: 0 }],
      [uid('Admin'), { organizationId: orgs.bohemia, limit: 10, offset: 2 }],
      [uid('Admin'), { limit: 5, offset: 0 }, WITH_API_KEY],
      [uid('Owner'), { limit: 500, offset: 0 }],
      [uid('Owner'), { limit: 5, offset: 0 }, WITH_API_KEY],
      [uid('Owner'), { organizationId: orgs.bohemia, limit: 10, offset: 0 }],
      [uid('Viewer'), { limit: 500, offset: 0 }],
      [uid('User'), { name: 'a', limit: 7, offset: 1 }],
      [uid('Admin'), { limit: 4, offset: 0 }, WITH_FRAGMENT],
      [
        uid('Admin'),
        { limit: 6, offset: 0 },
        ORGANIZATION_WEBSITE_LIST,
        { accept: 'application/graphql-response+json' },
      ],
      [uid('Admin'), { limit: 6, offset: 0 }, ORGANIZATION_WEBSITE_LIST, { accept: 'application/json' }],
      [
        uid('Owner'),
        { limit: 6, offset: 0 },
        ORGANIZATION_WEBSITE_LIST,
        { 'content-type': 'application/json; charset=utf-8' },
      ],
    ];
    for (const [user, variables, query, headers] of cases) {
      const first = await raw(user, variables, query, headers);
      const servedBefore = kept();
      const again = await raw(user, variables, query, headers);
      expect(kept()).toBe(servedBefore + 1);
      const reference = await uncached(user, variables, query, headers);
      expect(reference.status).toBe(200);
      expect(reference.body).toMatch(/^\{"data":\{/);
      expect(reference.body).not.toContain('"errors"');
      expect(first).toMatchObject({ status: 200, head: reference.head, body: reference.body });
      // The repetition is answered from what was kept: one statement (the caller and the version).
      expect(again).toEqual({ ...first, statements: 1 });
    }
  });

  it('leaves cross-origin requests to yoga (CORS headers) with the same body', async () => {
    const page = { limit: 8, offset: 0 };
    const keptAnswer = await raw(uid('Admin'), page);
    const crossOrigin = await raw(uid('Admin'), page, ORGANIZATION_WEBSITE_LIST, { origin: 'https://console.example' });
    expect(crossOrigin.head).toContain('access-control-allow-origin: https://console.example');
    expect(crossOrigin.body).toBe(keptAnswer.body);
    const servedBefore = kept();
    await raw(uid('Admin'), page, ORGANIZATION_WEBSITE_LIST, { origin: 'https://console.example' });
    expect(kept()).toBe(servedBefore);
  });

  it('cuts unfiltered pages from the whole list with the bytes of their own query', async () => {
    for (const [user, query] of [
      [uid('Admin'), ORGANIZATION_WEBSITE_LIST],
      [uid('Owner'), ORGANIZATION_WEBSITE_LIST],
      [uid('Admin'), WITH_API_KEY],
      [uid('Owner'), WITH_API_KEY],
    ] as const) {
      await wholeListReady(user, query);
      const total = JSON.parse((await uncached(user, { limit: 1, offset: 0 }, query)).body).data.organizationWebsiteList
        .meta.pagination.total;
      expect(total).toBeGreaterThan(10);
      for (const [limit, offset] of [
        [50, 0],
        [7, 11],
        [10, total - 3],
        [5, total],
        [5, total + 40],
      ]) {
        const before = executedHere();
        const fromWhole = await raw(user, { limit, offset }, query);
        const reference = await uncached(user, { limit, offset }, query);
        expect(fromWhole.statements).toBe(1);
        // A new page of an operation answered before is executed in front of yoga.
        expect(executedHere()).toBe(before + 1);
        expect(fromWhole.head).toEqual(reference.head);
        expect(fromWhole.body).toBe(reference.body);
      }
    }
  });

  it('decides the caller anew on every request: role, organization, disabled, suspended', async () => {
    const owner = uid('Owner');
    const keyPage = { limit: 3, offset: 0 };
    const readable = await raw(owner, keyPage, WITH_API_KEY);
    expect(JSON.parse(readable.body).data.organizationWebsiteList.data[0].apiKey).toMatch(/\S/);
    expect((await raw(owner, keyPage, WITH_API_KEY)).statements).toBe(1);

    // A role change is not a write the list shows (its version stays): the answer kept for the
    // Owner is still never given to the same user as a User, who may not read API keys.
    await db.pool.query("UPDATE app_users SET roles = '{User}' WHERE id = $1", [owner]);
    try {
      const asUser = await raw(owner, keyPage, WITH_API_KEY);
      expect(asUser.body).not.toContain(JSON.parse(readable.body).data.organizationWebsiteList.data[0].apiKey);
      expect(JSON.parse(asUser.body).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      await db.pool.query("UPDATE app_users SET roles = '{Owner}' WHERE id = $1", [owner]);
    }

    // Moved to another organization: that organization's websites, at once.
    await createOrganizationWebsite(db.pool, orgs.danube!);
    const picker = { limit: 500, offset: 0 };
    const own = JSON.parse((await raw(owner, picker)).body).data.organizationWebsiteList.data;
    expect(new Set(own.map((item: any) => item.organization.id))).toEqual(new Set([orgs.northwind]));
    await db.pool.query('UPDATE app_users SET organization_id = $2 WHERE id = $1', [owner, orgs.danube]);
    try {
      const moved = await raw(owner, picker);
      expect(moved.body).toBe((await uncached(owner, picker)).body);
      expect(
        new Set(JSON.parse(moved.body).data.organizationWebsiteList.data.map((item: any) => item.organization.id)),
      ).toEqual(new Set([orgs.danube]));
    } finally {
      await db.pool.query('UPDATE app_users SET organization_id = $2 WHERE id = $1', [owner, orgs.northwind]);
    }

    await db.pool.query('UPDATE app_users SET disabled = true WHERE id = $1', [owner]);
    try {
      const disabled = await raw(owner, picker);
      expect(disabled.status).toBe(403);
      expect(JSON.parse(disabled.body).errors[0].extensions.code).toBe('FORBIDDEN');
    } finally {
      await db.pool.query('UPDATE app_users SET disabled = false WHERE id = $1', [owner]);
    }

    await db.pool.query('UPDATE organizations SET suspended = true WHERE id = $1', [orgs.northwind]);
    try {
      const suspended = await raw(owner, picker);
      expect(JSON.parse(suspended.body)).toMatchObject({
        data: null,
        errors: [{ extensions: { code: 'ORGANIZATION_SUSPENDED' } }],
      });
      expect((await raw(owner, picker)).body).toBe(suspended.body);
    } finally {
      await db.pool.query('UPDATE organizations SET suspended = false WHERE id = $1', [orgs.northwind]);
    }
    expect((await raw(owner, picker)).body).toBe((await uncached(owner, picker)).body);
  });

  it('reads the callers of concurrent requests together, never through a read that began before they arrived', async () => {
    const picker = { limit: 500, offset: 0 };
    const owner = uid('Owner');
    expect((await raw(owner, picker)).status).toBe(200);

    // The Admin's caller read is under way (sent, its answer held back) when the Owner is
    // disabled and four more requests arrive: they wait for the next read, which is one
    // statement for all of them and sees the Owner disabled.
    const release = holdNext(/website_list_callers/);
    const readsBefore = callerReads();
    const first = raw(uid('Admin'), picker);
    while (callerReads() === readsBefore) await new Promise((resolve) => setTimeout(resolve, 5));
    await db.pool.query('UPDATE app_users SET disabled = true WHERE id = $1', [owner]);
    try {
      const later = [
        raw(owner, picker),
        raw(uid('User'), picker),
        raw(uid('Editor'), picker),
        raw(uid('Admin'), picker),
      ];
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(callerReads()).toBe(readsBefore + 1);
      release();
      const [admin, disabled, user, editor, adminAgain] = await Promise.all([first, ...later]);
      expect(callerReads()).toBe(readsBefore + 2);
      expect(texts.filter((text) => text.includes('website_list_callers')).at(-1)).toContain(owner);
      expect(admin!.status).toBe(200);
      expect(disabled!.status).toBe(403);
      expect(JSON.parse(disabled!.body).errors[0].extensions.code).toBe('FORBIDDEN');
      // Each of the others got its own scope: the uncached path's answer for that caller.
      expect(user!.body).toBe((await uncached(uid('User'), picker)).body);
      expect(editor!.body).toBe((await uncached(uid('Editor'), picker)).body);
      expect(adminAgain!.body).toBe(admin!.body);
      expect(user!.body).not.toBe(admin!.body);
    } finally {
      release();
      await db.pool.query('UPDATE app_users SET disabled = false WHERE id = $1', [owner]);
    }
    expect((await raw(owner, picker)).status).toBe(200);
  });

  it('answers every waiting request with an error when their read fails, and reads again for the next', async () => {
    const picker = { limit: 500, offset: 0 };
    const release = holdNext(/website_list_callers/);
    const readsBefore = callerReads();
    const first = raw(uid('Admin'), picker);
    while (callerReads() === readsBefore) await new Promise((resolve) => setTimeout(resolve, 5));
    failNext(/website_list_callers/);
    const waiting = [raw(uid('Owner'), picker), raw(uid('User'), picker)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await Promise.all([first, ...waiting]);
    expect(answers[0]!.status).toBe(200);
    expect(callerReads()).toBe(readsBefore + 2);
    // The failed read sends them to yoga, which authenticates them again and answers.
    for (const answer of answers.slice(1)) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data.organizationWebsiteList.data.length).toBeGreaterThan(0);
    }
    expect((await raw(uid('User'), picker)).statements).toBe(1);
  });

  it('shows every write the list shows at the next request, in kept answers and whole lists alike', async () => {
    const admin = uid('Admin');
    const owner = uid('Owner');
    const site = await createOrganizationWebsite(db.pool, orgs.northwind!);
    const requests: Array<[string, Record<string, unknown>, string]> = [
      [admin, { limit: 500, offset: 0 }, WITH_API_KEY],
      [owner, { limit: 500, offset: 0 }, WITH_API_KEY],
      [admin, { name: site.name, limit: 5, offset: 0 }, ORGANIZATION_WEBSITE_LIST],
      [owner, { limit: 4, offset: 2 }, ORGANIZATION_WEBSITE_LIST],
    ];
    const find = (body: string, id = site.id) =>
      JSON.parse(body).data.organizationWebsiteList.data.find((item: any) => item.id === id);
    /** Warms every kept answer and whole list, writes, then checks each request against the uncached path. */
    const afterWrite = async (
      write: () => Promise<unknown>,
      check: (item: any, body: string, user: string) => void,
    ) => {
      for (const [user, variables, query] of requests) await raw(user, variables, query);
      await wholeListReady(admin);
      await wholeListReady(owner);
      await write();
      for (const [user, variables, query] of requests) {
        const answer = await raw(user, variables, query);
        expect(answer.body).toBe((await uncached(user, variables, query)).body);
        if (variables.limit === 500) check(find(answer.body), answer.body, user);
      }
      // A page cut from the whole list is of the new data too.
      for (const user of [admin, owner]) {
        const page = { limit: 50, offset: 0 };
        expect((await raw(user, page)).body).toBe((await uncached(user, page)).body);
      }
    };

    await afterWrite(
      () => db.pool.query("UPDATE organization_websites SET name = 'Aaa First ' || name WHERE id = $1", [site.id]),
      (item) => expect(item.name).toBe(`Aaa First ${site.name}`),
    );
    await afterWrite(
      () =>
        db.pool.query("UPDATE websites SET name = 'Renamed site', url = 'https://renamed.example/' WHERE id = $1", [
          site.websiteId,
        ]),
      // Outside Admins the shared website is named by the caller's own organization website.
      (item, _body, user) =>
        expect(item.website).toMatchObject({
          name: user === admin ? 'Renamed site' : `Aaa First ${site.name}`,
          url: 'https://renamed.example/',
        }),
    );
    await afterWrite(
      () => db.pool.query("UPDATE organizations SET name = 'Northwind Again' WHERE id = $1", [orgs.northwind]),
      (item) => expect(item.organization.name).toBe('Northwind Again'),
    );
    await afterWrite(
      () => db.pool.query('DELETE FROM product_feeds WHERE organization_website_id = $1', [site.id]),
      (item) => expect(item.hasFeed).toBe(false),
    );
    await afterWrite(
      () =>
        db.pool.query(
          "INSERT INTO product_feeds (organization_website_id, name, url, format) VALUES ($1, 'Feed', 'https://renamed.example/feed.xml', 'xml')",
          [site.id],
        ),
      (item) => expect(item.hasFeed).toBe(true),
    );
    const { rows } = await db.pool.query('SELECT api_key FROM organization_websites WHERE id = $1', [site.id]);
    await afterWrite(
      () => db.pool.query("UPDATE organization_websites SET api_key = 'owk_rotated_for_test' WHERE id = $1", [site.id]),
      (item) => {
        expect(item.apiKey).toBe('owk_rotated_for_test');
        expect(item.apiKey).not.toBe(rows[0].api_key);
      },
    );
    let added = '';
    await afterWrite(
      async () => (added = (await createOrganizationWebsite(db.pool, orgs.northwind!)).id),
      (_item, body) => expect(find(body, added)).toBeDefined(),
    );
    await afterWrite(
      () => db.pool.query('DELETE FROM organization_websites WHERE id = $1', [site.id]),
      (item) => expect(item).toBeUndefined(),
    );
  });

  it('never keeps an answer with errors', async () => {
    const search = { name: (await createOrganizationWebsite(db.pool, orgs.bohemia!)).name, limit: 9, offset: 0 };
    // The operation is answered once (so a miss is executed in front of yoga), then its search
    // fails for the read in front of yoga and for yoga's own.
    expect((await raw(uid('Admin'), { limit: 1, offset: 0 })).status).toBe(200);
    failNext(/organization_websites_named/, 2);
    const failed = await raw(uid('Admin'), search);
    expect(JSON.parse(failed.body)).toMatchObject({ data: null, errors: [{ message: expect.any(String) }] });
    const again = await raw(uid('Admin'), search);
    expect(again.body).toBe((await uncached(uid('Admin'), search)).body);
    expect(JSON.parse(again.body).data.organizationWebsiteList.data.length).toBeGreaterThan(0);

    const forbidden = await raw(uid('User'), { limit: 3, offset: 0 }, WITH_API_KEY);
    expect(JSON.parse(forbidden.body).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await raw(uid('User'), { limit: 3, offset: 0 }, WITH_API_KEY)).body).toBe(forbidden.body);

    const bad = await raw(uid('Admin'), { limit: 5000, offset: 0 });
    expect(JSON.parse(bad.body).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
    expect((await raw(uid('Admin'), { limit: 5000, offset: 0 })).body).toBe(bad.body);
  });

  it('hands every other request to yoga unchanged (other operations, mutations, GET, malformed JSON)', async () => {
    const admin = uid('Admin');
    const post = async (body: string, headers: Record<string, string> = {}) => {
      const before = kept() + executedHere();
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${emulatorToken(admin)}`, ...headers },
        body,
      });
      expect(kept() + executedHere()).toBe(before);
      return { status: response.status, body: await response.json() };
    };
    const me = await post(JSON.stringify({ operationName: 'AppUser', query: APP_USER, variables: { userId: admin } }));
    expect(me).toMatchObject({ status: 200, body: { data: { appUser: { id: admin } } } });
    // The list together with another field is no longer the list alone.
    const both = await post(
      JSON.stringify({
        query: `query Both { appUser(userId: "${admin}") { id } organizationWebsiteList(limit: 1, offset: 0) { data { id } } }`,
      }),
    );
    expect(both.body.data.appUser.id).toBe(admin);
    expect(both.body.data.organizationWebsiteList.data).toHaveLength(1);
    const site = await createOrganizationWebsite(db.pool, orgs.bohemia!);
    const deleted = await post(
      JSON.stringify({
        operationName: 'OrganizationWebsiteDelete',
        query: ORGANIZATION_WEBSITE_DELETE,
        variables: { organizationWebsiteId: site.id },
      }),
    );
    expect(deleted.body.data.organizationWebsiteDelete.id).toBe(site.id);
    expect((await db.pool.query('SELECT 1 FROM organization_websites WHERE id = $1', [site.id])).rowCount).toBe(0);
    // A parameter yoga does not know, and a body that is no JSON: yoga's own answers.
    const unknownParam = await post(
      JSON.stringify({ query: ORGANIZATION_WEBSITE_LIST, variables: { limit: 1, offset: 0 }, extra: 1 }),
    );
    expect(unknownParam.status).toBe(400);
    expect((await post('{"query": ')).status).toBe(400);
    const viaGet = await fetch(
      `http://127.0.0.1:${port}/graphql?query=${encodeURIComponent('query { organizationWebsiteList(limit: 1, offset: 0) { data { id } } }')}`,
      {
        headers: { authorization: `Bearer ${emulatorToken(admin)}`, accept: 'application/json' },
      },
    );
    expect(viaGet.status).toBe(200);
    expect((await viaGet.json()).data.organizationWebsiteList.data).toHaveLength(1);
  });

  it('answers requests without a valid token as before', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await raw(uid('Admin'), { limit: 5, offset: 0 }, ORGANIZATION_WEBSITE_LIST, {
        authorization: 'Bearer not-a-token',
      });
      expect(bad.status).toBe(401);
      expect(JSON.parse(bad.body).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    const unknown = await raw('nobody-here', { limit: 5, offset: 0 });
    expect(unknown.status).toBe(403);
  });
});

describe('which requests may get a kept answer', () => {
  it('only operations that select nothing but the website list', () => {
    expect(selectsOnlyWebsiteList(ORGANIZATION_WEBSITE_LIST, 'OrganizationWebsiteList')).toBe(true);
    expect(selectsOnlyWebsiteList(ORGANIZATION_WEBSITE_LIST, null)).toBe(true);
    expect(selectsOnlyWebsiteList(WITH_FRAGMENT, 'Picker')).toBe(true);
    // Another root field, directly or through a fragment; a mutation; an unknown fragment.
    expect(
      selectsOnlyWebsiteList(
        'query Q { appUser(userId: "demo-admin") { id } organizationWebsiteList(limit: 1, offset: 0) { data { id } } }',
        'Q',
      ),
    ).toBe(false);
    expect(
      selectsOnlyWebsiteList('query Q { ...F } fragment F on Query { appUser(userId: "demo-admin") { id } }', 'Q'),
    ).toBe(false);
    expect(selectsOnlyWebsiteList('query Q { ...Missing }', 'Q')).toBe(false);
    expect(
      selectsOnlyWebsiteList('mutation M { organizationWebsiteDelete(organizationWebsiteId: "x") { id } }', 'M'),
    ).toBe(false);
    expect(selectsOnlyWebsiteList('query Q { __typename }', 'Q')).toBe(false);
    // Two operations and no name, a name that is not there, text that does not parse.
    const two = `${ORGANIZATION_WEBSITE_LIST} query Other { appUser(userId: "demo-admin") { id } }`;
    expect(selectsOnlyWebsiteList(two, null)).toBe(false);
    expect(selectsOnlyWebsiteList(two, 'Other')).toBe(false);
    expect(selectsOnlyWebsiteList(two, 'OrganizationWebsiteList')).toBe(true);
    expect(selectsOnlyWebsiteList(ORGANIZATION_WEBSITE_LIST, 'Missing')).toBe(false);
    expect(selectsOnlyWebsiteList('query {', null)).toBe(false);
  });
});

describe('verified tokens and access decisions kept', () => {
  it('verifies a token again once it has expired, and never keeps a failure', async () => {
    let calls = 0;
    let exp = Math.floor(Date.now() / 1000) + 60;
    const verify = keepVerifiedTokens(async (token) => {
      calls += 1;
      if (token === 'bad') throw new Error('rejected');
      return { uid: token, email: null, claims: { exp } };
    });
    await verify('a');
    await verify('a');
    expect(calls).toBe(1);
    await expect(verify('bad')).rejects.toThrow('rejected');
    await expect(verify('bad')).rejects.toThrow('rejected');
    expect(calls).toBe(3);
    exp = Math.floor(Date.now() / 1000) - 1; // already expired: checked every time
    await verify('b');
    await verify('b');
    expect(calls).toBe(5);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    try {
      await verify('a');
      expect(calls).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers each role, resource and action as the policy does, asking it once', async () => {
    const access = await loadAccessControl();
    let asked = 0;
    const kept = keepDecisions({ can: (...args) => ((asked += 1), access.can(...args)) });
    for (const role of ['Admin', 'Owner', 'Viewer', 'User'] as const) {
      for (const [resource, action] of [
        ['home', 'Read'],
        ['websites:detail', 'Read'],
        ['websites', 'Delete'],
      ] as const) {
        expect(await kept.can(role, resource, action)).toBe(await access.can(role, resource, action));
        expect(await kept.can(role, resource, action)).toBe(await access.can(role, resource, action));
      }
    }
    expect(asked).toBe(12);
  });
});
