/**
 * The products list cuts its pages several ways (catalogue/product-query.ts: walking an
 * index, collecting and sorting, a bounded walk with a fallback, search counted and cut in one
 * pass). Whichever way a page is cut, it holds exactly the rows of the plain query (every filter,
 * sort and page), and the total is exact up to the limit and an estimate above it. Small limits
 * send the demo catalogue down every way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadProductPage,
  PRODUCT_SORTS,
  productConditions,
  type PageLimits,
  type ProductSort,
} from '../src/catalogue/product-query.ts';
import type { ProductFilter } from '../src/graphql/generated/resolvers.ts';
import { availableEngines } from './engines.ts';
import { openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';

const engines = await availableEngines();
const SORTS = Object.keys(PRODUCT_SORTS) as ProductSort[];

describe.each(engines)('Product list pages on $name', (engine) => {
  let w: CatalogueWorld;
  let site: string;
  let filters: Array<[string, ProductFilter | null]>;

  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    site = w.site.northwind;
    const { rows } = await w.pool.query(
      `SELECT brand, category, substr(gtin, 2) AS ean, split_part(name, ' ', 1) AS word FROM products WHERE organization_website_id = $1 AND gtin IS NOT NULL ORDER BY item_id LIMIT 1`,
      [site],
    );
    const sample = rows[0];
    filters = [
      ['none', null],
      ['brand', { brand: sample.brand }],
      ['category', { category: sample.category }],
      ['matched', { matchingStatus: 'HAS_MATCHED' }],
      ['waiting', { matchingStatus: 'HAS_WAITING' }],
      ['no match', { matchingStatus: 'NONE' }],
      ['rating unknown', { diffRating: 'unknown' }],
      ['rating normal', { diffRating: 'normal' }],
      ['rating high', { diffRating: 'high' }],
      ['search word', { search: sample.word }],
      ['search brand', { search: sample.brand.toLowerCase() }],
      ['search EAN', { search: sample.ean }],
      ['brand + matched', { brand: sample.brand, matchingStatus: 'HAS_MATCHED' }],
      ['category + rating', { category: sample.category, diffRating: 'increased' }],
    ];
  });
  afterAll(async () => {
    await w?.close();
  });

  const reference = async (filter: ProductFilter | null, sort: ProductSort, limit: number, offset: number) => {
    const { where, params } = productConditions(site, filter);
    const ids = (
      await w.pool.query(
        `SELECT p.id FROM products p WHERE ${where} ORDER BY ${PRODUCT_SORTS[sort]} LIMIT ${limit} OFFSET ${offset}`,
        params,
      )
    ).rows.map((r) => r.id);
    const total = (await w.pool.query(`SELECT count(*)::int AS n FROM products p WHERE ${where}`, params)).rows[0]
      .n as number;
    return { ids, total };
  };

  const cases: Array<[string, PageLimits]> = [
    ['default limits', {}],
    ['estimates above 3, walks of 4 rows', { exactUpTo: 3, walkBound: 4 }],
    ['estimates above 3, long walks', { exactUpTo: 3, walkBound: 5_000 }],
  ];
  it.each(cases)('every filter, sort and page holds the rows of the plain query (%s)', async (_label, limits) => {
    const exactUpTo = limits.exactUpTo ?? 10_000;
    for (const [name, filter] of filters) {
      const conditions = productConditions(site, filter);
      for (const sort of SORTS) {
        // A page across the last products with the sorted value and the first without it.
        // The sort's leading expression (a column of products, or the suggested change's subquery).
        const column = /^(.*?) (?:ASC|DESC)\b/.exec(PRODUCT_SORTS[sort])![1];
        const { rows: valued } = await w.pool.query(
          `SELECT count(*)::int AS n FROM products p WHERE ${conditions.where} AND ${column} IS NOT NULL`,
          conditions.params,
        );
        const across = Math.max(0, valued[0].n - 4);
        for (const [limit, offset] of [
          [9, 0],
          [9, 13],
          [20, 400],
          [9, across],
        ] as const) {
          const page = await loadProductPage<{ id: string }>(w.pool, 'p.id', conditions, sort, limit, offset, limits);
          // The console's pager ends at the total: a page beyond an estimated total is not asked for.
          if (offset === across && page.totalIsEstimate && offset >= page.total) continue;
          const expected = await reference(filter, sort, limit, offset);
          const what = `${name}, ${sort}, ${limit} at ${offset}`;
          expect(
            page.rows.map((row) => row.id),
            what,
          ).toEqual(expected.ids);
          if (expected.total <= exactUpTo)
            expect(page, what).toMatchObject({ total: expected.total, totalIsEstimate: false });
          else {
            expect(page.totalIsEstimate, what).toBe(true);
            expect(page.total, what).toBeGreaterThan(exactUpTo);
          }
        }
      }
    }
  });
});
