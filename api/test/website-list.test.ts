/**
 * What OrganizationWebsiteList reads instead of computing per request (migration 002): the feed
 * count on each organization website and the websites per organization, kept by triggers
 * through every kind of write; the trigram search; the per-request apiKey decision; and
 * concurrent requests (named statements on PostgreSQL, unnamed on PGlite), on every engine.
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
import { codes, createOrganizationWebsite, gql, organizationIds } from './helpers.ts';
import { ORGANIZATION_WEBSITE_LIST } from './operations.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;

describe.each(engines)('OrganizationWebsiteList data on $name', (engine) => {
  let db: Database;
  let api: Api;
  let orgs: Record<string, string>;
  const list = (uid: string, variables: Record<string, unknown>, query = ORGANIZATION_WEBSITE_LIST) =>
    gql(api, { query, token: emulatorToken(uid), variables: { limit: 1000, offset: 0, ...variables } });

  /** Rows whose kept feed count differs from the feeds that exist (none expected). */
  const feedCountDrift = async () =>
    (
      await db.pool.query(
        `SELECT ow.id, ow.feed_count, (SELECT count(*)::int FROM product_feeds pf WHERE pf.organization_website_id = ow.id) AS actual
           FROM organization_websites ow
          WHERE ow.feed_count <> (SELECT count(*) FROM product_feeds pf WHERE pf.organization_website_id = ow.id)`,
      )
    ).rows;
  /** Organizations whose kept website count differs from the websites that exist (none expected). */
  const websiteCountDrift = async () =>
    (
      await db.pool.query(
        `SELECT o.id, c.websites, (SELECT count(*)::int FROM organization_websites ow WHERE ow.organization_id = o.id) AS actual
           FROM organizations o LEFT JOIN organization_website_counts c ON c.organization_id = o.id
          WHERE coalesce(c.websites, 0) <> (SELECT count(*) FROM organization_websites ow WHERE ow.organization_id = o.id)`,
      )
    ).rows;

  beforeAll(async () => {
    db = await engine.open();
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 300 });
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

  it('the seed leaves the kept counts exact', async () => {
    expect(await feedCountDrift()).toEqual([]);
    expect(await websiteCountDrift()).toEqual([]);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM organization_websites WHERE feed_count > 0');
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('feed inserts (one and several per statement), moves and deletes keep feed_count and hasFeed exact', async () => {
    const a = await createOrganizationWebsite(db.pool, orgs.northwind!);
    const b = await createOrganizationWebsite(db.pool, orgs.bohemia!);
    const hasFeed = async (id: string) => {
      const items = (await list(ADMIN.uid, { limit: 1000 })).body.data.organizationWebsiteList.data;
      const all = [
        ...items,
        ...(await list(ADMIN.uid, { limit: 1000, offset: 1000 })).body.data.organizationWebsiteList.data,
      ];
      return all.find((item: any) => item.id === id)?.hasFeed;
    };
    await db.pool.query(
      `INSERT INTO product_feeds (organization_website_id, name, url, format)
       SELECT $1, 'Extra ' || g, 'https://extra.example/' || g, 'csv' FROM generate_series(1, 3) g`,
      [a.id],
    );
    expect(await feedCountDrift()).toEqual([]);
    // Move every feed of a to b: a has none left.
    await db.pool.query('UPDATE product_feeds SET organization_website_id = $2 WHERE organization_website_id = $1', [
      a.id,
      b.id,
    ]);
    expect(await feedCountDrift()).toEqual([]);
    expect(await hasFeed(a.id)).toBe(false);
    expect(await hasFeed(b.id)).toBe(true);
    // An update that does not move a feed changes nothing.
    await db.pool.query(`UPDATE product_feeds SET schedule = 'weekly' WHERE organization_website_id = $1`, [b.id]);
    expect(await feedCountDrift()).toEqual([]);
    await db.pool.query('DELETE FROM product_feeds WHERE organization_website_id = $1', [b.id]);
    expect(await feedCountDrift()).toEqual([]);
    expect(await hasFeed(b.id)).toBe(false);
  });

  it('website inserts, moves between organizations and deletes (also by cascade) keep the totals exact', async () => {
    const total = async (organizationId?: string) =>
      (await list(ADMIN.uid, organizationId ? { organizationId, limit: 1 } : { limit: 1 })).body.data
        .organizationWebsiteList.meta.pagination.total;
    const created = await createOrganizationWebsite(db.pool, orgs.danube!);
    expect(await websiteCountDrift()).toEqual([]);
    await db.pool.query('UPDATE organization_websites SET organization_id = $2 WHERE id = $1', [
      created.id,
      orgs.bohemia,
    ]);
    expect(await websiteCountDrift()).toEqual([]);
    await db.pool.query(`UPDATE organization_websites SET name = name || ' renamed' WHERE id = $1`, [created.id]);
    expect(await websiteCountDrift()).toEqual([]);
    // A new organization: its first website creates its count, deleting the organization removes both.
    const { rows } = await db.pool.query(
      `INSERT INTO organizations (slug, name) VALUES ('count-test', 'Count Test') RETURNING id`,
    );
    const organizationId = rows[0].id as string;
    expect(await total(organizationId)).toBe(0);
    await createOrganizationWebsite(db.pool, organizationId);
    await createOrganizationWebsite(db.pool, organizationId);
    expect(await total(organizationId)).toBe(2);
    expect(await websiteCountDrift()).toEqual([]);
    const { rows: counted } = await db.pool.query('SELECT count(*)::int AS n FROM organization_websites');
    expect(await total()).toBe(counted[0].n);
    await db.pool.query(
      'DELETE FROM product_feeds WHERE organization_website_id IN (SELECT id FROM organization_websites WHERE organization_id = $1)',
      [organizationId],
    );
    await db.pool.query('DELETE FROM organizations WHERE id = $1', [organizationId]);
    expect(await total(organizationId)).toBe(0);
    expect(await websiteCountDrift()).toEqual([]);
    expect(await feedCountDrift()).toEqual([]);
  });

  it.each(['alpine', 'ALPINE au', 'nordic out', 'Store CZ', 'a', 'zz', 'e s', 'no such shop'])(
    'searching %j finds exactly what ILIKE finds, in order',
    async (name) => {
      for (const organizationId of [undefined, orgs.northwind]) {
        const { rows } = await db.pool.query(
          `SELECT id FROM organization_websites WHERE name ILIKE $1 AND ($2::uuid IS NULL OR organization_id = $2::uuid) ORDER BY name, id`,
          [`%${name}%`, organizationId ?? null],
        );
        const result = (await list(ADMIN.uid, { name, organizationId })).body.data.organizationWebsiteList;
        expect(result.meta.pagination.total).toBe(rows.length);
        expect(result.data.map((item: any) => item.id)).toEqual(rows.slice(0, 1000).map((r) => r.id));
        const paged = (await list(ADMIN.uid, { name, organizationId, limit: 7, offset: 3 })).body.data
          .organizationWebsiteList;
        expect(paged.meta.pagination.total).toBe(rows.length);
        expect(paged.data.map((item: any) => item.id)).toEqual(rows.slice(3, 10).map((r) => r.id));
      }
    },
  );

  it('20 concurrent requests of every kind all succeed with the same answers as one at a time', async () => {
    const variants = [
      { limit: 500 },
      { name: 'alpine', limit: 500 },
      { limit: 50, offset: 120 },
      { organizationId: orgs.bohemia, limit: 20 },
      { organizationId: orgs.northwind, name: 'garden' },
    ];
    const expected = await Promise.all(variants.map(async (v) => (await list(ADMIN.uid, v)).body));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => list(i % 2 ? ADMIN.uid : 'demo-owner', variants[i % variants.length]!)),
    );
    for (const [i, response] of responses.entries()) {
      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      if (i % 2) expect(response.body).toEqual(expected[i % variants.length]);
    }
  });

  describe('apiKey, decided once per request', () => {
    const queries = {
      field: `query Keys { organizationWebsiteList(limit: 50, offset: 0) { data { id apiKey } } }`,
      fragment: `query Keys { organizationWebsiteList(limit: 50, offset: 0) { ...Page } } fragment Page on OrganizationWebsiteListResponse { data { ...Item } } fragment Item on OrganizationWebsite { id apiKey }`,
      inline: `query Keys { organizationWebsiteList(limit: 50, offset: 0) { data { ... on OrganizationWebsite { id apiKey } } } }`,
      aliased: `query Keys { organizationWebsiteList(limit: 50, offset: 0) { items: data { id secret: apiKey } } }`,
    };
    it.each(
      Object.entries(queries).flatMap(([how, query]) => DEMO_USERS.map((u) => [how, u.roles[0], u, query] as const)),
    )('selected by %s: %s reads it only with Read on websites:detail', async (_how, role, user, query) => {
      const response = await gql(api, { query, token: emulatorToken(user.uid) });
      const items =
        response.body.data?.organizationWebsiteList?.data ?? response.body.data?.organizationWebsiteList?.items ?? [];
      if (['Admin', 'Owner', 'Editor'].includes(role!)) {
        expect(response.body.errors).toBeUndefined();
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect(item.apiKey ?? item.secret).toMatch(/^owk_[0-9a-f]{64}$/);
      } else {
        expect(codes(response)).toContain('FORBIDDEN');
        expect(JSON.stringify(response.body.data ?? null)).not.toContain('owk_');
      }
    });

    it('an Owner reads only its own organization’s keys, matching the database', async () => {
      const owner = DEMO_USERS.find((u) => u.roles.includes('Owner'))!;
      const response = await gql(api, { query: queries.field, token: emulatorToken(owner.uid) });
      const { rows } = await db.pool.query(
        'SELECT id, api_key FROM organization_websites WHERE organization_id = $1 ORDER BY name, id LIMIT 50',
        [orgs.northwind],
      );
      expect(response.body.data.organizationWebsiteList.data).toEqual(
        rows.map((r) => ({ id: r.id, apiKey: r.api_key })),
      );
    });
  });

  it('TRUNCATE keeps the counts exact too', async () => {
    await db.pool.query('TRUNCATE product_feeds');
    expect(await feedCountDrift()).toEqual([]);
    await db.pool.query('TRUNCATE organization_websites CASCADE');
    expect(await websiteCountDrift()).toEqual([]);
    expect((await list(ADMIN.uid, {})).body.data.organizationWebsiteList).toEqual({
      data: [],
      meta: { pagination: { total: 0 } },
    });
  });
});
