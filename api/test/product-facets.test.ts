/** productFacets: the brands and categories the products list filters by, with counts; roles and tenants. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const FACETS = `query ProductFacets($organizationWebsiteId: ID!, $limit: Int) {
  productFacets(organizationWebsiteId: $organizationWebsiteId, limit: $limit) { brands { value count } categories { value count } } }`;
const LIST = `query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter) {
  productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: 1, offset: 0) { meta { pagination { total } } } }`;

describe.each(engines)('Product facets on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lists every brand and category, the most frequent first, each count equal to what the list filter finds', async () => {
    const site = w.site.northwind;
    const response = await w.call(ADMIN.uid, FACETS, { organizationWebsiteId: site });
    expect(response.body.errors).toBeUndefined();
    const { brands, categories } = response.body.data.productFacets as Record<
      'brands' | 'categories',
      { value: string; count: number }[]
    >;
    const distinct = async (column: string) =>
      (
        await w.pool.query(
          `SELECT count(DISTINCT ${column})::int AS n FROM products WHERE organization_website_id = $1 AND ${column} <> ''`,
          [site],
        )
      ).rows[0].n;
    expect(brands.length).toBe(await distinct('brand'));
    expect(categories.length).toBe(await distinct('category'));
    expect(brands.length).toBeGreaterThan(1);
    for (const list of [brands, categories]) {
      const counts = list.map((facet) => facet.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
    for (const [field, facet] of [
      ['brand', brands[0]!],
      ['brand', brands.at(-1)!],
      ['category', categories[0]!],
    ] as const) {
      const listed = await w.call(ADMIN.uid, LIST, { organizationWebsiteId: site, filter: { [field]: facet.value } });
      expect(listed.body.data.productList.meta.pagination.total).toBe(facet.count);
    }
  });

  it('keeps to the limit and refuses a bad one or a malformed id, naming the field', async () => {
    const limited = await w.call(ADMIN.uid, FACETS, { organizationWebsiteId: w.site.northwind, limit: 1 });
    expect(limited.body.data.productFacets.brands).toHaveLength(1);
    expect(
      (await w.call(ADMIN.uid, FACETS, { organizationWebsiteId: w.site.northwind, limit: 0 })).body.errors![0]!
        .extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
    expect(
      (await w.call(ADMIN.uid, FACETS, { organizationWebsiteId: 'w1' })).body.errors![0]!.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'organizationWebsiteId' });
  });

  describe.each(roleCases(MEMBERS))('%s', (_role, user) => {
    it("reads its own website's facets; another organization's website is NOT_FOUND", async () => {
      const own = await w.call(user.uid, FACETS, { organizationWebsiteId: w.site[ownSlug(user)] });
      expect(own.body.errors).toBeUndefined();
      expect(own.body.data.productFacets.brands.length).toBeGreaterThan(0);
      expect(codes(await w.call(user.uid, FACETS, { organizationWebsiteId: w.site[otherSlug(user)] }))).toEqual([
        'NOT_FOUND',
      ]);
    });
  });
});
