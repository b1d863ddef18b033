/**
 * Competitors: list (search, filters, sort, paging), detail (Admin) and monitored view (Owner),
 * create within the plan's limit, update, delete, CSV import of competitor products; every
 * role, own and other organization, bad input, nothing changed by a refused mutation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { codes, createOrganizationWebsite } from './helpers.ts';
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
  'id name url matchingMode active scrapingFrequency createdAt productsCount lastDataAt organizationWebsite { id }';
const MONITORING = 'monitoring { matchedProducts waitingMatches cheaper equal dearer averageDifferencePercent }';
const LIST = `query CompetitorList($organizationWebsiteId: ID!, $search: String, $active: Boolean, $matchingMode: CompetitorMatchingMode, $sort: CompetitorSort, $limit: Int!, $offset: Int!) {
  competitorList(organizationWebsiteId: $organizationWebsiteId, search: $search, active: $active, matchingMode: $matchingMode, sort: $sort, limit: $limit, offset: $offset) { data { ${FIELDS} } meta { pagination { total } } } }`;
const DETAIL = `query Competitor($competitorId: ID!) { competitor(competitorId: $competitorId) { ${FIELDS} ${MONITORING} } }`;
const MONITORED = `query MonitoredCompetitor($competitorId: ID!) { monitoredCompetitor(competitorId: $competitorId) { ${FIELDS} ${MONITORING} } }`;
const CREATE = `mutation CompetitorCreate($organizationWebsiteId: ID!, $input: CompetitorInput!) { competitorCreate(organizationWebsiteId: $organizationWebsiteId, input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation CompetitorUpdate($competitorId: ID!, $input: CompetitorUpdateInput!) { competitorUpdate(competitorId: $competitorId, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation CompetitorDelete($competitorId: ID!) { competitorDelete(competitorId: $competitorId) { id name } }`;
const IMPORT = `mutation CompetitorProductsImport($competitorId: ID!, $csv: String!) { competitorProductsImport(competitorId: $competitorId, csv: $csv) { rows inserted updated unchanged skipped refreshedProducts errors { line field code reason firstLine } } }`;
const HEADER = 'external_id,name,brand,ean,mpn,price,currency,availability,url';

let unique = 0;
const uniqueUrl = (prefix: string) => `https://${prefix}-${process.pid}-${Date.now()}-${++unique}.example`;

describe.each(engines)('Competitors on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  });
  afterAll(async () => {
    await w?.close();
  });

  const competitorsOf = async (websiteId: string) =>
    (
      await w.pool.query(
        'SELECT id, name, url, matching_mode, active, scraping_frequency, products_count FROM competitors WHERE organization_website_id = $1 ORDER BY id',
        [websiteId],
      )
    ).rows;
  const firstCompetitor = async (slug: 'northwind' | 'bohemia' | 'danube') =>
    (
      await w.pool.query('SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY name LIMIT 1', [
        w.site[slug],
      ])
    ).rows[0].id as string;
  const competitorTables = async () =>
    (
      await w.pool.query(
        `SELECT (SELECT count(*)::int FROM competitors) c, (SELECT count(*)::int FROM competitor_products) cp, (SELECT count(*)::int FROM competitor_price_history) h, (SELECT count(*)::int FROM product_matches) m`,
      )
    ).rows[0];

  describe('CompetitorList', () => {
    it.each(roleCases([ADMIN, ...OWNERS]))(
      '%s lists the website competitors, by name, with total and counts',
      async (_role, user) => {
        const response = await w.call(user.uid, LIST, {
          organizationWebsiteId: w.site.northwind,
          limit: 50,
          offset: 0,
        });
        expect(response.body.errors).toBeUndefined();
        const { data, meta } = response.body.data.competitorList;
        const stored = await competitorsOf(w.site.northwind);
        expect(meta.pagination.total).toBe(stored.length);
        expect(data.map((c: any) => c.name)).toEqual(stored.map((c) => c.name).sort());
        for (const c of data) {
          expect(c.productsCount).toBe(stored.find((s) => s.id === c.id)!.products_count);
          expect(c.productsCount).toBeGreaterThan(0);
          expect(c.lastDataAt).not.toBeNull();
        }
      },
    );

    it('searches, filters, sorts and pages consistently', async () => {
      const site = w.site.northwind;
      const all = (await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, limit: 50, offset: 0 })).body.data
        .competitorList.data;
      const alza = (
        await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, search: ' ALZA ', limit: 50, offset: 0 })
      ).body.data.competitorList;
      expect(alza.data.map((c: any) => c.name)).toEqual(['Alza.cz']);
      expect(alza.meta.pagination.total).toBe(1);
      const automatic = (
        await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, matchingMode: 'automatic', limit: 50, offset: 0 })
      ).body.data.competitorList;
      expect(automatic.data.every((c: any) => c.matchingMode === 'automatic')).toBe(true);
      expect(automatic.meta.pagination.total).toBe(all.filter((c: any) => c.matchingMode === 'automatic').length);
      const inactive = (
        await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, active: false, limit: 50, offset: 0 })
      ).body.data.competitorList;
      expect(inactive.meta.pagination.total).toBe(all.filter((c: any) => !c.active).length);
      const byCount = (
        await w.call(ADMIN.uid, LIST, {
          organizationWebsiteId: site,
          sort: 'PRODUCTS_COUNT_DESC',
          limit: 50,
          offset: 0,
        })
      ).body.data.competitorList.data;
      const counts = byCount.map((c: any) => c.productsCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const desc = (
        await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, sort: 'NAME_DESC', limit: 50, offset: 0 })
      ).body.data.competitorList.data;
      expect(desc.map((c: any) => c.id)).toEqual([...all].reverse().map((c: any) => c.id));
      const page = (await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, limit: 1, offset: 1 })).body.data
        .competitorList;
      expect(page.data.map((c: any) => c.id)).toEqual([all[1].id]);
      expect(page.meta.pagination.total).toBe(all.length);
      const past = (await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, limit: 5, offset: 100 })).body.data
        .competitorList;
      expect(past).toEqual({ data: [], meta: { pagination: { total: all.length } } });
    });

    it.each(roleCases(OWNERS))("%s: another organization's website is NOT_FOUND", async (_role, user) => {
      expect(
        codes(await w.call(user.uid, LIST, { organizationWebsiteId: w.site.bohemia, limit: 10, offset: 0 })),
      ).toEqual(['NOT_FOUND']);
    });

    it.each(roleCases(READERS_ONLY))('%s may not list competitors (FORBIDDEN)', async (_role, user) => {
      expect(
        codes(await w.call(user.uid, LIST, { organizationWebsiteId: w.site[ownSlug(user)], limit: 10, offset: 0 })),
      ).toEqual(['FORBIDDEN']);
    });

    it.each([
      ['limit', { limit: 0, offset: 0 }],
      ['offset', { limit: 10, offset: -1 }],
      ['search', { limit: 10, offset: 0, search: 'x'.repeat(201) }],
      ['organizationWebsiteId', { limit: 10, offset: 0, organizationWebsiteId: 'x' }],
    ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
      const response = await w.call(ADMIN.uid, LIST, { organizationWebsiteId: w.site.northwind, ...variables });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    });
  });

  describe('Competitor (Admin) and MonitoredCompetitor (Owner)', () => {
    it('the monitoring numbers agree with the matches', async () => {
      const id = await firstCompetitor('northwind');
      const response = await w.call(ADMIN.uid, DETAIL, { competitorId: id });
      expect(response.body.errors).toBeUndefined();
      const { rows } = await w.pool.query(
        `SELECT count(*) FILTER (WHERE m.status = 'MATCHED')::int AS matched, count(*) FILTER (WHERE m.status = 'WAITING')::int AS waiting,
                count(*) FILTER (WHERE m.status = 'MATCHED' AND p.price < cp.price)::int AS cheaper,
                count(*) FILTER (WHERE m.status = 'MATCHED' AND p.price > cp.price)::int AS dearer
           FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id JOIN products p ON p.id = m.product_id
          WHERE cp.competitor_id = $1`,
        [id],
      );
      const monitoring = response.body.data.competitor.monitoring;
      expect(monitoring).toMatchObject({
        matchedProducts: rows[0].matched,
        waitingMatches: rows[0].waiting,
        cheaper: rows[0].cheaper,
        dearer: rows[0].dearer,
      });
      expect(monitoring.matchedProducts).toBeGreaterThan(0);
      expect(monitoring.cheaper + monitoring.equal + monitoring.dearer).toBe(monitoring.matchedProducts);
      expect(typeof monitoring.averageDifferencePercent).toBe('number');
    });

    it.each(roleCases(OWNERS))(
      '%s reads the monitored view of its own competitor, not the detail',
      async (_role, user) => {
        const id = await firstCompetitor('northwind');
        const monitored = await w.call(user.uid, MONITORED, { competitorId: id });
        expect(monitored.body.errors).toBeUndefined();
        expect(monitored.body.data.monitoredCompetitor).toMatchObject({
          id,
          organizationWebsite: { id: w.site.northwind },
        });
        expect(codes(await w.call(user.uid, DETAIL, { competitorId: id }))).toEqual(['FORBIDDEN']);
        expect(codes(await w.call(user.uid, MONITORED, { competitorId: await firstCompetitor('bohemia') }))).toEqual([
          'NOT_FOUND',
        ]);
      },
    );

    it.each(roleCases(READERS_ONLY))('%s reads neither (FORBIDDEN)', async (_role, user) => {
      const id = await firstCompetitor(ownSlug(user));
      expect(codes(await w.call(user.uid, MONITORED, { competitorId: id }))).toEqual(['FORBIDDEN']);
      expect(codes(await w.call(user.uid, DETAIL, { competitorId: id }))).toEqual(['FORBIDDEN']);
    });

    it('rejects a bad id; an unknown one is NOT_FOUND', async () => {
      expect((await w.call(ADMIN.uid, DETAIL, { competitorId: '1' })).body.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'competitorId',
      });
      expect(codes(await w.call(ADMIN.uid, DETAIL, { competitorId: '00000000-0000-4000-8000-000000000000' }))).toEqual([
        'NOT_FOUND',
      ]);
    });
  });

  describe('CompetitorCreate, CompetitorUpdate, CompetitorDelete', () => {
    it.each(roleCases([ADMIN, ...OWNERS]))(
      '%s adds, changes and deletes a competitor of its own website',
      async (role, user) => {
        const url = uniqueUrl(role.toLowerCase());
        const created = await w.call(user.uid, CREATE, {
          organizationWebsiteId: w.site.northwind,
          input: { name: ` <i>Shop</i> ${role} `, url },
        });
        expect(created.body.errors).toBeUndefined();
        const competitor = created.body.data.competitorCreate;
        expect(competitor).toMatchObject({
          name: `<i>Shop</i> ${role}`,
          url,
          matchingMode: 'confirmation',
          active: true,
          scrapingFrequency: 'daily',
          productsCount: 0,
          lastDataAt: null,
        });
        const updated = await w.call(user.uid, UPDATE, {
          competitorId: competitor.id,
          input: { matchingMode: 'automatic', active: false, scrapingFrequency: 'hourly' },
        });
        expect(updated.body.data.competitorUpdate).toMatchObject({
          name: competitor.name,
          url,
          matchingMode: 'automatic',
          active: false,
          scrapingFrequency: 'hourly',
        });
        const deleted = await w.call(user.uid, DELETE, { competitorId: competitor.id });
        expect(deleted.body.data.competitorDelete).toEqual({ id: competitor.id, name: competitor.name });
        expect((await w.pool.query('SELECT 1 FROM competitors WHERE id = $1', [competitor.id])).rowCount).toBe(0);
      },
    );

    it.each([
      ['name', { name: ' ', url: 'https://a.example' }],
      ['name', { name: 'n'.repeat(201), url: 'https://a.example' }],
      ['url', { name: 'Shop', url: 'ftp://a.example' }],
      ['url', { name: 'Shop', url: 'shop.example' }],
    ])('create rejects a bad %s (BAD_USER_INPUT), nothing is written', async (field, input) => {
      const before = await competitorTables();
      const response = await w.call(ADMIN.uid, CREATE, { organizationWebsiteId: w.site.northwind, input });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(await competitorTables()).toEqual(before);
    });

    it('an address the website has already is BAD_USER_INPUT url, on create and update', async () => {
      const [a, b] = (await competitorsOf(w.site.northwind)).slice(0, 2);
      const before = await competitorsOf(w.site.northwind);
      const created = await w.call(ADMIN.uid, CREATE, {
        organizationWebsiteId: w.site.northwind,
        input: { name: 'Copy', url: a.url },
      });
      // with the reason the console words in the user's language (graphql/errors.ts)
      const refusal = { code: 'BAD_USER_INPUT', field: 'url', reason: 'COMPETITOR_URL_TAKEN', values: {} };
      expect(created.body.errors![0]!.extensions).toMatchObject(refusal);
      const updated = await w.call(ADMIN.uid, UPDATE, { competitorId: b.id, input: { name: 'Renamed', url: a.url } });
      expect(updated.body.errors![0]!.extensions).toMatchObject(refusal);
      expect(await competitorsOf(w.site.northwind)).toEqual(before);
    });

    it('update rejects an empty change and bad fields', async () => {
      const id = await firstCompetitor('northwind');
      expect(
        (await w.call(ADMIN.uid, UPDATE, { competitorId: id, input: {} })).body.errors![0]!.extensions,
      ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input' });
      expect(
        (await w.call(ADMIN.uid, UPDATE, { competitorId: id, input: { name: '' } })).body.errors![0]!.extensions,
      ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    });

    it("the plan's competitors limit refuses one too many (PLAN_LIMIT_EXCEEDED), writing nothing", async () => {
      const { rows } = await w.pool.query(
        `INSERT INTO organizations (slug, name, plan) VALUES ($1, 'Small Shop', 'starter') RETURNING id`,
        [`small-${engine.name}-${Date.now()}`],
      );
      const site = await createOrganizationWebsite(w.pool, rows[0].id);
      for (let i = 0; i < 10; i += 1) {
        const response = await w.call(ADMIN.uid, CREATE, {
          organizationWebsiteId: site.id,
          input: { name: `Rival ${i}`, url: uniqueUrl('rival') },
        });
        expect(response.body.errors).toBeUndefined();
      }
      const before = await competitorTables();
      const refused = await w.call(ADMIN.uid, CREATE, {
        organizationWebsiteId: site.id,
        input: { name: 'Rival 11', url: uniqueUrl('rival') },
      });
      expect(codes(refused)).toEqual(['PLAN_LIMIT_EXCEEDED']);
      expect(refused.body.errors![0]!.extensions).toMatchObject({ limit: 'competitors', max: 10 });
      expect(await competitorTables()).toEqual(before);
    });

    it.each(roleCases(OWNERS))(
      "%s: another organization's competitors and websites are NOT_FOUND, nothing changes",
      async (_role, user) => {
        const id = await firstCompetitor('bohemia');
        const before = await competitorTables();
        const stored = await competitorsOf(w.site.bohemia);
        expect(
          codes(
            await w.call(user.uid, CREATE, {
              organizationWebsiteId: w.site.bohemia,
              input: { name: 'X', url: uniqueUrl('x') },
            }),
          ),
        ).toEqual(['NOT_FOUND']);
        expect(codes(await w.call(user.uid, UPDATE, { competitorId: id, input: { name: 'Mine now' } }))).toEqual([
          'NOT_FOUND',
        ]);
        expect(codes(await w.call(user.uid, DELETE, { competitorId: id }))).toEqual(['NOT_FOUND']);
        expect(codes(await w.call(user.uid, IMPORT, { competitorId: id, csv: `${HEADER}\nZ,Z,,,,1,,,\n` }))).toEqual([
          'NOT_FOUND',
        ]);
        expect(await competitorTables()).toEqual(before);
        expect(await competitorsOf(w.site.bohemia)).toEqual(stored);
      },
    );

    it.each(roleCases(READERS_ONLY))(
      '%s may not write competitors (FORBIDDEN), nothing changes',
      async (_role, user) => {
        const id = await firstCompetitor(ownSlug(user));
        const before = await competitorTables();
        expect(
          codes(
            await w.call(user.uid, CREATE, {
              organizationWebsiteId: w.site[ownSlug(user)],
              input: { name: 'X', url: uniqueUrl('x') },
            }),
          ),
        ).toEqual(['FORBIDDEN']);
        expect(codes(await w.call(user.uid, UPDATE, { competitorId: id, input: { name: 'Mine now' } }))).toEqual([
          'FORBIDDEN',
        ]);
        expect(codes(await w.call(user.uid, DELETE, { competitorId: id }))).toEqual(['FORBIDDEN']);
        expect(codes(await w.call(user.uid, IMPORT, { competitorId: id, csv: `${HEADER}\nZ,Z,,,,1,,,\n` }))).toEqual([
          'FORBIDDEN',
        ]);
        expect(await competitorTables()).toEqual(before);
      },
    );

    it('deleting a competitor refreshes the rollups of products matched to it', async () => {
      const { rows } = await w.pool.query(
        `SELECT c.id FROM competitors c WHERE c.organization_website_id = $1 ORDER BY c.name DESC LIMIT 1`,
        [w.site.northwind],
      );
      const id = rows[0].id;
      const deleted = await w.call(ADMIN.uid, DELETE, { competitorId: id });
      expect(deleted.body.errors).toBeUndefined();
      const stale = await w.pool.query(
        `SELECT count(*)::int AS n FROM products p WHERE p.organization_website_id = $1 AND p.matched_count <>
           (SELECT count(*) FROM product_matches m WHERE m.product_id = p.id AND m.status = 'MATCHED')`,
        [w.site.northwind],
      );
      expect(stale.rows[0].n).toBe(0);
    });
  });

  describe('CompetitorProductsImport', () => {
    it('upserts valid rows, reports bad ones per line, appends prices, refreshes matched rollups', async () => {
      const id = await firstCompetitor('danube');
      // A competitor product MATCHED to one of our products: its new price must reach the product's rollup.
      const { rows } = await w.pool.query(
        `SELECT cp.external_id, p.id AS product_id FROM competitor_products cp JOIN product_matches m ON m.competitor_product_id = cp.id AND m.status = 'MATCHED'
           JOIN products p ON p.id = m.product_id WHERE cp.competitor_id = $1 ORDER BY cp.external_id LIMIT 1`,
        [id],
      );
      const { external_id: matchedId, product_id: productId } = rows[0];
      const before = await competitorTables();
      const csv = [
        HEADER,
        `${matchedId},"Updated name, cheaper",Sony,,,"0,50",EUR,in_stock,https://rival.example/a`,
        `NEW-1,<script>alert(1)</script>,Brand,4006381333931,M1,19.99,eur,out of stock,`,
        `NEW-2,No price,,,,,EUR,,`,
        `NEW-3,Bad EAN,,1234567890123,,5,EUR,,`,
        `NEW-1,Repeated,,,,3,EUR,,`,
        '',
        `NEW-4,After a blank line,,,,7,EUR,preorder,`,
      ].join('\n');
      const response = await w.call(ADMIN.uid, IMPORT, { competitorId: id, csv });
      expect(response.body.errors).toBeUndefined();
      const result = response.body.data.competitorProductsImport;
      expect(result).toMatchObject({ rows: 6, inserted: 2, updated: 1, unchanged: 0, skipped: 3 });
      expect(result.errors).toEqual([
        { line: 4, field: 'price', code: 'REQUIRED', reason: 'is required', firstLine: null },
        { line: 5, field: 'ean', code: 'NOT_A_GTIN', reason: expect.stringMatching(/EAN/), firstLine: null },
        { line: 6, field: 'external_id', code: 'REPEATS', reason: 'repeats line 3', firstLine: 3 },
      ]);
      expect(result.refreshedProducts).toBeGreaterThanOrEqual(1);
      const after = await competitorTables();
      expect(after.cp).toBe(before.cp + 2);
      expect(after.h).toBe(before.h + 3);
      const stored = (
        await w.pool.query(
          `SELECT external_id, name, gtin, price, currency, availability FROM competitor_products WHERE competitor_id = $1 AND external_id = ANY($2) ORDER BY external_id`,
          [id, ['NEW-1', 'NEW-4', matchedId]],
        )
      ).rows;
      expect(stored.find((r) => r.external_id === 'NEW-1')).toMatchObject({
        name: '<script>alert(1)</script>',
        gtin: '04006381333931',
        price: '19.99',
        currency: 'EUR',
        availability: 'out_of_stock',
      });
      expect(stored.find((r) => r.external_id === matchedId)).toMatchObject({
        name: 'Updated name, cheaper',
        price: '0.50',
      });
      const product = (await w.pool.query('SELECT competitor_min_price FROM products WHERE id = $1', [productId]))
        .rows[0];
      expect(product.competitor_min_price).toBe('0.50');
      const count = (await w.pool.query('SELECT products_count FROM competitors WHERE id = $1', [id])).rows[0]
        .products_count;
      expect(count).toBe(
        (await w.pool.query('SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1', [id]))
          .rows[0].n,
      );

      // The same valid rows again: nothing new but the observation ("last seen"), no history row.
      const again = (
        await w.call(ADMIN.uid, IMPORT, {
          competitorId: id,
          csv: [HEADER, `NEW-4,After a blank line,,,,7,EUR,preorder,`].join('\n'),
        })
      ).body.data.competitorProductsImport;
      expect(again).toMatchObject({ rows: 1, inserted: 0, updated: 0, unchanged: 1, skipped: 0, errors: [] });
      expect((await competitorTables()).h).toBe(after.h);
    });

    const historyOf = async (competitorId: string, externalId: string) =>
      (
        await w.pool.query(
          `SELECT h.price, h.currency, h.availability FROM competitor_price_history h JOIN competitor_products cp ON cp.id = h.competitor_product_id
            WHERE cp.competitor_id = $1 AND cp.external_id = $2 ORDER BY h.seen_at`,
          [competitorId, externalId],
        )
      ).rows;
    const importCsv = async (competitorId: string, lines: string[]) => {
      const response = await w.call(ADMIN.uid, IMPORT, { competitorId, csv: [HEADER, ...lines].join('\n') });
      expect(response.body.errors).toBeUndefined();
      return response.body.data.competitorProductsImport;
    };

    // The same rule as a scraper run (api/src/monitoring/README.md, "What a run writes").
    it('writes price history per change of price, currency or availability, not per imported row', async () => {
      const competitorId = await firstCompetitor('danube');
      const tag = `H${process.pid}-${Date.now()}`;
      const first = await importCsv(competitorId, [
        `${tag}-A,Kettle,Acme,,,100,EUR,in_stock,`,
        `${tag}-B,Toaster,Acme,,,50,EUR,in_stock,`,
      ]);
      expect(first).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, errors: [] });
      expect(await historyOf(competitorId, `${tag}-A`)).toEqual([
        { price: '100.00', currency: 'EUR', availability: 'in_stock' },
      ]);
      const seenBefore = (
        await w.pool.query(`SELECT seen_at FROM competitor_products WHERE competitor_id = $1 AND external_id = $2`, [
          competitorId,
          `${tag}-B`,
        ])
      ).rows[0].seen_at as Date;

      // Same prices again, one with a new name: no history row, "last seen" moves.
      const again = await importCsv(competitorId, [
        `${tag}-A,Kettle,Acme,,,100,EUR,in_stock,`,
        `${tag}-B,Toaster 2000,Acme,,,50,EUR,in_stock,`,
      ]);
      expect(again).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
      expect(await historyOf(competitorId, `${tag}-A`)).toHaveLength(1);
      expect(await historyOf(competitorId, `${tag}-B`)).toHaveLength(1);
      const seenAfter = (
        await w.pool.query(`SELECT seen_at FROM competitor_products WHERE competitor_id = $1 AND external_id = $2`, [
          competitorId,
          `${tag}-B`,
        ])
      ).rows[0].seen_at as Date;
      expect(seenAfter.getTime()).toBeGreaterThan(seenBefore.getTime());

      // A price change on A, an availability change on B: one row each, with what changed.
      await importCsv(competitorId, [
        `${tag}-A,Kettle,Acme,,,89.90,EUR,in_stock,`,
        `${tag}-B,Toaster 2000,Acme,,,50,EUR,out of stock,`,
      ]);
      expect(await historyOf(competitorId, `${tag}-A`)).toEqual([
        { price: '100.00', currency: 'EUR', availability: 'in_stock' },
        { price: '89.90', currency: 'EUR', availability: 'in_stock' },
      ]);
      expect((await historyOf(competitorId, `${tag}-B`)).map((r) => r.availability)).toEqual([
        'in_stock',
        'out_of_stock',
      ]);

      // A currency change is a change too.
      await importCsv(competitorId, [`${tag}-A,Kettle,Acme,,,89.90,CZK,in_stock,`]);
      expect((await historyOf(competitorId, `${tag}-A`)).map((r) => r.currency)).toEqual(['EUR', 'EUR', 'CZK']);
    });

    it.each([
      ['', /empty/],
      ['external_id,name\nA,B', /price/],
      [`${HEADER}\n"never closed`, /not closed/],
      ['x'.repeat(5 * 1024 * 1024 + 1), /MB/],
    ])('refuses a bad file whole (BAD_USER_INPUT csv), nothing is written', async (csv, reason) => {
      const id = await firstCompetitor('danube');
      const before = await competitorTables();
      const response = await w.call(ADMIN.uid, IMPORT, { competitorId: id, csv });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'csv' });
      expect(response.body.errors![0]!.message).toMatch(reason);
      expect(await competitorTables()).toEqual(before);
    });

    it.each(roleCases(OWNERS))('%s imports into its own competitor', async (role, user) => {
      const id = await firstCompetitor('northwind');
      const response = await w.call(user.uid, IMPORT, {
        competitorId: id,
        csv: `${HEADER}\n${role}-1,Stan ${role},Husky,,,1 999 Kč,CZK,skladem,\n`,
      });
      expect(response.body.data.competitorProductsImport).toMatchObject({ rows: 1, inserted: 1, errors: [] });
    });
  });

  it.each(roleCases(MEMBERS))('%s: the other organization is out of reach', async (role, user) => {
    const response = await w.call(user.uid, LIST, {
      organizationWebsiteId: w.site[otherSlug(user)],
      limit: 10,
      offset: 0,
    });
    expect(codes(response)).toEqual([['Owner', 'Editor'].includes(role) ? 'NOT_FOUND' : 'FORBIDDEN']);
  });
});
