/**
 * Products: the list's search, filters, sorts, paging and total agree with each other and with
 * the database, and with the CSV export; the detail's offers and price history; every role,
 * own and other organization, bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/matching/csv.ts';
import { diffRating } from '../src/catalogue/product-ratings.ts';
import { availableEngines } from './engines.ts';
import { codes } from './helpers.ts';
import {
  ADMIN,
  MEMBERS,
  openCatalogueWorld,
  otherSlug,
  ownSlug,
  roleCases,
  type CatalogueWorld,
} from './catalogue-fixtures.ts';

const engines = await availableEngines();
const FIELDS = `id itemId name brand ean mpn category price currency active competitorMinPrice competitorAvgPrice competitorSeenAt
  pricePosition { difference percent } diffRating recencyContrast matchedCount waitingCount updatedAt`;
const LIST = `query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort, $limit: Int!, $offset: Int!) {
  productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort, limit: $limit, offset: $offset) { data { ${FIELDS} } meta { pagination { total totalIsEstimate } } } }`;
const DETAIL = `query Product($productId: ID!) { product(productId: $productId) { ${FIELDS}
  offers { id status score competitorProduct { id externalId name ean price currency availability seenAt competitor { id name } priceHistory { seenAt price } } } } }`;
const EXPORT = `query ProductExport($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort) { productExport(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort) { csv rows truncated } }`;

const SORTS = [
  'NAME_ASC',
  'NAME_DESC',
  'PRICE_ASC',
  'PRICE_DESC',
  'COMPETITOR_MIN_PRICE_ASC',
  'COMPETITOR_MIN_PRICE_DESC',
  'PRICE_POSITION_ASC',
  'PRICE_POSITION_DESC',
] as const;
const SORT_KEY: Record<string, (p: any) => number | string | null> = {
  NAME: (p) => p.name,
  PRICE: (p) => p.price,
  COMPETITOR_MIN_PRICE: (p) => p.competitorMinPrice,
  PRICE_POSITION: (p) => p.pricePosition?.percent ?? null,
};

describe.each(engines)('Products on $name', (engine) => {
  let w: CatalogueWorld;
  let site: string;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    site = w.site.northwind;
  });
  afterAll(async () => {
    await w?.close();
  });

  const list = async (variables: Record<string, unknown>, uid = ADMIN.uid) => {
    const response = await w.call(uid, LIST, { organizationWebsiteId: site, limit: 1000, offset: 0, ...variables });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.productList as {
      data: any[];
      meta: { pagination: { total: number; totalIsEstimate: boolean } };
    };
  };
  const count = async (where: string, params: unknown[] = []) =>
    (
      await w.pool.query(
        `SELECT count(*)::int AS n FROM products p WHERE p.organization_website_id = $1 AND ${where}`,
        [site, ...params],
      )
    ).rows[0].n as number;

  describe('ProductList', () => {
    it('lists the website products by name with an exact total and the computed columns', async () => {
      const { data, meta } = await list({});
      expect(meta.pagination).toEqual({ total: await count('true'), totalIsEstimate: false });
      expect(data.length).toBe(meta.pagination.total);
      const names = data.map((p) => p.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const p of data) {
        expect(p.diffRating).toBe(diffRating(p.pricePosition?.percent ?? null));
        if (p.competitorMinPrice === null) {
          expect(p.pricePosition).toBeNull();
          expect(p.recencyContrast).toBe('none');
        } else {
          expect(p.pricePosition.difference).toBeCloseTo(p.price - p.competitorMinPrice, 2);
          expect(p.pricePosition.percent).toBeCloseTo(
            ((p.price - p.competitorMinPrice) * 100) / p.competitorMinPrice,
            1,
          );
          expect(p.competitorAvgPrice).toBeGreaterThanOrEqual(p.competitorMinPrice);
        }
        if (p.ean) expect(p.ean).toMatch(/^859\d{10}$/);
      }
      // The demo has every rating and recency.
      expect(new Set(data.map((p) => p.diffRating))).toEqual(new Set(['unknown', 'normal', 'increased', 'high']));
      expect(new Set(data.map((p) => p.recencyContrast))).toContain('short');
    });

    it.each([
      ['HAS_MATCHED', 'p.matched_count > 0'],
      ['HAS_WAITING', 'p.waiting_count > 0'],
      ['NONE', 'p.matched_count = 0 AND p.waiting_count = 0'],
    ])('filter matchingStatus %s agrees with the database', async (matchingStatus, where) => {
      const { data, meta } = await list({ filter: { matchingStatus } });
      expect(meta.pagination.total).toBe(await count(where));
      expect(data.length).toBe(meta.pagination.total);
      expect(meta.pagination.total).toBeGreaterThan(0);
    });

    it('the diff rating filters partition the list and agree with each row', async () => {
      const all = (await list({})).meta.pagination.total;
      let sum = 0;
      for (const rating of ['unknown', 'normal', 'increased', 'high']) {
        const { data, meta } = await list({ filter: { diffRating: rating } });
        expect(data.every((p) => p.diffRating === rating)).toBe(true);
        expect(meta.pagination.total).toBeGreaterThan(0);
        sum += meta.pagination.total;
      }
      expect(sum).toBe(all);
    });

    it('brand, category and search (name, brand, EAN) filter, and combine', async () => {
      const { rows } = await w.pool.query(
        `SELECT brand, category, gtin, name FROM products WHERE organization_website_id = $1 AND gtin IS NOT NULL ORDER BY item_id LIMIT 1`,
        [site],
      );
      const sample = rows[0];
      const byBrand = await list({ filter: { brand: sample.brand } });
      expect(byBrand.meta.pagination.total).toBe(await count('p.brand = $2', [sample.brand]));
      expect(byBrand.data.every((p) => p.brand === sample.brand)).toBe(true);
      const byCategory = await list({ filter: { category: sample.category } });
      expect(byCategory.meta.pagination.total).toBe(await count('p.category = $2', [sample.category]));
      const both = await list({
        filter: { brand: sample.brand, category: sample.category, matchingStatus: 'HAS_MATCHED' },
      });
      expect(both.meta.pagination.total).toBe(
        await count('p.brand = $2 AND p.category = $3 AND p.matched_count > 0', [sample.brand, sample.category]),
      );
      const ean = sample.gtin.slice(1);
      const byEan = await list({ filter: { search: ` ${ean} ` } });
      expect(byEan.data.map((p) => p.ean)).toEqual([ean]);
      const bySearch = await list({ filter: { search: sample.brand.toUpperCase() } });
      expect(bySearch.meta.pagination.total).toBe(
        await count('(p.name ILIKE $2 OR p.brand ILIKE $2)', [`%${sample.brand}%`]),
      );
      const word = sample.name.split(' ')[0].toLowerCase();
      const byName = await list({ filter: { search: word } });
      expect(byName.data.every((p) => `${p.name} ${p.brand}`.toLowerCase().includes(word))).toBe(true);
      expect((await list({ filter: { search: '%' } })).meta.pagination.total).toBe(0);
      expect((await list({ filter: { search: '<script>' } })).meta.pagination.total).toBe(0);
    });

    it.each(SORTS)('sort %s orders the rows (missing values last) and pages without gaps', async (sort) => {
      const { data } = await list({ sort });
      const key = SORT_KEY[sort.replace(/_(ASC|DESC)$/, '')]!;
      const values = data.map(key);
      const present = values.filter((v) => v !== null);
      expect(values.slice(present.length).every((v) => v === null)).toBe(true);
      const sorted = [...present].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
      expect(present).toEqual(sort.endsWith('DESC') ? sorted.reverse() : sorted);
      const first = await list({ sort, limit: 20, offset: 0 });
      const second = await list({ sort, limit: 20, offset: 20 });
      expect([...first.data, ...second.data].map((p) => p.id)).toEqual(data.slice(0, 40).map((p) => p.id));
      expect(first.meta.pagination.total).toBe(data.length);
    });

    it('the CSV export holds exactly the rows the list shows, in its order', async () => {
      for (const [filter, sort] of [
        [{ matchingStatus: 'HAS_MATCHED', diffRating: 'high' }, 'PRICE_POSITION_DESC'],
        [{}, 'NAME_ASC'],
        [{ search: 'a' }, 'PRICE_ASC'],
      ] as const) {
        const shown = await list({ filter, sort });
        const response = await w.call(ADMIN.uid, EXPORT, { organizationWebsiteId: site, filter, sort });
        expect(response.body.errors).toBeUndefined();
        const { csv, rows, truncated } = response.body.data.productExport;
        expect(truncated).toBe(false);
        expect(rows).toBe(shown.meta.pagination.total);
        const records = parseCsv(csv);
        expect(records.map((r) => r.item_id)).toEqual(shown.data.map((p) => p.itemId));
        expect(records.map((r) => r.diff_rating)).toEqual(shown.data.map((p) => p.diffRating));
        expect(records.map((r) => (r.price === '' ? null : Number(r.price)))).toEqual(shown.data.map((p) => p.price));
      }
    });

    it('a formula-like or HTML name stays text in the list and the export', async () => {
      await w.pool.query(
        `INSERT INTO products (organization_website_id, item_id, name, brand, price) VALUES ($1, 'FORMULA-1', '=HYPERLINK("x")<b>', 'Zzz', 10)`,
        [site],
      );
      const shown = await list({ filter: { brand: 'Zzz' } });
      expect(shown.data[0].name).toBe('=HYPERLINK("x")<b>');
      const { csv } = (await w.call(ADMIN.uid, EXPORT, { organizationWebsiteId: site, filter: { brand: 'Zzz' } })).body
        .data.productExport;
      expect(parseCsv(csv)[0]!.name).toBe(`'=HYPERLINK("x")<b>`);
    });

    it.each([
      ['limit', { limit: 0 }],
      ['limit', { limit: 1001 }],
      ['offset', { offset: -1 }],
      ['filter.search', { filter: { search: 's'.repeat(201) } }],
      ['organizationWebsiteId', { organizationWebsiteId: 'x' }],
    ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
      const response = await w.call(ADMIN.uid, LIST, {
        organizationWebsiteId: site,
        limit: 10,
        offset: 0,
        ...variables,
      });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    });
  });

  describe('Product (detail)', () => {
    it('shows the matched and proposed competitor products with their price history', async () => {
      const { rows } = await w.pool.query(
        `SELECT id FROM products WHERE organization_website_id = $1 AND matched_count > 1 AND waiting_count > 0 LIMIT 1`,
        [site],
      );
      const fallback =
        rows[0] ??
        (
          await w.pool.query(
            `SELECT id FROM products WHERE organization_website_id = $1 AND matched_count > 0 LIMIT 1`,
            [site],
          )
        ).rows[0];
      const response = await w.call(ADMIN.uid, DETAIL, { productId: fallback.id });
      expect(response.body.errors).toBeUndefined();
      const product = response.body.data.product;
      const matched = product.offers.filter((o: any) => o.status === 'MATCHED');
      expect(matched.length).toBe(product.matchedCount);
      expect(product.offers.filter((o: any) => o.status === 'WAITING').length).toBe(product.waitingCount);
      expect(Math.min(...matched.map((o: any) => o.competitorProduct.price))).toBe(product.competitorMinPrice);
      for (const offer of product.offers) {
        const history = offer.competitorProduct.priceHistory;
        expect(history.length).toBeGreaterThan(1);
        const times = history.map((h: any) => h.seenAt);
        expect(times).toEqual([...times].sort());
        expect(history.at(-1).price).toBe(offer.competitorProduct.price);
        expect(offer.competitorProduct.competitor.name).toEqual(expect.any(String));
      }
    });

    it('an unknown or malformed id', async () => {
      expect(codes(await w.call(ADMIN.uid, DETAIL, { productId: '00000000-0000-4000-8000-000000000000' }))).toEqual([
        'NOT_FOUND',
      ]);
      expect((await w.call(ADMIN.uid, DETAIL, { productId: 'p1' })).body.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'productId',
      });
    });
  });

  describe.each(roleCases(MEMBERS))('%s', (_role, user) => {
    it('reads its own website products, list, detail and export', async () => {
      const own = w.site[ownSlug(user)];
      const response = await w.call(user.uid, LIST, { organizationWebsiteId: own, limit: 5, offset: 0 });
      expect(response.body.errors).toBeUndefined();
      const { data, meta } = response.body.data.productList;
      expect(meta.pagination.total).toBe(
        (await w.pool.query('SELECT count(*)::int AS n FROM products WHERE organization_website_id = $1', [own]))
          .rows[0].n,
      );
      expect((await w.call(user.uid, DETAIL, { productId: data[0].id })).body.data.product.id).toBe(data[0].id);
      expect((await w.call(user.uid, EXPORT, { organizationWebsiteId: own })).body.data.productExport.rows).toBe(
        meta.pagination.total,
      );
    });

    it("another organization's website and products are NOT_FOUND", async () => {
      const other = w.site[otherSlug(user)];
      const { rows } = await w.pool.query('SELECT id FROM products WHERE organization_website_id = $1 LIMIT 1', [
        other,
      ]);
      expect(codes(await w.call(user.uid, LIST, { organizationWebsiteId: other, limit: 5, offset: 0 }))).toEqual([
        'NOT_FOUND',
      ]);
      expect(codes(await w.call(user.uid, DETAIL, { productId: rows[0].id }))).toEqual(['NOT_FOUND']);
      expect(codes(await w.call(user.uid, EXPORT, { organizationWebsiteId: other }))).toEqual(['NOT_FOUND']);
    });
  });
});
