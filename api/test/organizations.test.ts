/**
 * Organizations: list, detail, create, rename, suspend/reinstate, adding a website within the
 * plan's limit, and suspension blocking every request but AppUser; every role, own and other
 * organization, on every available database engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
const NON_ADMINS = DEMO_USERS.filter((u) => u !== ADMIN);
const READERS = NON_ADMINS.filter((u) => ['Owner', 'Editor'].includes(u.roles[0]!));
const NON_READERS = NON_ADMINS.filter((u) => ['Viewer', 'User'].includes(u.roles[0]!));

const FIELDS = 'id name slug suspended createdAt websitesCount usersCount plan { id name }';
const LIST = `query OrganizationList($search: String, $sort: OrganizationSort, $limit: Int!, $offset: Int!) { organizationList(search: $search, sort: $sort, limit: $limit, offset: $offset) { data { ${FIELDS} } meta { pagination { total } } } }`;
const DETAIL = `query Organization($organizationId: ID!) { organization(organizationId: $organizationId) { ${FIELDS} } }`;
const CREATE = `mutation OrganizationCreate($input: OrganizationCreateInput!) { organizationCreate(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation OrganizationUpdate($organizationId: ID!, $input: OrganizationUpdateInput!) { organizationUpdate(organizationId: $organizationId, input: $input) { ${FIELDS} } }`;
const SUSPEND = `mutation OrganizationSuspend($organizationId: ID!) { organizationSuspend(organizationId: $organizationId) { id suspended } }`;
const REINSTATE = `mutation OrganizationReinstate($organizationId: ID!) { organizationReinstate(organizationId: $organizationId) { id suspended } }`;
const WEBSITE_CREATE = `mutation OrganizationWebsiteCreate($organizationId: ID!, $input: OrganizationWebsiteCreateInput!) { organizationWebsiteCreate(organizationId: $organizationId, input: $input) { id name hasFeed apiKey website { id name url } organization { id name } } }`;

let unique = 0;
const uniqueName = (prefix: string) => `${prefix} ${process.pid}-${Date.now()}-${++unique}`;

describe.each(engines)('Organizations on $name', (engine) => {
  let db: Database;
  let api: Api;
  let orgs: Record<string, string>;
  const call = (uid: string, query: string, variables: Record<string, unknown> = {}) =>
    gql(api, { query, token: emulatorToken(uid), variables });

  beforeAll(async () => {
    db = await engine.open();
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 660 });
    orgs = await organizationIds(db.pool);
    api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  async function countsOf(slug: string) {
    const { rows } = await db.pool.query(
      `SELECT (SELECT count(*)::int FROM organization_websites WHERE organization_id = $1) AS websites,
              (SELECT count(*)::int FROM app_users WHERE organization_id = $1) AS users`,
      [orgs[slug]],
    );
    return rows[0] as { websites: number; users: number };
  }

  describe('OrganizationList', () => {
    it('Admin lists every organization with counts and plan, sorted and paged', async () => {
      const response = await call(ADMIN.uid, LIST, { limit: 100, offset: 0 });
      expect(response.body.errors).toBeUndefined();
      const { data, meta } = response.body.data.organizationList;
      expect(meta.pagination.total).toBeGreaterThanOrEqual(3);
      const northwind = data.find((o: any) => o.slug === 'northwind');
      expect(northwind).toMatchObject({
        id: orgs.northwind,
        name: 'Northwind Outdoor Supply',
        suspended: false,
        plan: { id: 'enterprise', name: 'Enterprise' },
      });
      const counts = await countsOf('northwind');
      expect(northwind.websitesCount).toBe(counts.websites);
      expect(northwind.usersCount).toBe(counts.users);
      const names = data.map((o: any) => o.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const desc = (
        await call(ADMIN.uid, LIST, { sort: 'NAME_DESC', limit: 100, offset: 0 })
      ).body.data.organizationList.data.map((o: any) => o.name);
      expect(desc).toEqual([...names].reverse());
      const page = (await call(ADMIN.uid, LIST, { limit: 1, offset: 1 })).body.data.organizationList;
      expect(page.data).toHaveLength(1);
      expect(page.data[0].id).toBe(data[1].id);
      expect(page.meta.pagination.total).toBe(meta.pagination.total);
    });

    it('searches by name, case-insensitively, wildcards literally', async () => {
      const result = (await call(ADMIN.uid, LIST, { search: '  danube ', limit: 10, offset: 0 })).body.data
        .organizationList;
      expect(result.meta.pagination.total).toBe(1);
      expect(result.data[0].slug).toBe('danube');
      expect(
        (await call(ADMIN.uid, LIST, { search: '%', limit: 10, offset: 0 })).body.data.organizationList.meta.pagination
          .total,
      ).toBe(0);
    });

    it.each(READERS.map((u) => [u.roles[0], u] as const))('%s sees only its own organization', async (_role, user) => {
      const result = (await call(user.uid, LIST, { limit: 100, offset: 0 })).body.data.organizationList;
      expect(result.meta.pagination.total).toBe(1);
      expect(result.data.map((o: any) => o.id)).toEqual([orgs[user.organization!]]);
      expect(
        (await call(user.uid, LIST, { search: 'bohemia', limit: 10, offset: 0 })).body.data.organizationList.data,
      ).toEqual([]);
    });

    it.each(NON_READERS.map((u) => [u.roles[0], u] as const))(
      '%s may not list organizations (FORBIDDEN)',
      async (_role, user) => {
        expect(codes(await call(user.uid, LIST, { limit: 10, offset: 0 }))).toEqual(['FORBIDDEN']);
      },
    );

    it.each([
      ['limit', { limit: 0, offset: 0 }],
      ['offset', { limit: 10, offset: -1 }],
      ['search', { limit: 10, offset: 0, search: 'x'.repeat(201) }],
    ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
      const response = await call(ADMIN.uid, LIST, variables);
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0]!.extensions!.field).toBe(field);
    });
  });

  describe('Organization (detail)', () => {
    it('Admin reads any organization', async () => {
      for (const slug of ['northwind', 'bohemia', 'danube']) {
        const response = await call(ADMIN.uid, DETAIL, { organizationId: orgs[slug] });
        expect(response.body.data.organization).toMatchObject({ id: orgs[slug], slug });
        const counts = await countsOf(slug);
        expect(response.body.data.organization.websitesCount).toBe(counts.websites);
        expect(response.body.data.organization.usersCount).toBe(counts.users);
      }
      expect(codes(await call(ADMIN.uid, DETAIL, { organizationId: '00000000-0000-4000-8000-000000000000' }))).toEqual([
        'NOT_FOUND',
      ]);
      const bad = await call(ADMIN.uid, DETAIL, { organizationId: 'nope' });
      expect(bad.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'organizationId' });
    });

    it.each(READERS.map((u) => [u.roles[0], u] as const))(
      "%s reads its own organization; another's is NOT_FOUND",
      async (_role, user) => {
        const own = await call(user.uid, DETAIL, { organizationId: orgs[user.organization!] });
        expect(own.body.data.organization.id).toBe(orgs[user.organization!]);
        for (const slug of Object.keys(orgs).filter((s) => s !== user.organization)) {
          const other = await call(user.uid, DETAIL, { organizationId: orgs[slug] });
          expect(codes(other)).toEqual(['NOT_FOUND']);
          expect(JSON.stringify(other.body)).not.toContain(slug);
        }
      },
    );

    it.each(NON_READERS.map((u) => [u.roles[0], u] as const))(
      '%s may not read organizations (FORBIDDEN)',
      async (_role, user) => {
        expect(codes(await call(user.uid, DETAIL, { organizationId: orgs[user.organization!] }))).toEqual([
          'FORBIDDEN',
        ]);
      },
    );

    it("an organization website's organization carries the extended fields for Admin only among list readers", async () => {
      const query = `query Org { organizationWebsiteList(limit: 1, offset: 0) { data { organization { id plan { id } websitesCount } } } }`;
      const admin = await gql(api, { query, token: emulatorToken(ADMIN.uid) });
      expect(admin.body.data.organizationWebsiteList.data[0].organization.plan.id).toMatch(
        /starter|business|enterprise/,
      );
      const user = NON_READERS[0]!;
      expect(codes(await gql(api, { query, token: emulatorToken(user.uid) }))).toContain('FORBIDDEN');
    });
  });

  describe('OrganizationCreate / OrganizationUpdate', () => {
    it('Admin creates an organization (slug from the name, starter plan by default)', async () => {
      const name = uniqueName('Šumava Sports');
      const response = await call(ADMIN.uid, CREATE, { input: { name: `  ${name}  ` } });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.organizationCreate).toMatchObject({
        name,
        slug: expect.stringMatching(/^sumava-sports-/),
        suspended: false,
        websitesCount: 0,
        usersCount: 0,
        plan: { id: 'starter' },
      });
      const again = await call(ADMIN.uid, CREATE, { input: { name, planId: 'business' } });
      expect(again.body.data.organizationCreate.slug).toBe(`${response.body.data.organizationCreate.slug}-2`);
      expect(again.body.data.organizationCreate.plan.id).toBe('business');
    });

    it.each([
      ['name', { name: '   ' }],
      ['name', { name: 'x'.repeat(201) }],
      ['slug', { name: 'Fine', slug: 'Not A Slug' }],
      ['slug', { name: 'Fine', slug: 'northwind' }],
      ['planId', { name: 'Fine', planId: 'platinum' }],
    ])('rejects a bad %s (BAD_USER_INPUT), nothing is written', async (field, input) => {
      const before = await rowCounts(db.pool);
      const response = await call(ADMIN.uid, CREATE, { input });
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0]!.extensions!.field).toBe(field);
      expect(response.body.errors![0]!.message).toContain(field);
      expect(await rowCounts(db.pool)).toEqual(before);
    });

    it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))(
      '%s may not create organizations (FORBIDDEN)',
      async (_role, user) => {
        const before = await rowCounts(db.pool);
        expect(codes(await call(user.uid, CREATE, { input: { name: uniqueName('Nope') } }))).toEqual(['FORBIDDEN']);
        expect(await rowCounts(db.pool)).toEqual(before);
      },
    );

    it('Admin renames any organization', async () => {
      const { id } = (await call(ADMIN.uid, CREATE, { input: { name: uniqueName('Rename Me') } })).body.data
        .organizationCreate;
      const response = await call(ADMIN.uid, UPDATE, { organizationId: id, input: { name: 'Renamed Ltd' } });
      expect(response.body.data.organizationUpdate).toMatchObject({ id, name: 'Renamed Ltd' });
      const bad = await call(ADMIN.uid, UPDATE, { organizationId: id, input: { name: '' } });
      expect(bad.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    });

    it.each(READERS.map((u) => [u.roles[0], u] as const))(
      "%s renames its own organization; another's is NOT_FOUND and unchanged",
      async (_role, user) => {
        const own = orgs[user.organization!]!;
        const { rows } = await db.pool.query('SELECT name FROM organizations WHERE id = $1', [own]);
        const renamed = await call(user.uid, UPDATE, {
          organizationId: own,
          input: { name: `${rows[0].name} (renamed)` },
        });
        expect(renamed.body.data.organizationUpdate.name).toBe(`${rows[0].name} (renamed)`);
        await db.pool.query('UPDATE organizations SET name = $2 WHERE id = $1', [own, rows[0].name]);
        const other = await call(user.uid, UPDATE, { organizationId: orgs.danube, input: { name: 'Hijacked' } });
        expect(codes(other)).toEqual(['NOT_FOUND']);
        const { rows: after } = await db.pool.query('SELECT name FROM organizations WHERE id = $1', [orgs.danube]);
        expect(after[0].name).toBe('Danube Electronics');
      },
    );

    it.each(NON_READERS.map((u) => [u.roles[0], u] as const))(
      '%s may not rename organizations (FORBIDDEN)',
      async (_role, user) => {
        expect(
          codes(await call(user.uid, UPDATE, { organizationId: orgs[user.organization!], input: { name: 'X' } })),
        ).toEqual(['FORBIDDEN']);
      },
    );
  });

  describe('OrganizationWebsiteCreate and the websites limit', () => {
    it('Admin adds a website; a full plan refuses with the limit named, writing nothing', async () => {
      const org = (await call(ADMIN.uid, CREATE, { input: { name: uniqueName('Limit Shop') } })).body.data
        .organizationCreate;
      const first = await call(ADMIN.uid, WEBSITE_CREATE, {
        organizationId: org.id,
        input: { name: 'First Shop', url: `https://first-${org.slug}.shop.example` },
      });
      expect(first.body.errors).toBeUndefined();
      expect(first.body.data.organizationWebsiteCreate).toMatchObject({
        name: 'First Shop',
        hasFeed: false,
        apiKey: expect.stringMatching(/^owk_/),
        organization: { id: org.id },
      });
      // Fill the starter plan (100 websites).
      for (let i = 1; i < 100; i += 1) await createOrganizationWebsite(db.pool, org.id);
      const before = await rowCounts(db.pool);
      const refused = await call(ADMIN.uid, WEBSITE_CREATE, {
        organizationId: org.id,
        input: { name: 'One Too Many', url: `https://too-many-${org.slug}.shop.example` },
      });
      expect(codes(refused)).toEqual(['PLAN_LIMIT_EXCEEDED']);
      expect(refused.body.errors![0]!.message).toMatch(/websites/);
      expect(refused.body.errors![0]!.extensions).toMatchObject({ limit: 'websites', max: 100 });
      expect(await rowCounts(db.pool)).toEqual(before);
    });

    it.each([
      ['url', { name: 'Shop', url: 'ftp://shop.example' }],
      ['url', { name: 'Shop', url: 'not a url' }],
      ['name', { name: ' ', url: 'https://x.shop.example' }],
    ])('rejects a bad %s (BAD_USER_INPUT)', async (field, input) => {
      const response = await call(ADMIN.uid, WEBSITE_CREATE, { organizationId: orgs.danube, input });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    });

    it.each(NON_READERS.map((u) => [u.roles[0], u] as const))(
      '%s may not add websites (FORBIDDEN)',
      async (_role, user) => {
        const response = await call(user.uid, WEBSITE_CREATE, {
          organizationId: orgs[user.organization!],
          input: { name: 'Shop', url: `https://${user.uid}.shop.example` },
        });
        expect(codes(response)).toEqual(['FORBIDDEN']);
      },
    );

    // policy.csv: an Owner (and Editor) adds websites to its own organization only.
    it.each(READERS.map((u) => [u.roles[0], u] as const))(
      "%s adds a website to its own organization; another organization's is NOT_FOUND",
      async (_role, user) => {
        const url = `https://${user.uid}-${engine.name}-${Date.now()}.shop.example`;
        const own = await call(user.uid, WEBSITE_CREATE, {
          organizationId: orgs[user.organization!],
          input: { name: 'Own Shop', url },
        });
        expect(own.body.errors).toBeUndefined();
        expect(own.body.data.organizationWebsiteCreate).toMatchObject({
          name: 'Own Shop',
          website: { url },
          organization: { id: orgs[user.organization!] },
        });
        const before = await rowCounts(db.pool);
        const other = Object.keys(orgs).find(
          (slug) => slug !== user.organization && ['northwind', 'bohemia', 'danube'].includes(slug),
        )!;
        const refused = await call(user.uid, WEBSITE_CREATE, {
          organizationId: orgs[other],
          input: { name: 'Other Shop', url: `${url}.other` },
        });
        expect(codes(refused)).toEqual(['NOT_FOUND']);
        expect(await rowCounts(db.pool)).toEqual(before);
      },
    );
  });

  describe('suspension', () => {
    let orgId: string;
    const members = ['Owner', 'Editor', 'Viewer', 'User'].map((role) => ({
      role,
      uid: `suspended-${engine.name}-${role.toLowerCase()}`,
    }));

    beforeAll(async () => {
      const { rows } = await db.pool.query(
        `INSERT INTO organizations (slug, name) VALUES ($1, 'Paused Retail') RETURNING id`,
        [`paused-${engine.name}-${Date.now()}`],
      );
      orgId = rows[0].id;
      for (const member of members) {
        await db.pool.query('INSERT INTO app_users (id, email, roles, organization_id) VALUES ($1, $2, $3, $4)', [
          member.uid,
          `${member.uid}@demo.test`,
          [member.role],
          orgId,
        ]);
      }
      await createOrganizationWebsite(db.pool, orgId);
    });

    it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))('%s may not suspend (FORBIDDEN)', async (_role, user) => {
      expect(codes(await call(user.uid, SUSPEND, { organizationId: orgs[user.organization!] }))).toEqual(['FORBIDDEN']);
      expect(codes(await call(user.uid, REINSTATE, { organizationId: orgs[user.organization!] }))).toEqual([
        'FORBIDDEN',
      ]);
    });

    it('Admin suspends: every request but AppUser answers ORGANIZATION_SUSPENDED; reinstating restores access', async () => {
      const suspended = await call(ADMIN.uid, SUSPEND, { organizationId: orgId });
      expect(suspended.body.data.organizationSuspend).toEqual({ id: orgId, suspended: true });
      const { rows } = await db.pool.query('SELECT id FROM organization_websites WHERE organization_id = $1', [orgId]);
      const requests: Array<[string, Record<string, unknown>]> = [
        [ORGANIZATION_WEBSITE_LIST, { limit: 500, offset: 0 }],
        [ORGANIZATION_WEBSITE_DELETE, { organizationWebsiteId: rows[0].id }],
        [LIST, { limit: 10, offset: 0 }],
        [DETAIL, { organizationId: orgId }],
        [UPDATE, { organizationId: orgId, input: { name: 'Unpaused' } }],
        [`query UserList { userList(limit: 10, offset: 0) { data { id } } }`, {}],
        [`query Plans { plans { id } }`, {}],
        // One's own profile too: reading it works, changing it does not.
        [
          `mutation AppUserUpdate($userId: ID!) { appUserUpdate(userId: $userId, input: { language: "cs" }) { id language } }`,
          {},
        ],
        // AppUser together with something else is a data request too.
        [
          `query Both($userId: ID!) { appUser(userId: $userId) { id } organizationList(limit: 1, offset: 0) { data { id } } }`,
          {},
        ],
        [
          `query Frag { ...Root } fragment Root on Query { organizationWebsiteList(limit: 1, offset: 0) { data { id } } }`,
          {},
        ],
      ];
      for (const member of members) {
        const me = await call(member.uid, APP_USER, { userId: member.uid });
        expect(me.body.errors).toBeUndefined();
        expect(me.body.data.appUser).toMatchObject({ id: member.uid, roles: [member.role] });
        for (const [query, variables] of requests) {
          const response = await call(member.uid, query, { userId: member.uid, ...variables });
          expect(codes(response), `${member.role}: ${query.slice(0, 40)}`).toEqual(['ORGANIZATION_SUSPENDED']);
          expect(response.body.errors![0]!.message).toBe('Your organization is suspended. Contact support.');
          expect(response.body.data ?? null).toBeNull();
        }
      }
      // Nothing was changed by the refused mutations.
      const languages = await db.pool.query('SELECT DISTINCT language FROM app_users WHERE organization_id = $1', [
        orgId,
      ]);
      expect(languages.rows).toEqual([{ language: 'en' }]);
      expect((await db.pool.query('SELECT name FROM organizations WHERE id = $1', [orgId])).rows[0].name).toBe(
        'Paused Retail',
      );
      expect((await db.pool.query('SELECT 1 FROM organization_websites WHERE id = $1', [rows[0].id])).rowCount).toBe(1);
      // Other organizations are unaffected.
      const owner = READERS[0]!;
      expect((await call(owner.uid, LIST, { limit: 10, offset: 0 })).body.errors).toBeUndefined();
      // Admin still sees the organization, suspended.
      expect((await call(ADMIN.uid, DETAIL, { organizationId: orgId })).body.data.organization.suspended).toBe(true);

      const reinstated = await call(ADMIN.uid, REINSTATE, { organizationId: orgId });
      expect(reinstated.body.data.organizationReinstate).toEqual({ id: orgId, suspended: false });
      for (const member of members) {
        const response = await call(member.uid, ORGANIZATION_WEBSITE_LIST, { limit: 10, offset: 0 });
        expect(response.body.errors).toBeUndefined();
        expect(response.body.data.organizationWebsiteList.meta.pagination.total).toBe(1);
      }
    });

    it('rejects a bad or unknown organization id', async () => {
      expect((await call(ADMIN.uid, SUSPEND, { organizationId: 'x' })).body.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'organizationId',
      });
      expect(codes(await call(ADMIN.uid, SUSPEND, { organizationId: '00000000-0000-4000-8000-000000000000' }))).toEqual(
        ['NOT_FOUND'],
      );
    });
  });
});
