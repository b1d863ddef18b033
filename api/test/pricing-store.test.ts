/**
 * The pricing store on both engines: a rule's product filters select in SQL exactly what the
 * engine's predicate selects, and the triggers of migration 060 mark what changes a suggestion
 * (single products, or the whole website for a large statement) only where an Active rule exists;
 * suggestions are written only when new or changed, and go with their product, website and rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { selectorOf } from '../src/pricing/engine/index.ts';
import type { ProductSelection } from '../src/pricing/engine/types.ts';
import { selectionCondition } from '../src/pricing/store/selection-sql.ts';
import { writeSuggestions } from '../src/pricing/store/write.ts';
import { loadProductPage, PRODUCT_SORTS, productConditions } from '../src/catalogue/product-query.ts';
import { availableEngines } from './engines.ts';
import { createOrganizationWebsite } from './helpers.ts';

const engines = await availableEngines();

const selection = (extra: Partial<ProductSelection>): ProductSelection => ({
  brands: [],
  categories: [],
  priceMin: null,
  priceMax: null,
  availability: 'ANY',
  includeProductIds: [],
  excludeProductIds: [],
  ...extra,
});

describe.each(engines)('Pricing store on $name', (engine) => {
  let db: Database;
  let site: string;
  let products: Array<{
    id: string;
    brand: string | null;
    category: string | null;
    price: number | null;
    stock: number | null;
    cost: null;
    map: null;
    rrp: null;
    currency: string;
    active: boolean;
  }>;
  beforeAll(async () => {
    db = await engine.open();
    await migrate(db.pool);
    const { rows } = await db.pool.query(
      `INSERT INTO organizations (slug, name) VALUES ('pricing-store', 'Pricing store') RETURNING id`,
    );
    site = (await createOrganizationWebsite(db.pool, rows[0].id)).id;
    await db.pool.query(
      `INSERT INTO products (organization_website_id, item_id, name, brand, category, price, stock, active)
       SELECT $1, 'P' || i, 'Product ' || i, (ARRAY['Sony', 'sony', 'JBL', NULL])[1 + i % 4], (ARRAY['Audio', 'TV', NULL])[1 + i % 3],
              CASE WHEN i % 11 = 0 THEN NULL ELSE 50 * i END, (ARRAY[NULL, 0, 3, -1])[1 + i % 4], i % 13 <> 0
         FROM generate_series(1, 60) AS i`,
      [site],
    );
    products = (
      await db.pool.query(
        'SELECT id, brand, category, price::float8 AS price, stock, currency, active FROM products WHERE organization_website_id = $1',
        [site],
      )
    ).rows.map((p) => ({
      ...p,
      cost: null,
      map: null,
      rrp: null,
    }));
  });
  afterAll(async () => {
    await db?.close();
  });

  const cases: Array<[string, (ids: string[]) => Partial<ProductSelection>]> = [
    ['everything', () => ({})],
    ['a brand, any case', () => ({ brands: ['SONY'] })],
    ['brands and a category', () => ({ brands: ['jbl', 'Sony'], categories: ['audio'] })],
    ['a price range', () => ({ priceMin: 500, priceMax: 1500 })],
    ['in stock', () => ({ availability: 'IN_STOCK' })],
    ['out of stock (no figure counts)', () => ({ availability: 'OUT_OF_STOCK' })],
    [
      'includes and excludes',
      (ids) => ({ brands: ['JBL'], includeProductIds: ids.slice(0, 3), excludeProductIds: ids.slice(3, 9) }),
    ],
  ];
  it.each(cases)('%s: SQL and engine select the same products', async (_, make) => {
    const sel = selection(make(products.map((p) => p.id)));
    const where = selectionCondition(sel, 2);
    const { rows } = await db.pool.query(
      `SELECT p.id FROM products p WHERE p.organization_website_id = $1 AND ${where.sql}`,
      [site, ...where.params],
    );
    const select = selectorOf(sel);
    const expected = products
      .filter((p) => p.active && select(p))
      .map((p) => p.id)
      .sort();
    expect(rows.map((r) => r.id).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('marks changed products only while the website has an Active rule; a large statement queues the website', async () => {
    const dirty = async () =>
      (
        await db.pool.query(
          'SELECT count(*)::int AS n FROM price_suggestion_dirty WHERE organization_website_id = $1',
          [site],
        )
      ).rows[0].n as number;
    await db.pool.query('UPDATE products SET price = price + 1 WHERE organization_website_id = $1 AND item_id = $2', [
      site,
      'P1',
    ]);
    expect(await dirty()).toBe(0);
    const json = (value: unknown) => JSON.stringify(value);
    await db.pool.query(
      `INSERT INTO price_rules (organization_website_id, name, status, priority, products, competitors, strategy, bounds, rounding) VALUES ($1, 'r', 'ACTIVE', 1, $2, '{}', '{}', '{}', '{}')`,
      [site, json(selection({}))],
    );
    await db.pool.query(
      'UPDATE products SET price = price + 1 WHERE organization_website_id = $1 AND item_id = ANY($2)',
      [site, ['P1', 'P2']],
    );
    expect(await dirty()).toBe(2);
    const first = (
      await db.pool.query(
        'SELECT marked_at::text AS at FROM price_suggestion_dirty WHERE organization_website_id = $1 ORDER BY product_id LIMIT 1',
        [site],
      )
    ).rows[0].at;
    await db.pool.query('UPDATE products SET cost = 1 WHERE organization_website_id = $1 AND item_id = ANY($2)', [
      site,
      ['P1', 'P2'],
    ]);
    const again = (
      await db.pool.query(
        'SELECT marked_at::text AS at FROM price_suggestion_dirty WHERE organization_website_id = $1 ORDER BY product_id LIMIT 1',
        [site],
      )
    ).rows[0].at;
    expect(await dirty()).toBe(2);
    expect(again > first).toBe(true);
    await db.pool.query(
      `INSERT INTO products (organization_website_id, item_id, name, price) SELECT $1, 'bulk-' || i, 'Bulk ' || i, 10 FROM generate_series(1, 5001) AS i`,
      [site],
    );
    expect(await dirty()).toBe(2);
    expect(
      (await db.pool.query('SELECT state FROM price_suggestion_recomputes WHERE organization_website_id = $1', [site]))
        .rows,
    ).toEqual([{ state: 'QUEUED' }]);
  });

  it('the products list sorted by the suggested change holds the rows of the plain query on every path (walk, bounded walk, sorted matches)', async () => {
    // Suggestions with ties, some without a change (NULL) and products without any.
    await db.pool.query(
      `INSERT INTO price_suggestions (product_id, organization_website_id, current_price, suggested_price, change, change_percent, currency, outcome, explanation)
       SELECT p.id, p.organization_website_id, 100, 100, 1, CASE WHEN n % 5 = 0 THEN NULL ELSE (n % 7) - 3 END, 'CZK', 'CHANGE_SUGGESTED', '[]'
         FROM (SELECT id, organization_website_id, (row_number() OVER (ORDER BY item_id))::int AS n FROM products WHERE organization_website_id = $1) p WHERE n % 3 <> 0`,
      [site],
    );
    try {
      for (const filter of [null, { brand: 'Sony' }, { hasSuggestion: true }]) {
        const conditions = productConditions(site, filter);
        for (const sort of ['SUGGESTED_CHANGE_ASC', 'SUGGESTED_CHANGE_DESC'] as const) {
          for (const limits of [{}, { exactUpTo: 3, walkBound: 4 }, { exactUpTo: 3, walkBound: 5_000 }]) {
            for (const [limit, offset] of [
              [9, 0],
              [9, 13],
              [9, 30],
              [20, 45],
            ] as const) {
              const page = await loadProductPage<{ id: string }>(
                db.pool,
                'p.id',
                conditions,
                sort,
                limit,
                offset,
                limits,
              );
              // The console's pager ends at the total: a page beyond an estimated total is not asked for.
              if (page.totalIsEstimate && offset >= page.total) continue;
              const { rows } = await db.pool.query(
                `SELECT p.id FROM products p WHERE ${conditions.where} ORDER BY ${PRODUCT_SORTS[sort]} LIMIT ${limit} OFFSET ${offset}`,
                conditions.params,
              );
              expect(
                page.rows.map((r) => r.id),
                `${JSON.stringify(filter)} ${sort} ${JSON.stringify(limits)} ${limit} at ${offset}`,
              ).toEqual(rows.map((r) => r.id));
            }
          }
        }
      }
    } finally {
      await db.pool.query('DELETE FROM price_suggestions WHERE organization_website_id = $1', [site]);
    }
  });
  /** A website of a new organization. */
  const newShop = async (slug: string, name: string): Promise<string> => {
    const { rows } = await db.pool.query('INSERT INTO organizations (slug, name) VALUES ($1, $2) RETURNING id', [
      slug,
      name,
    ]);
    return (await createOrganizationWebsite(db.pool, rows[0].id)).id;
  };
  /** A Draft rule of the website that selects every product. */
  const draftRule = async (shop: string, name: string): Promise<string> =>
    (
      await db.pool.query(
        `INSERT INTO price_rules (organization_website_id, name, status, priority, products, competitors, strategy, bounds, rounding)
         VALUES ($1, $2, 'DRAFT', 1, $3, '{}', '{}', '{}', '{}') RETURNING id`,
        [shop, name, JSON.stringify(selection({}))],
      )
    ).rows[0].id as string;
  it('writes only new or changed suggestions; a deleted rule leaves its suggestions without one; a deleted product or website takes them along (migration 062)', async () => {
    const shop = await newShop('pricing-writes', 'Pricing writes');
    const ids = (
      await db.pool.query(
        `INSERT INTO products (organization_website_id, item_id, name, price) SELECT $1, 'W' || i, 'Written ' || i, 100 * i
           FROM generate_series(1, 3) AS i RETURNING id`,
        [shop],
      )
    ).rows.map((r) => r.id as string);
    const rule = await draftRule(shop, 'Written');
    const computed = (price: number) =>
      ids.map((productId) => ({
        productId,
        ruleId: rule,
        currency: 'CZK',
        suggestion: {
          currentPrice: 100,
          suggestedPrice: price,
          change: price - 100,
          changePercent: price - 100,
          outcome: 'CHANGE_SUGGESTED' as const,
          steps: [{ code: 'result' as const, price }],
        },
      }));
    const stored = async () =>
      (
        await db.pool.query(
          `SELECT product_id, rule_id, suggested_price::float8 AS price, review, computed_at::text AS at, xmin::text AS version
             FROM price_suggestions WHERE organization_website_id = $1 ORDER BY product_id`,
          [shop],
        )
      ).rows;
    await writeSuggestions(db.pool, shop, computed(90), []);
    const first = await stored();
    expect(first.map((r) => [r.rule_id, r.price, r.review])).toEqual(ids.map(() => [rule, 90, 'PENDING']));
    await db.pool.query(`UPDATE price_suggestions SET review = 'ACCEPTED' WHERE product_id = $1`, [ids[0]]);
    const accepted = await stored();
    // The same suggestions again: no row written (the same row version), the review kept.
    await writeSuggestions(db.pool, shop, computed(90), []);
    expect(await stored()).toEqual(accepted);
    // A new price: written, the review back to PENDING.
    await writeSuggestions(db.pool, shop, computed(95), []);
    const changed = await stored();
    expect(changed.map((r) => [r.price, r.review])).toEqual(ids.map(() => [95, 'PENDING']));

    await db.pool.query('DELETE FROM price_rules WHERE id = $1', [rule]);
    expect((await stored()).map((r) => r.rule_id)).toEqual(ids.map(() => null));
    await db.pool.query('DELETE FROM products WHERE id = $1', [ids[0]]);
    expect(await stored()).toHaveLength(2);
    await db.pool.query('DELETE FROM organization_websites WHERE id = $1', [shop]);
    expect(await stored()).toHaveLength(0);
  });

  it('writes a suggestion from a placeholder price of 0.01 to 2,000,000.00, a change of 19,999,999,900 % (migration 112)', async () => {
    const shop = await newShop('pricing-far', 'Pricing far apart');
    const product = (
      await db.pool.query(
        `INSERT INTO products (organization_website_id, item_id, name, price) VALUES ($1, 'F1', 'Far apart', 0.01) RETURNING id`,
        [shop],
      )
    ).rows[0].id as string;
    const rule = await draftRule(shop, 'Far apart');
    const suggestion = {
      currentPrice: 0.01,
      suggestedPrice: 2_000_000,
      change: 1_999_999.99,
      changePercent: 19_999_999_900,
      outcome: 'CHANGE_SUGGESTED' as const,
      steps: [{ code: 'result' as const, price: 2_000_000 }],
    };
    // numeric(12, 2) held at most 9,999,999,999.99 %: the upsert of the whole batch failed.
    await writeSuggestions(db.pool, shop, [{ productId: product, ruleId: rule, currency: 'CZK', suggestion }], []);
    const { rows } = await db.pool.query(
      'SELECT suggested_price::text AS price, change_percent::text AS percent FROM price_suggestions WHERE product_id = $1',
      [product],
    );
    expect(rows).toEqual([{ price: '2000000.00', percent: '19999999900.00' }]);
  });
});
