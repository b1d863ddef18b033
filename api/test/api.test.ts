/**
 * The API as the web console calls it: every operation x every role x own/other organization,
 * bad input and bad tokens, on every available database engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl } from '@console/policies';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines } from './engines.ts';
import { codes, createOrganizationWebsite, gql, organizationIds, rowCounts } from './helpers.ts';
import { APP_USER, ORGANIZATION_WEBSITE_DELETE, ORGANIZATION_WEBSITE_LIST } from './operations.ts';
import { createSigningKeys, emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
const NON_ADMINS = DEMO_USERS.filter((u) => u !== ADMIN);
const SEEDED_WEBSITES = 660;

describe.each(engines)('API on $name', (engine) => {
  let db: Database;
  let api: Api;
  let orgs: Record<string, string>;
  /** Organization websites per organization slug. */
  let perOrg: Record<string, number>;
  const list = (uid: string, variables: Record<string, unknown>) =>
    gql(api, {
      query: ORGANIZATION_WEBSITE_LIST,
      token: emulatorToken(uid),
      variables: { limit: 500, offset: 0, ...variables },
    });

  beforeAll(async () => {
    db = await engine.open();
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: SEEDED_WEBSITES });
    orgs = await organizationIds(db.pool);
    const { rows } = await db.pool.query(
      'SELECT o.slug, count(*)::int AS n FROM organization_websites ow JOIN organizations o ON o.id = ow.organization_id GROUP BY o.slug',
    );
    perOrg = Object.fromEntries(rows.map((r) => [r.slug, r.n]));
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
    api = createApi({ pool: db.pool, verifyToken, access: await loadAccessControl(), logging: false });
  });
  afterAll(async () => {
    await db?.close();
  });

  describe('AppUser', () => {
    it.each(DEMO_USERS.map((u) => [u.roles[0], u] as const))('%s reads their own profile', async (_role, user) => {
      const response = await gql(api, {
        query: APP_USER,
        token: emulatorToken(user.uid),
        variables: { userId: user.uid },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.appUser).toEqual({
        id: user.uid,
        email: user.email,
        roles: user.roles,
        language: 'en',
        locale: 'en-US',
      });
    });

    it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))(
      "%s cannot read another user's profile (NOT_FOUND)",
      async (_role, user) => {
        const other = DEMO_USERS.find((u) => u.uid !== user.uid && u.organization === user.organization) ?? ADMIN;
        for (const userId of [other.uid, ADMIN.uid, 'no-such-user']) {
          const response = await gql(api, { query: APP_USER, token: emulatorToken(user.uid), variables: { userId } });
          expect(codes(response)).toEqual(['NOT_FOUND']);
          expect(response.body.data?.appUser ?? null).toBeNull();
        }
      },
    );

    it("Admin reads any user's profile, and NOT_FOUND for an unknown one", async () => {
      for (const user of NON_ADMINS) {
        const response = await gql(api, {
          query: APP_USER,
          token: emulatorToken(ADMIN.uid),
          variables: { userId: user.uid },
        });
        expect(response.body.data.appUser).toMatchObject({ id: user.uid, roles: user.roles });
      }
      const missing = await gql(api, {
        query: APP_USER,
        token: emulatorToken(ADMIN.uid),
        variables: { userId: 'no-such-user' },
      });
      expect(codes(missing)).toEqual(['NOT_FOUND']);
    });

    it.each(['', 'has space', 'x'.repeat(129), 'semi;colon'])(
      'rejects the user id %j (BAD_USER_INPUT)',
      async (userId) => {
        const response = await gql(api, { query: APP_USER, token: emulatorToken(ADMIN.uid), variables: { userId } });
        expect(codes(response)).toEqual(['BAD_USER_INPUT']);
        expect(response.body.errors![0]!.extensions!.field).toBe('userId');
        expect(response.body.errors![0]!.message).toContain('userId');
      },
    );
  });

  describe('OrganizationWebsiteList', () => {
    it('Admin lists every organization, beyond the picker limit of 500', async () => {
      const response = await list(ADMIN.uid, {});
      expect(response.status).toBe(200);
      const { data, meta } = response.body.data.organizationWebsiteList;
      expect(meta.pagination.total).toBeGreaterThanOrEqual(SEEDED_WEBSITES);
      expect(data).toHaveLength(500);
      expect(new Set(data.map((item: any) => item.organization.name)).size).toBe(3);
      expect(data.some((item: any) => item.hasFeed)).toBe(true);
      expect(data.some((item: any) => !item.hasFeed)).toBe(true);
      expect(Object.keys(data[0]).sort()).toEqual(['hasFeed', 'id', 'name', 'organization', 'website']);
    });

    it('Admin filters by any organization', async () => {
      for (const slug of ['northwind', 'bohemia', 'danube']) {
        const response = await list(ADMIN.uid, { organizationId: orgs[slug], limit: 1000 });
        const result = response.body.data.organizationWebsiteList;
        expect(result.meta.pagination.total).toBe(perOrg[slug]);
        expect(result.data.every((item: any) => item.organization.id === orgs[slug])).toBe(true);
      }
    });

    it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))(
      '%s sees only their own organization',
      async (_role, user) => {
        const own = orgs[user.organization!]!;
        for (const organizationId of [undefined, null, own]) {
          const response = await list(user.uid, { organizationId, limit: 1000 });
          const result = response.body.data.organizationWebsiteList;
          expect(result.meta.pagination.total).toBe(perOrg[user.organization!]);
          expect(result.data.length).toBe(Math.min(1000, perOrg[user.organization!]!));
          expect(result.data.every((item: any) => item.organization.id === own)).toBe(true);
        }
      },
    );

    it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))(
      "%s gets an empty list for another organization's id",
      async (_role, user) => {
        for (const slug of Object.keys(orgs).filter((s) => s !== user.organization)) {
          const response = await list(user.uid, { organizationId: orgs[slug] });
          expect(response.body.errors).toBeUndefined();
          expect(response.body.data.organizationWebsiteList).toEqual({ data: [], meta: { pagination: { total: 0 } } });
        }
        const unknown = await list(user.uid, { organizationId: '00000000-0000-4000-8000-000000000000' });
        expect(unknown.body.data.organizationWebsiteList.meta.pagination.total).toBe(0);
      },
    );

    it('filters by name, case-insensitively by substring', async () => {
      const { rows } = await db.pool.query(
        "SELECT count(*)::int AS n FROM organization_websites WHERE lower(name) LIKE '%alpine au%'",
      );
      expect(rows[0].n).toBeGreaterThan(0);
      for (const name of ['alpine au', 'ALPINE AU', '  Alpine Au  ']) {
        const result = (await list(ADMIN.uid, { name })).body.data.organizationWebsiteList;
        expect(result.meta.pagination.total).toBe(rows[0].n);
        expect(result.data.every((item: any) => item.name.toLowerCase().includes('alpine au'))).toBe(true);
      }
      const none = (await list(ADMIN.uid, { name: 'no shop is called this' })).body.data.organizationWebsiteList;
      expect(none).toEqual({ data: [], meta: { pagination: { total: 0 } } });
      // LIKE wildcards are searched for literally.
      for (const name of ['%', '_', '\\']) {
        expect((await list(ADMIN.uid, { name })).body.data.organizationWebsiteList.meta.pagination.total).toBe(0);
      }
    });

    it('pages in name order, then id, without gaps or repeats', async () => {
      const whole = (await list(ADMIN.uid, { limit: 60, offset: 0 })).body.data.organizationWebsiteList.data;
      const pages = [];
      for (let offset = 0; offset < 60; offset += 20) {
        pages.push(...(await list(ADMIN.uid, { limit: 20, offset })).body.data.organizationWebsiteList.data);
      }
      expect(pages.map((item: any) => item.id)).toEqual(whole.map((item: any) => item.id));
      const { rows } = await db.pool.query('SELECT id FROM organization_websites ORDER BY name, id LIMIT 60');
      expect(whole.map((item: any) => item.id)).toEqual(rows.map((r) => r.id));
      const beyond = (await list(ADMIN.uid, { offset: 100_000 })).body.data.organizationWebsiteList;
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.pagination.total).toBeGreaterThan(0);
    });

    it.each([
      ['limit', { limit: 0 }],
      ['limit', { limit: 1001 }],
      ['limit', { limit: -5 }],
      ['offset', { offset: -1 }],
      ['organizationId', { organizationId: 'not-a-uuid' }],
      ['organizationId', { organizationId: "1' OR '1'='1" }],
      ['name', { name: 'x'.repeat(201) }],
    ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
      const response = await list(ADMIN.uid, variables);
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0]!.extensions!.field).toBe(field);
      expect(response.body.errors![0]!.message).toContain(field);
    });

    it('accepts the bounds of limit and offset', async () => {
      expect((await list(ADMIN.uid, { limit: 1 })).body.data.organizationWebsiteList.data).toHaveLength(1);
      expect(
        (await list(ADMIN.uid, { limit: 1000 })).body.data.organizationWebsiteList.data.length,
      ).toBeLessThanOrEqual(1000);
    });

    it.each(DEMO_USERS.map((u) => [u.roles[0], u] as const))(
      'apiKey in the list is readable by %s only with Read on websites:detail',
      async (role, user) => {
        const query = `query Keys { organizationWebsiteList(limit: 3, offset: 0) { data { id apiKey } } }`;
        const response = await gql(api, { query, token: emulatorToken(user.uid) });
        if (['Admin', 'Owner', 'Editor'].includes(role!)) {
          expect(response.body.errors).toBeUndefined();
          expect(response.body.data.organizationWebsiteList.data[0].apiKey).toMatch(/^owk_[0-9a-f]{64}$/);
        } else {
          expect(codes(response)).toContain('FORBIDDEN');
          expect(JSON.stringify(response.body.data ?? null)).not.toContain('owk_');
        }
      },
    );
  });

  describe('OrganizationWebsiteDelete', () => {
    const remove = (uid: string, organizationWebsiteId: string) =>
      gql(api, { query: ORGANIZATION_WEBSITE_DELETE, token: emulatorToken(uid), variables: { organizationWebsiteId } });

    it.each(['northwind', 'bohemia', 'danube'])('Admin deletes a %s website with its feed, in one go', async (slug) => {
      const target = await createOrganizationWebsite(db.pool, orgs[slug]!);
      const before = await rowCounts(db.pool);
      const response = await remove(ADMIN.uid, target.id);
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.organizationWebsiteDelete).toMatchObject({
        id: target.id,
        name: target.name,
        apiKey: expect.stringMatching(/^owk_/),
        website: { id: target.websiteId, name: target.name, url: expect.stringMatching(/^https:\/\//) },
        organization: { id: orgs[slug] },
      });
      const after = await rowCounts(db.pool);
      expect(after).toEqual({
        ...before,
        organization_websites: before.organization_websites - 1,
        product_feeds: before.product_feeds - 1,
        websites: before.websites - 1,
      });
      const again = await remove(ADMIN.uid, target.id);
      expect(codes(again)).toEqual(['NOT_FOUND']);
    });

    // policy.csv: Owner (and Editor) delete their own organization's websites; Viewer and User none.
    it.each(NON_ADMINS.filter((u) => ['Owner', 'Editor'].includes(u.roles[0]!)).map((u) => [u.roles[0], u] as const))(
      "%s deletes its own organization's website; another organization's is NOT_FOUND and stays",
      async (_role, user) => {
        const own = await createOrganizationWebsite(db.pool, orgs[user.organization!]!);
        const deleted = await remove(user.uid, own.id);
        expect(deleted.body.errors).toBeUndefined();
        expect(deleted.body.data.organizationWebsiteDelete.id).toBe(own.id);
        const other = await createOrganizationWebsite(
          db.pool,
          orgs[Object.keys(orgs).find((s) => s !== user.organization)!]!,
        );
        const before = await rowCounts(db.pool);
        expect(codes(await remove(user.uid, other.id))).toEqual(['NOT_FOUND']);
        expect(await rowCounts(db.pool)).toEqual(before);
      },
    );

    it.each(
      NON_ADMINS.filter((u) => !['Owner', 'Editor'].includes(u.roles[0]!)).flatMap((u) =>
        ['own', 'other'].map((which) => [u.roles[0], which, u] as const),
      ),
    )("%s may not delete (%s organization's website): FORBIDDEN, nothing changes", async (_role, which, user) => {
      const slug = which === 'own' ? user.organization! : Object.keys(orgs).find((s) => s !== user.organization)!;
      const target = await createOrganizationWebsite(db.pool, orgs[slug]!);
      const before = await rowCounts(db.pool);
      const response = await remove(user.uid, target.id);
      expect(codes(response)).toEqual(['FORBIDDEN']);
      expect(response.body.data).toBeNull();
      expect(await rowCounts(db.pool)).toEqual(before);
    });

    it.each([['not-a-uuid'], [''], ['00000000-0000-0000-0000-00000000000g']])(
      'rejects the id %j (BAD_USER_INPUT), nothing changes',
      async (id) => {
        const before = await rowCounts(db.pool);
        const response = await remove(ADMIN.uid, id);
        expect(codes(response)).toEqual(['BAD_USER_INPUT']);
        expect(response.body.errors![0]!.extensions!.field).toBe('organizationWebsiteId');
        expect(await rowCounts(db.pool)).toEqual(before);
      },
    );

    it('an unknown id is NOT_FOUND and nothing changes', async () => {
      const before = await rowCounts(db.pool);
      expect(codes(await remove(ADMIN.uid, '00000000-0000-4000-8000-000000000000'))).toEqual(['NOT_FOUND']);
      expect(await rowCounts(db.pool)).toEqual(before);
    });

    describe('tenant scoping, were a non-admin granted Delete', () => {
      // Tenant scoping checked on its own, whatever the policy grants.
      const allowAll: AccessControl = { can: async () => true };
      const scopedApi = () =>
        createApi({
          pool: db.pool,
          verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
          access: allowAll,
          logging: false,
        });
      const owner = DEMO_USERS.find((u) => u.roles.includes('Owner'))!;

      it("another organization's website is NOT_FOUND, and stays", async () => {
        const target = await createOrganizationWebsite(db.pool, orgs.bohemia!);
        const before = await rowCounts(db.pool);
        const response = await gql(scopedApi(), {
          query: ORGANIZATION_WEBSITE_DELETE,
          token: emulatorToken(owner.uid),
          variables: { organizationWebsiteId: target.id },
        });
        expect(codes(response)).toEqual(['NOT_FOUND']);
        expect(await rowCounts(db.pool)).toEqual(before);
      });

      it("the own organization's website is deleted", async () => {
        const target = await createOrganizationWebsite(db.pool, orgs.northwind!);
        const response = await gql(scopedApi(), {
          query: ORGANIZATION_WEBSITE_DELETE,
          token: emulatorToken(owner.uid),
          variables: { organizationWebsiteId: target.id },
        });
        expect(response.body.data.organizationWebsiteDelete.id).toBe(target.id);
      });
    });
  });

  describe('authentication', () => {
    const send = (token: string | null) => gql(api, { query: APP_USER, token, variables: { userId: ADMIN.uid } });

    it.each([
      ['no token', null],
      ['garbage', 'not-a-token'],
      ['expired', emulatorToken(ADMIN.uid, { exp: Math.floor(Date.now() / 1000) - 3600 })],
      ['wrong audience', emulatorToken(ADMIN.uid, { aud: 'other-project' })],
      ['wrong issuer', emulatorToken(ADMIN.uid, { iss: 'https://securetoken.google.com/other-project' })],
    ])('%s: 401 UNAUTHENTICATED', async (_name, token) => {
      const response = await send(token);
      expect(response.status).toBe(401);
      expect(codes(response)).toEqual(['UNAUTHENTICATED']);
      expect(response.body.data ?? null).toBeNull();
    });

    it('an empty or non-Bearer Authorization header: 401', async () => {
      for (const authorization of ['', 'Bearer', 'Basic abc']) {
        const response = await api.fetch('http://api.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ query: APP_USER, variables: { userId: ADMIN.uid } }),
        });
        expect(response.status).toBe(401);
      }
    });

    it('a valid token without an app user: 403 FORBIDDEN', async () => {
      const response = await send(emulatorToken('stranger-uid'));
      expect(response.status).toBe(403);
      expect(codes(response)).toEqual(['FORBIDDEN']);
      expect(response.body.errors![0]!.message).toMatch(/no access/);
    });

    it('a disabled user: 403 FORBIDDEN', async () => {
      await db.pool.query(
        `INSERT INTO app_users (id, email, roles, disabled) VALUES ('disabled-admin', 'gone@demo.test', '{Admin}', true) ON CONFLICT (id) DO NOTHING`,
      );
      const response = await gql(api, {
        query: APP_USER,
        token: emulatorToken('disabled-admin'),
        variables: { userId: 'disabled-admin' },
      });
      expect(response.status).toBe(403);
      expect(codes(response)).toEqual(['FORBIDDEN']);
      expect(response.body.errors![0]!.message).toMatch(/disabled/);
    });

    it('roles come from the database, not from token claims', async () => {
      const user = DEMO_USERS.find((u) => u.roles.includes('User'))!;
      const token = emulatorToken(user.uid).replace(/^([^.]*)\.([^.]*)\./, (_m, h, p) => {
        const claims = { ...JSON.parse(Buffer.from(p, 'base64url').toString()), roles: ['Admin'], admin: true };
        return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      });
      const response = await gql(api, {
        query: ORGANIZATION_WEBSITE_DELETE,
        token,
        variables: { organizationWebsiteId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(codes(response)).toEqual(['FORBIDDEN']);
    });
  });

  describe('production mode (RS256 tokens)', () => {
    let prodApi: Api;
    let signed: Awaited<ReturnType<typeof createSigningKeys>>['signed'];
    beforeAll(async () => {
      const keys = await createSigningKeys();
      signed = keys.signed;
      prodApi = createApi({
        pool: db.pool,
        verifyToken: createTokenVerifier({ projectId: PROJECT_ID, keys: keys.keys }),
        access: await loadAccessControl(),
        environment: 'production',
        logging: false,
      });
    });

    it.each(DEMO_USERS.map((u) => [u.roles[0], u] as const))('%s signs in with a signed token', async (_role, user) => {
      const response = await gql(prodApi, {
        query: ORGANIZATION_WEBSITE_LIST,
        token: await signed(user.uid),
        variables: { limit: 5, offset: 0 },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.organizationWebsiteList.data).toHaveLength(5);
    });

    it.each([
      ['alg none (emulator token)', () => Promise.resolve(emulatorToken(ADMIN.uid))],
      ['wrong audience', () => signed(ADMIN.uid, { aud: 'other-project' })],
      ['wrong issuer', () => signed(ADMIN.uid, { iss: 'https://securetoken.google.com/other-project' })],
      ['expired', () => signed(ADMIN.uid, { exp: Math.floor(Date.now() / 1000) - 3600 })],
      ['bad signature', () => signed(ADMIN.uid, { otherKey: true })],
      ['missing kid', () => signed(ADMIN.uid, { kid: null })],
      ['unknown kid', () => signed(ADMIN.uid, { kid: 'other-key' })],
    ])('%s: 401 UNAUTHENTICATED', async (_name, make) => {
      const response = await gql(prodApi, { query: APP_USER, token: await make(), variables: { userId: ADMIN.uid } });
      expect(response.status).toBe(401);
      expect(codes(response)).toEqual(['UNAUTHENTICATED']);
    });

    it('a rejected token deletes nothing', async () => {
      const target = await createOrganizationWebsite(db.pool, orgs.danube!);
      const before = await rowCounts(db.pool);
      const response = await gql(prodApi, {
        query: ORGANIZATION_WEBSITE_DELETE,
        token: emulatorToken(ADMIN.uid),
        variables: { organizationWebsiteId: target.id },
      });
      expect(response.status).toBe(401);
      expect(await rowCounts(db.pool)).toEqual(before);
    });

    it('introspection is disabled', async () => {
      const response = await gql(prodApi, { query: '{ __schema { types { name } } }', token: await signed(ADMIN.uid) });
      expect(response.body.data ?? null).toBeNull();
      expect(response.body.errors![0]!.message).toMatch(/introspection/i);
    });
  });

  describe('HTTP and query limits', () => {
    const post = (body: string) =>
      api.fetch('http://api.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${emulatorToken(ADMIN.uid)}` },
        body,
      });

    it('a malformed JSON body is HTTP 400', async () => {
      expect((await post('{"query": ')).status).toBe(400);
    });

    it('introspection works locally', async () => {
      const response = await gql(api, {
        query: '{ __schema { queryType { name } } }',
        token: emulatorToken(ADMIN.uid),
      });
      expect(response.body.data.__schema.queryType.name).toBe('Query');
    });

    it('too many aliases are rejected', async () => {
      const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: appUser(userId: "demo-admin") { id }`).join(' ');
      const response = await gql(api, { query: `{ ${aliases} }`, token: emulatorToken(ADMIN.uid) });
      expect(response.body.data ?? null).toBeNull();
      expect(response.body.errors![0]!.message).toMatch(/alias/i);
    });

    it('fragments spread within fragments weigh only their fields in the depth limit', async () => {
      // The console's documents spread real fragments (docs/graphql.md); ten of them nested
      // around one field are a query two fields deep, as the same fields written inline are.
      const fragments = Array.from(
        { length: 10 },
        (_, i) => `fragment F${i} on AppUser { ${i === 9 ? 'id email' : `...F${i + 1}`} }`,
      ).join(' ');
      const response = await gql(api, {
        query: `{ appUser(userId: "${ADMIN.uid}") { ...F0 } } ${fragments}`,
        token: emulatorToken(ADMIN.uid),
      });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.appUser).toEqual({ id: ADMIN.uid, email: ADMIN.email });
    });

    it('a query with too many tokens is rejected', async () => {
      const fields = Array.from({ length: 1200 }, () => 'id').join(' ');
      const response = await gql(api, {
        query: `{ appUser(userId: "demo-admin") { ${fields} } }`,
        token: emulatorToken(ADMIN.uid),
      });
      expect(response.body.data ?? null).toBeNull();
      expect(response.body.errors![0]!.message).toMatch(/token/i);
    });
  });
});
