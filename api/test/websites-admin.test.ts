/**
 * Organization website administration: detail with counts and API key, delete preview, update
 * (name, address), API key rotation; every role, own and other organization, bad input, and
 * nothing changed by a refused mutation; on every available engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { codes, createOrganizationWebsite, rowCounts } from './helpers.ts';
import {
  ADMIN,
  MEMBERS,
  OWNERS,
  READERS_ONLY,
  openCatalogueWorld,
  otherSlug,
  ownSlug,
  roleCases,
  type CatalogueWorld,
} from './catalogue-fixtures.ts';

const engines = await availableEngines();
const FIELDS =
  'id name hasFeed apiKey feedsCount competitorsCount productsCount website { id name url } organization { id name }';
const DETAIL = `query OrganizationWebsite($organizationWebsiteId: ID!) { organizationWebsite(organizationWebsiteId: $organizationWebsiteId) { ${FIELDS} } }`;
const PREVIEW = `query OrganizationWebsiteDeletePreview($organizationWebsiteId: ID!) { organizationWebsiteDeletePreview(organizationWebsiteId: $organizationWebsiteId) { id feeds products competitors competitorProducts matches aggregatorListings organizationWebsite { id name } } }`;
const UPDATE = `mutation OrganizationWebsiteUpdate($organizationWebsiteId: ID!, $input: OrganizationWebsiteUpdateInput!) { organizationWebsiteUpdate(organizationWebsiteId: $organizationWebsiteId, input: $input) { ${FIELDS} } }`;
const ADMIN_LIST = `query OrganizationWebsiteAdminList($organizationId: ID, $search: String, $sort: OrganizationWebsiteSort, $limit: Int!, $offset: Int!) {
  organizationWebsiteAdminList(organizationId: $organizationId, search: $search, sort: $sort, limit: $limit, offset: $offset) {
    data { id name hasFeed feedsCount competitorsCount website { id url } organization { id name } } meta { pagination { total } } } }`;
const ROTATE = `mutation OrganizationWebsiteApiKeyRotate($organizationWebsiteId: ID!) { organizationWebsiteApiKeyRotate(organizationWebsiteId: $organizationWebsiteId) { id apiKey } }`;

describe.each(engines)('Organization website administration on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  });
  afterAll(async () => {
    await w?.close();
  });

  async function counts(id: string) {
    const { rows } = await w.pool.query(
      `SELECT (SELECT count(*)::int FROM product_feeds WHERE organization_website_id = $1) AS feeds,
              (SELECT count(*)::int FROM products WHERE organization_website_id = $1) AS products,
              (SELECT count(*)::int FROM competitors WHERE organization_website_id = $1) AS competitors,
              (SELECT count(*)::int FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1) AS competitor_products,
              (SELECT count(*)::int FROM product_matches m JOIN products p ON p.id = m.product_id WHERE p.organization_website_id = $1) AS matches,
              (SELECT count(*)::int FROM aggregator_listings l JOIN products p ON p.id = l.product_id WHERE p.organization_website_id = $1) AS listings`,
      [id],
    );
    return rows[0];
  }
  const snapshot = async (id: string) =>
    (
      await w.pool.query(
        'SELECT ow.name, ow.api_key, w.url FROM organization_websites ow JOIN websites w ON w.id = ow.website_id WHERE ow.id = $1',
        [id],
      )
    ).rows[0];

  describe('OrganizationWebsite (detail)', () => {
    it.each(roleCases([ADMIN, ...OWNERS]))('%s reads the detail with counts and API key', async (_role, user) => {
      const id = w.site.northwind;
      const response = await w.call(user.uid, DETAIL, { organizationWebsiteId: id });
      expect(response.body.errors).toBeUndefined();
      const c = await counts(id);
      expect(c.products).toBeGreaterThan(100);
      expect(response.body.data.organizationWebsite).toMatchObject({
        id,
        apiKey: expect.stringMatching(/^owk_/),
        feedsCount: c.feeds,
        productsCount: c.products,
        competitorsCount: c.competitors,
        hasFeed: c.feeds > 0,
        organization: { id: w.orgs.northwind },
        website: { url: expect.stringMatching(/^https:\/\//) },
      });
    });

    it.each(roleCases(OWNERS))("%s: another organization's website is NOT_FOUND", async (_role, user) => {
      expect(codes(await w.call(user.uid, DETAIL, { organizationWebsiteId: w.site.bohemia }))).toEqual(['NOT_FOUND']);
    });

    it.each(roleCases(READERS_ONLY))('%s may not read the detail (FORBIDDEN)', async (_role, user) => {
      expect(codes(await w.call(user.uid, DETAIL, { organizationWebsiteId: w.site[ownSlug(user)] }))).toEqual([
        'FORBIDDEN',
      ]);
    });

    it.each(roleCases(OWNERS))(
      '%s never learns the name another organization gave a website both monitor',
      async (_role, user) => {
        const own = w.orgs[ownSlug(user)]!;
        const other = w.orgs[otherSlug(user)]!;
        const first = await createOrganizationWebsite(w.pool, other);
        const { rows } = await w.pool.query<{ id: string }>(
          `INSERT INTO organization_websites (organization_id, website_id, name) VALUES ($1, $2, 'Our view of it') RETURNING id`,
          [own, first.websiteId],
        );
        const mine = rows[0]!.id;
        try {
          const seen = (await w.call(user.uid, DETAIL, { organizationWebsiteId: mine })).body.data.organizationWebsite;
          expect(seen.website).toMatchObject({ id: first.websiteId, name: 'Our view of it' });
          expect(JSON.stringify(seen)).not.toContain(first.name);
          const admin = (await w.call(ADMIN.uid, DETAIL, { organizationWebsiteId: mine })).body.data
            .organizationWebsite;
          expect(admin.website.name).toBe(first.name);
        } finally {
          await w.pool.query('DELETE FROM organization_websites WHERE id = $1', [mine]);
        }
      },
    );

    it('rejects a bad id; an unknown id is NOT_FOUND', async () => {
      const bad = await w.call(ADMIN.uid, DETAIL, { organizationWebsiteId: 'nope' });
      expect(bad.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'organizationWebsiteId' });
      expect(
        codes(await w.call(ADMIN.uid, DETAIL, { organizationWebsiteId: '00000000-0000-4000-8000-000000000000' })),
      ).toEqual(['NOT_FOUND']);
    });
  });

  describe('OrganizationWebsiteAdminList (the websites page)', () => {
    type Item = {
      id: string;
      name: string;
      feedsCount: number;
      competitorsCount: number;
      website: { url: string };
      organization: { id: string; name: string };
    };
    const list = async (variables: Record<string, unknown>, uid = ADMIN.uid) => {
      const response = await w.call(uid, ADMIN_LIST, { limit: 1000, offset: 0, ...variables });
      expect(response.body.errors).toBeUndefined();
      return response.body.data.organizationWebsiteAdminList as {
        data: Item[];
        meta: { pagination: { total: number } };
      };
    };
    const websitesOf = async (organizationId: string | null) =>
      (
        await w.pool.query(
          'SELECT count(*)::int AS n FROM organization_websites WHERE $1::uuid IS NULL OR organization_id = $1::uuid',
          [organizationId],
        )
      ).rows[0].n as number;

    it("Admin: every website, or one organization's; totals and counts agree with the database", async () => {
      const all = await list({ limit: 5 });
      expect(all.meta.pagination.total).toBe(await websitesOf(null));
      const northwind = await list({ organizationId: w.orgs.northwind });
      expect(northwind.meta.pagination.total).toBe(await websitesOf(w.orgs.northwind!));
      expect(northwind.data.every((item) => item.organization.id === w.orgs.northwind)).toBe(true);
      const site = northwind.data.find((item) => item.id === w.site.northwind)!;
      const c = await counts(w.site.northwind);
      expect(site).toMatchObject({ feedsCount: c.feeds, competitorsCount: c.competitors, hasFeed: c.feeds > 0 });
      expect(c.competitors).toBeGreaterThan(0);
    });

    it.each(roleCases(OWNERS))(
      "%s lists only its own organization's; asking for another gives nothing",
      async (_role, user) => {
        const own = await list({}, user.uid);
        expect(own.meta.pagination.total).toBe(await websitesOf(w.orgs.northwind!));
        expect(own.data.every((item) => item.organization.id === w.orgs.northwind)).toBe(true);
        expect(await list({ organizationId: w.orgs.bohemia }, user.uid)).toEqual({
          data: [],
          meta: { pagination: { total: 0 } },
        });
      },
    );

    it.each(roleCases(READERS_ONLY))('%s may not list (FORBIDDEN)', async (_role, user) => {
      expect(codes(await w.call(user.uid, ADMIN_LIST, { limit: 10, offset: 0 }))).toEqual(['FORBIDDEN']);
    });

    it('searches by name, case-insensitively, literally', async () => {
      const target = await createOrganizationWebsite(w.pool, w.orgs.danube!);
      const found = await list({ search: `  ${target.name.toUpperCase()} ` });
      expect(found.data.map((item) => item.id)).toEqual([target.id]);
      expect(found.meta.pagination.total).toBe(1);
      expect((await list({ search: '%' })).meta.pagination.total).toBe(
        (await w.pool.query("SELECT count(*)::int AS n FROM organization_websites WHERE name LIKE '%\\%%'")).rows[0].n,
      );
      expect(await list({ search: target.name, organizationId: w.orgs.bohemia })).toEqual({
        data: [],
        meta: { pagination: { total: 0 } },
      });
    });

    it.each([
      ['NAME_ASC', (i: Item) => i.name, 1],
      ['NAME_DESC', (i: Item) => i.name, -1],
      ['URL_ASC', (i: Item) => i.website.url, 1],
      ['URL_DESC', (i: Item) => i.website.url, -1],
      ['ORGANIZATION_ASC', (i: Item) => i.organization.name, 1],
      ['ORGANIZATION_DESC', (i: Item) => i.organization.name, -1],
      ['FEEDS_COUNT_ASC', (i: Item) => i.feedsCount, 1],
      ['FEEDS_COUNT_DESC', (i: Item) => i.feedsCount, -1],
      ['COMPETITORS_COUNT_ASC', (i: Item) => i.competitorsCount, 1],
      ['COMPETITORS_COUNT_DESC', (i: Item) => i.competitorsCount, -1],
    ] as const)('sort %s orders the rows; pages are slices of the order', async (sort, key, direction) => {
      const { data } = await list({ sort });
      const values = data.map((item) => key(item) as string | number);
      for (let i = 1; i < values.length; i += 1) {
        if (typeof values[i] === 'number')
          expect(Math.sign((values[i] as number) - (values[i - 1] as number)) * direction).toBeGreaterThanOrEqual(0);
      }
      // Text is ordered by the database's collation: the order must equal the order of a sorted copy by that collation.
      if (typeof values[0] === 'string') {
        const { rows } = await w.pool.query('SELECT v FROM unnest($1::text[]) v ORDER BY v', [values]);
        const sorted = rows.map((r) => r.v as string);
        expect(values).toEqual(direction === 1 ? sorted : sorted.reverse());
      }
      const page = await list({ sort, limit: 7, offset: 7 });
      expect(page.data.map((item) => item.id)).toEqual(data.slice(7, 14).map((item) => item.id));
    });

    it.each([
      ['limit', { limit: 0 }],
      ['offset', { offset: -1 }],
      ['organizationId', { organizationId: 'northwind' }],
      ['search', { search: 's'.repeat(201) }],
    ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
      const response = await w.call(ADMIN.uid, ADMIN_LIST, { limit: 5, offset: 0, ...variables });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    });
  });

  describe('OrganizationWebsiteDeletePreview', () => {
    it.each(roleCases([ADMIN, ...OWNERS]))('%s sees what goes with the website, as counted', async (_role, user) => {
      const id = w.site.northwind;
      const response = await w.call(user.uid, PREVIEW, { organizationWebsiteId: id });
      expect(response.body.errors).toBeUndefined();
      const c = await counts(id);
      expect(response.body.data.organizationWebsiteDeletePreview).toEqual({
        id,
        feeds: c.feeds,
        products: c.products,
        competitors: c.competitors,
        competitorProducts: c.competitor_products,
        matches: c.matches,
        aggregatorListings: c.listings,
        organizationWebsite: { id, name: expect.any(String) },
      });
      expect(c.matches).toBeGreaterThan(0);
    });

    it('the preview agrees with what a delete removes', async () => {
      const target = await createOrganizationWebsite(w.pool, w.orgs.danube!);
      const preview = (await w.call(ADMIN.uid, PREVIEW, { organizationWebsiteId: target.id })).body.data
        .organizationWebsiteDeletePreview;
      const before = await rowCounts(w.pool);
      const deleted = await w.call(
        ADMIN.uid,
        `mutation D($id: ID!) { organizationWebsiteDelete(organizationWebsiteId: $id) { id } }`,
        { id: target.id },
      );
      expect(deleted.body.errors).toBeUndefined();
      const after = await rowCounts(w.pool);
      expect(before.product_feeds - after.product_feeds).toBe(preview.feeds);
    });

    it.each(roleCases(OWNERS))("%s: another organization's preview is NOT_FOUND", async (_role, user) => {
      expect(codes(await w.call(user.uid, PREVIEW, { organizationWebsiteId: w.site.danube }))).toEqual(['NOT_FOUND']);
    });

    it.each(roleCases(READERS_ONLY))('%s may not preview (FORBIDDEN)', async (_role, user) => {
      expect(codes(await w.call(user.uid, PREVIEW, { organizationWebsiteId: w.site[ownSlug(user)] }))).toEqual([
        'FORBIDDEN',
      ]);
    });
  });

  describe('OrganizationWebsiteUpdate', () => {
    it.each(roleCases([ADMIN, ...OWNERS]))('%s renames and moves its website; HTML stays text', async (role, user) => {
      const target = await createOrganizationWebsite(w.pool, w.orgs.northwind!);
      const url = `https://moved-${role.toLowerCase()}-${engine.name}-${Date.now()}.shop.example`;
      const name = `<b>Renamed</b> & "quoted" ${role}`;
      const response = await w.call(user.uid, UPDATE, {
        organizationWebsiteId: target.id,
        input: { name: `  ${name} `, url },
      });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.organizationWebsiteUpdate).toMatchObject({ id: target.id, name, website: { url } });
      expect(await snapshot(target.id)).toMatchObject({ name, url });
      // The old website record went with the move (nobody else monitored it).
      expect((await w.pool.query('SELECT 1 FROM websites WHERE id = $1', [target.websiteId])).rowCount).toBe(0);
      // Only a name.
      const renamed = await w.call(user.uid, UPDATE, { organizationWebsiteId: target.id, input: { name: 'Plain' } });
      expect(renamed.body.data.organizationWebsiteUpdate).toMatchObject({ name: 'Plain', website: { url } });
    });

    it.each([
      ['name', { name: '   ' }],
      ['name', { name: 'x'.repeat(201) }],
      ['url', { url: 'ftp://files.example' }],
      ['url', { url: 'javascript:alert(1)' }],
      ['input', {}],
    ])('rejects a bad %s (BAD_USER_INPUT), nothing changes', async (field, input) => {
      const id = w.site.northwind;
      const before = await snapshot(id);
      const response = await w.call(ADMIN.uid, UPDATE, { organizationWebsiteId: id, input });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(await snapshot(id)).toEqual(before);
    });

    it('refuses an address the organization monitors already (BAD_USER_INPUT url), nothing changes', async () => {
      const a = await createOrganizationWebsite(w.pool, w.orgs.northwind!);
      const b = await createOrganizationWebsite(w.pool, w.orgs.northwind!);
      const taken = (await snapshot(b.id)).url;
      const before = await snapshot(a.id);
      const response = await w.call(ADMIN.uid, UPDATE, {
        organizationWebsiteId: a.id,
        input: { name: 'Changed', url: taken },
      });
      expect(response.body.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'url',
        reason: 'WEBSITE_MONITORED',
      });
      expect(await snapshot(a.id)).toEqual(before);
    });

    it.each(roleCases(OWNERS))("%s: another organization's website is NOT_FOUND and stays", async (_role, user) => {
      const before = await snapshot(w.site.bohemia);
      expect(
        codes(await w.call(user.uid, UPDATE, { organizationWebsiteId: w.site.bohemia, input: { name: 'Taken over' } })),
      ).toEqual(['NOT_FOUND']);
      expect(await snapshot(w.site.bohemia)).toEqual(before);
    });

    it.each(roleCases(READERS_ONLY))('%s may not update (FORBIDDEN), nothing changes', async (_role, user) => {
      const id = w.site[ownSlug(user)];
      const before = await snapshot(id);
      expect(codes(await w.call(user.uid, UPDATE, { organizationWebsiteId: id, input: { name: 'Nope' } }))).toEqual([
        'FORBIDDEN',
      ]);
      expect(await snapshot(id)).toEqual(before);
    });
  });

  describe('OrganizationWebsiteApiKeyRotate', () => {
    it.each(roleCases([ADMIN, ...OWNERS]))('%s gets a new key once; the old one is gone', async (_role, user) => {
      const target = await createOrganizationWebsite(w.pool, w.orgs.northwind!);
      const old = (await snapshot(target.id)).api_key;
      const response = await w.call(user.uid, ROTATE, { organizationWebsiteId: target.id });
      expect(response.body.errors).toBeUndefined();
      const key = response.body.data.organizationWebsiteApiKeyRotate.apiKey;
      expect(key).toMatch(/^owk_[0-9a-f]{64}$/);
      expect(key).not.toBe(old);
      expect((await snapshot(target.id)).api_key).toBe(key);
      expect((await w.pool.query('SELECT 1 FROM organization_websites WHERE api_key = $1', [old])).rowCount).toBe(0);
    });

    it.each(roleCases(MEMBERS))(
      "%s: another organization's website is NOT_FOUND or FORBIDDEN, its key stays",
      async (role, user) => {
        const id = w.site[otherSlug(user)];
        const before = await snapshot(id);
        const expected = ['Owner', 'Editor'].includes(role) ? 'NOT_FOUND' : 'FORBIDDEN';
        expect(codes(await w.call(user.uid, ROTATE, { organizationWebsiteId: id }))).toEqual([expected]);
        expect(await snapshot(id)).toEqual(before);
      },
    );

    it.each(roleCases(READERS_ONLY))('%s may not rotate its own key (FORBIDDEN)', async (_role, user) => {
      const id = w.site[ownSlug(user)];
      const before = await snapshot(id);
      expect(codes(await w.call(user.uid, ROTATE, { organizationWebsiteId: id }))).toEqual(['FORBIDDEN']);
      expect(await snapshot(id)).toEqual(before);
    });
  });
});
