/**
 * Aggregators (price-comparison portals) and the website's listings on them: filters, sorts,
 * paging and total agree with the database; every member reads its own website's, another
 * organization's is NOT_FOUND; bad input.
 */
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
const AGGREGATORS = `query Aggregators { aggregators { id name url } }`;
const LIST = `query AggregatorListingList($organizationWebsiteId: ID!, $aggregatorId: ID, $search: String, $rankAtMost: Int, $notListed: Boolean, $sort: AggregatorListingSort, $limit: Int!, $offset: Int!) {
  aggregatorListingList(organizationWebsiteId: $organizationWebsiteId, aggregatorId: $aggregatorId, search: $search, rankAtMost: $rankAtMost, notListed: $notListed, sort: $sort, limit: $limit, offset: $offset) {
    data { id offersCount lowestPrice ourRank differenceToLowest url seenAt aggregator { id name } product { id name brand ean price currency } }
    meta { pagination { total } } } }`;

describe.each(engines)('Aggregators on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  });
  afterAll(async () => {
    await w?.close();
  });

  const list = async (variables: Record<string, unknown>, uid = ADMIN.uid) => {
    const response = await w.call(uid, LIST, {
      organizationWebsiteId: w.site.northwind,
      limit: 1000,
      offset: 0,
      ...variables,
    });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.aggregatorListingList as { data: any[]; meta: { pagination: { total: number } } };
  };
  const count = async (where: string, params: unknown[] = []) =>
    (
      await w.pool.query(
        `SELECT count(*)::int AS n FROM aggregator_listings l JOIN products p ON p.id = l.product_id WHERE p.organization_website_id = $1 AND ${where}`,
        [w.site.northwind, ...params],
      )
    ).rows[0].n as number;

  it.each(roleCases([ADMIN, ...MEMBERS]))('%s reads the portals', async (_role, user) => {
    const response = await w.call(user.uid, AGGREGATORS);
    expect(response.body.data.aggregators.map((a: any) => a.name)).toEqual([
      'Google Shopping',
      'Heureka.cz',
      'Srovnáme.cz',
      'Zboží.cz',
    ]);
  });

  it("the demo listings agree with the shop's rank: first means our price is the lowest, a later rank a lower price", async () => {
    const { data } = await list({ notListed: false });
    expect(data.some((l) => l.ourRank === 1) && data.some((l) => l.ourRank > 1)).toBe(true);
    for (const l of data) {
      if (l.ourRank === 1) expect(l.lowestPrice).toBe(l.product.price);
      else expect(l.lowestPrice).toBeLessThan(l.product.price);
    }
  });

  it('lists listings with a total that agrees with the database, filtered and combined', async () => {
    const all = await list({});
    expect(all.meta.pagination.total).toBe(await count('true'));
    expect(all.meta.pagination.total).toBeGreaterThan(0);
    const heureka = (await w.call(ADMIN.uid, AGGREGATORS)).body.data.aggregators.find(
      (a: any) => a.name === 'Heureka.cz',
    );
    const onHeureka = await list({ aggregatorId: heureka.id });
    expect(onHeureka.data.every((l) => l.aggregator.name === 'Heureka.cz')).toBe(true);
    expect(onHeureka.meta.pagination.total).toBe(await count('l.aggregator_id = $2', [heureka.id]));
    const top3 = await list({ rankAtMost: 3 });
    expect(top3.data.every((l) => l.ourRank !== null && l.ourRank <= 3)).toBe(true);
    expect(top3.meta.pagination.total).toBe(await count('l.our_rank <= 3'));
    const unlisted = await list({ notListed: true });
    expect(unlisted.meta.pagination.total).toBe(await count('l.our_rank IS NULL'));
    expect((await list({ notListed: false })).meta.pagination.total + unlisted.meta.pagination.total).toBe(
      all.meta.pagination.total,
    );
    const sample = all.data[0];
    const bySearch = await list({ search: sample.product.brand.toLowerCase(), aggregatorId: heureka.id });
    expect(
      bySearch.data.every((l) =>
        `${l.product.name} ${l.product.brand}`.toLowerCase().includes(sample.product.brand.toLowerCase()),
      ),
    ).toBe(true);
    for (const l of all.data) {
      if (l.lowestPrice !== null && l.product.price !== null)
        expect(l.differenceToLowest).toBeCloseTo(l.product.price - l.lowestPrice, 2);
    }
  });

  it.each([
    ['LOWEST_PRICE_ASC', (l: any) => l.lowestPrice, 1],
    ['LOWEST_PRICE_DESC', (l: any) => l.lowestPrice, -1],
    ['OFFERS_COUNT_DESC', (l: any) => l.offersCount, -1],
    ['OUR_RANK_ASC', (l: any) => l.ourRank, 1],
    ['PRODUCT_NAME_DESC', (l: any) => l.product.name, -1],
  ] as const)('sort %s orders the rows, missing values last', async (sort, key, direction) => {
    const { data } = await list({ sort });
    const values = data.map(key).filter((v) => v !== null);
    expect(
      data
        .map(key)
        .slice(values.length)
        .every((v) => v === null),
    ).toBe(true);
    for (let i = 1; i < values.length; i += 1)
      expect(values[i] === values[i - 1] || values[i] > values[i - 1] === (direction === 1)).toBe(true);
    const page = await list({ sort, limit: 10, offset: 10 });
    expect(page.data.map((l) => l.id)).toEqual(data.slice(10, 20).map((l) => l.id));
  });

  it.each(roleCases(MEMBERS))(
    "%s reads its own website's listings; another organization's is NOT_FOUND",
    async (_role, user) => {
      const own = await w.call(user.uid, LIST, { organizationWebsiteId: w.site[ownSlug(user)], limit: 5, offset: 0 });
      expect(own.body.errors).toBeUndefined();
      expect(own.body.data.aggregatorListingList.meta.pagination.total).toBeGreaterThan(0);
      expect(
        codes(await w.call(user.uid, LIST, { organizationWebsiteId: w.site[otherSlug(user)], limit: 5, offset: 0 })),
      ).toEqual(['NOT_FOUND']);
    },
  );

  it.each([
    ['limit', { limit: 0 }],
    ['rankAtMost', { rankAtMost: 0 }],
    ['aggregatorId', { aggregatorId: 'heureka' }],
    ['search', { search: 'q'.repeat(201) }],
  ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
    const response = await w.call(ADMIN.uid, LIST, {
      organizationWebsiteId: w.site.northwind,
      limit: 5,
      offset: 0,
      ...variables,
    });
    expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });
});
