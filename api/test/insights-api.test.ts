/**
 * Data insights through the API, on both engines, on the demo catalogue: every member reads its
 * own organization's snapshots, another organization's website is NOT_FOUND, an Admin reads any
 * (and only an Admin sees failing scrapers); bad input is a clear error; a heat-map cell's count
 * equals the products list's total with the same filters; the rollups' answer (at any tolerance)
 * equals the pairs' answer (the same selection read without the rollups).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { codes } from './helpers.ts';
import { seedInsightsHistory } from '../src/insights/demo.ts';
import {
  ADMIN,
  byRole,
  MEMBERS,
  openCatalogueWorld,
  otherSlug,
  ownSlug,
  roleCases,
  type CatalogueWorld,
} from './catalogue-fixtures.ts';

const engines = await availableEngines();

const COUNTS = 'comparison { cheaper same pricier }';
const ROW = `brand products matchedProducts coveragePercent priceIndex ${COUNTS} averageDifferencePercent cells { competitorId matchedProducts priceIndex ${COUNTS} }`;
const BRAND = `query BrandSnapshot($filter: InsightsFilter!) { brandSnapshot(filter: $filter) { competitors { id name } rows { ${ROW} } total { ${ROW} } empty updatedAt } }`;
const COMPETITOR = `query CompetitorSnapshot($filter: InsightsFilter!) { competitorSnapshot(filter: $filter) {
  rows { competitor { id name } matchedProducts overlapPercent priceIndex ${COUNTS} inStockShare lastCollectedAt dynamics { up down unchanged averageChangePercent } }
  series { day competitorId priceIndex matchedProducts } empty updatedAt } }`;
const HOME = `query HomeInsights($id: ID!) { homeInsights(organizationWebsiteId: $id) { priceIndex ${COUNTS} products matchedProducts coveragePercent suggestionsWaiting failingScrapers } }`;
const PRODUCTS = `query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter) { productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: 1, offset: 0) { meta { pagination { total totalIsEstimate } } } }`;

describe.each(engines)('Data insights API on $name', (engine) => {
  let w: CatalogueWorld;
  const owner = byRole('Owner');
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    await seedInsightsHistory(w.pool);
  }, 240_000);
  afterAll(async () => {
    await w?.close();
  });

  it.each(roleCases(MEMBERS))(
    'a %s reads its own website: brand snapshot, competitor snapshot and Home',
    async (_role, user) => {
      const site = w.site[ownSlug(user)];
      const brand = await w.call(user.uid, BRAND, { filter: { organizationWebsiteId: site } });
      expect(brand.body.errors).toBeUndefined();
      const snapshot = brand.body.data.brandSnapshot;
      const { rows } = await w.pool.query(
        'SELECT count(*)::int AS n FROM products WHERE organization_website_id = $1 AND active',
        [site],
      );
      expect(snapshot.total.products).toBe(rows[0].n);
      expect(snapshot.rows.reduce((n: number, r: { products: number }) => n + r.products, 0)).toBe(rows[0].n);
      const competitor = await w.call(user.uid, COMPETITOR, { filter: { organizationWebsiteId: site } });
      expect(competitor.body.errors).toBeUndefined();
      const home = await w.call(user.uid, HOME, { id: site });
      expect(home.body.errors).toBeUndefined();
      expect(home.body.data.homeInsights).toMatchObject({ products: rows[0].n, failingScrapers: null });
      expect(home.body.data.homeInsights.comparison).toEqual(snapshot.total.comparison);
    },
  );

  it.each(roleCases(MEMBERS))("a %s cannot read another organization's website (NOT_FOUND)", async (_role, user) => {
    const site = w.site[otherSlug(user)];
    for (const response of [
      await w.call(user.uid, BRAND, { filter: { organizationWebsiteId: site } }),
      await w.call(user.uid, COMPETITOR, { filter: { organizationWebsiteId: site } }),
      await w.call(user.uid, HOME, { id: site }),
    ]) {
      expect(codes(response)).toEqual(['NOT_FOUND']);
      expect(response.body.data).toBeNull();
    }
  });

  it("an Admin reads any organization's website and sees the failing scrapers", async () => {
    for (const slug of ['northwind', 'bohemia'] as const) {
      const home = await w.call(ADMIN.uid, HOME, { id: w.site[slug] });
      expect(home.body.errors).toBeUndefined();
      expect(typeof home.body.data.homeInsights.failingScrapers).toBe('number');
      const brand = await w.call(ADMIN.uid, BRAND, { filter: { organizationWebsiteId: w.site[slug] } });
      expect(brand.body.errors).toBeUndefined();
    }
  });

  it('bad input is a clear error: tolerance out of range or off the 0.1 steps, an unknown website or competitor', async () => {
    const site = w.site.northwind;
    for (const tolerancePercent of [-1, 50.1, 0.05]) {
      const response = await w.call(owner.uid, BRAND, { filter: { organizationWebsiteId: site, tolerancePercent } });
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0]!.message).toMatch(/tolerancePercent/);
    }
    expect(
      codes(
        await w.call(owner.uid, BRAND, { filter: { organizationWebsiteId: '00000000-0000-4000-8000-000000000000' } }),
      ),
    ).toEqual(['NOT_FOUND']);
    const foreign = (
      await w.pool.query('SELECT id FROM competitors WHERE organization_website_id <> $1 LIMIT 1', [site])
    ).rows[0]?.id;
    if (foreign) {
      const response = await w.call(owner.uid, COMPETITOR, {
        filter: { organizationWebsiteId: site, competitorIds: [foreign] },
      });
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
    }
  });

  it("the rollups' brand rows equal the pairs' at tolerances from 0 to 50 %, with and without a category filter (all competitors named: the market read from the pairs)", async () => {
    const site = w.site[ownSlug(owner)];
    const competitors = (
      await w.pool.query('SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY id', [site])
    ).rows.map((r) => r.id);
    const { rows: top } = await w.pool.query(
      `SELECT coalesce(category, '') AS category FROM products WHERE organization_website_id = $1 AND active AND matched_count > 0
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2`,
      [site],
    );
    // Every tolerance from the rollups (the differences' histograms move the default's counts:
    // per brand without a category filter, per brand and category with one), with all
    // competitors named the market from the pairs: the same brand rows and totals.
    for (const scope of [{}, { categories: top.map((r) => r.category as string) }]) {
      for (const tolerancePercent of [1, 0, 0.5, 2.5, 12.3, 50]) {
        const byRollup = await w.call(owner.uid, BRAND, {
          filter: { organizationWebsiteId: site, tolerancePercent, ...scope },
        });
        const byPairs = await w.call(owner.uid, BRAND, {
          filter: { organizationWebsiteId: site, tolerancePercent, competitorIds: competitors, ...scope },
        });
        const label = `${tolerancePercent} % ${JSON.stringify(scope)}`;
        expect(byRollup.body.errors).toBeUndefined();
        expect(byRollup.body.data.brandSnapshot.total.products, label).toBeGreaterThan(0);
        expect(byPairs.body.data.brandSnapshot.rows, label).toEqual(byRollup.body.data.brandSnapshot.rows);
        expect(byPairs.body.data.brandSnapshot.total, label).toEqual(byRollup.body.data.brandSnapshot.total);
      }
    }
  });

  it("two competitors' market (the counted products' per-competitor sums, migration 098) equals the rule read from their matched offers", async () => {
    const site = w.site[ownSlug(owner)];
    // The competitors with matched offers (ids are random: ordered by id alone, the first could be
    // one the demo matched nothing to, and the subsets below would compare nothing).
    const competitors = (
      await w.pool.query(
        `SELECT c.id FROM competitors c
          WHERE c.organization_website_id = $1
            AND EXISTS (SELECT 1 FROM product_matches m JOIN products p ON p.id = m.product_id
                         WHERE m.competitor_id = c.id AND m.status = 'MATCHED' AND p.active)
          ORDER BY c.id`,
        [site],
      )
    ).rows.map((r) => r.id as string);
    expect(competitors.length).toBeGreaterThanOrEqual(2);
    let moved = 0;
    for (const chosen of [competitors.slice(0, 2), competitors.slice(-2), [competitors[0]!]]) {
      const response = await w.call(owner.uid, BRAND, {
        filter: { organizationWebsiteId: site, competitorIds: chosen, tolerancePercent: 0.5 },
      });
      expect(response.body.errors).toBeUndefined();
      // The rule: a product's market is the average of the chosen competitors' MATCHED offers'
      // known prices, rounded to cents; compared with its own price at 0.5 %.
      const { rows } = await w.pool.query(
        `SELECT count(*)::int AS products, count(*) FILTER (WHERE x.offers > 0)::int AS matched,
                count(*) FILTER (WHERE x.d < -5)::int AS cheaper, count(*) FILTER (WHERE x.d BETWEEN -5 AND 5)::int AS same,
                count(*) FILTER (WHERE x.d > 5)::int AS pricier
           FROM (SELECT p.id, count(m.id) AS offers, insight_difference_tenths(p.price, round(avg(cp.price), 2)) AS d
                   FROM products p
                   LEFT JOIN product_matches m ON m.product_id = p.id AND m.status = 'MATCHED' AND m.competitor_id = ANY($2::uuid[])
                   LEFT JOIN competitor_products cp ON cp.id = m.competitor_product_id
                  WHERE p.organization_website_id = $1 AND p.active
                  GROUP BY p.id) x`,
        [site, chosen],
      );
      const total = response.body.data.brandSnapshot.total;
      expect(total.products).toBe(rows[0].products);
      expect(total.matchedProducts, `${chosen.length} competitors`).toBe(rows[0].matched);
      expect(total.comparison).toEqual({ cheaper: rows[0].cheaper, same: rows[0].same, pricier: rows[0].pricier });
      expect(rows[0].matched, `${chosen.length} competitors`).toBeGreaterThan(0);
      moved += rows[0].cheaper + rows[0].pricier;
    }
    expect(moved, 'some products cheaper or pricier than a subset').toBeGreaterThan(0);
  });

  it('the demo history makes the price index move: daily points over the period, dynamics counted and equal to the products list', async () => {
    const site = w.site[ownSlug(owner)];
    const response = await w.call(owner.uid, COMPETITOR, {
      filter: { organizationWebsiteId: site, period: 'LAST_90_DAYS' },
    });
    expect(response.body.errors).toBeUndefined();
    const snapshot = response.body.data.competitorSnapshot;
    expect(snapshot.empty).toBeNull();
    const first = snapshot.rows[0];
    const days = new Set(
      snapshot.series
        .filter((p: { competitorId: string }) => p.competitorId === first.competitor.id)
        .map((p: { day: string }) => p.day),
    );
    expect(days.size).toBeGreaterThanOrEqual(85);
    const indexes = snapshot.series
      .filter((p: { competitorId: string }) => p.competitorId === first.competitor.id)
      .map((p: { priceIndex: number }) => p.priceIndex);
    expect(new Set(indexes).size).toBeGreaterThan(5);
    expect(
      snapshot.series.every(
        (p: { priceIndex: number | null; matchedProducts: number }) => p.priceIndex !== null && p.matchedProducts > 0,
      ),
    ).toBe(true);
    const moved = snapshot.rows.find(
      (r: { dynamics: { up: number; down: number } }) => r.dynamics.up + r.dynamics.down > 0,
    );
    expect(moved).toBeDefined();
    for (const movement of ['UP', 'DOWN', 'UNCHANGED'] as const) {
      const list = await w.call(owner.uid, PRODUCTS, {
        organizationWebsiteId: site,
        filter: { priceMovement: { competitorId: moved.competitor.id, movement, period: 'LAST_90_DAYS' } },
      });
      expect(list.body.errors).toBeUndefined();
      expect(list.body.data.productList.meta.pagination.total).toBe(moved.dynamics[movement.toLowerCase()]);
    }
  });

  it("a category's series (closed days per category) equals its brands' closed days summed", async () => {
    const site = w.site[ownSlug(owner)];
    const { rows: categories } = await w.pool.query(
      `SELECT category FROM insight_daily WHERE organization_website_id = $1 GROUP BY category ORDER BY count(*) DESC LIMIT 1`,
      [site],
    );
    expect(categories).toHaveLength(1);
    const category = categories[0].category as string;
    const response = await w.call(owner.uid, COMPETITOR, {
      filter: { organizationWebsiteId: site, period: 'LAST_90_DAYS', categories: [category] },
    });
    expect(response.body.errors).toBeUndefined();
    const { rows: expected } = await w.pool.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, competitor_id, sum(priced)::int AS priced
         FROM insight_daily WHERE organization_website_id = $1 AND category = $2
          AND day > (now() AT TIME ZONE 'UTC')::date - 90 AND day <= (SELECT closed_through FROM insight_state)
        GROUP BY 1, 2 HAVING sum(priced) > 0 ORDER BY 1, 2`,
      [site, category],
    );
    expect(expected.length).toBeGreaterThan(0);
    const closed = new Set(expected.map((r) => r.day));
    expect(
      response.body.data.competitorSnapshot.series
        .filter((p: { day: string }) => closed.has(p.day))
        .map((p: { day: string; competitorId: string; matchedProducts: number }) => ({
          day: p.day,
          competitor_id: p.competitorId,
          priced: p.matchedProducts,
        })),
    ).toEqual(expected);
  });

  it("the competitor rows read from each grain's rollup (totals, brand cells, category cells, cells) equal the pairs counted with their products", async () => {
    const site = w.site[ownSlug(owner)];
    const { rows: top } = await w.pool.query(
      `SELECT coalesce(p.brand, '') AS brand, coalesce(p.category, '') AS category FROM insight_pairs pr JOIN products p ON p.id = pr.product_id
        WHERE pr.organization_website_id = $1 AND p.active GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
      [site],
    );
    const { brand, category } = top[0] as { brand: string; category: string };
    // At the default tolerance from the rollups' counts; at another from the cells' histograms
    // (per brand without a category filter, per brand and category with one).
    for (const [filter, tolerancePercent] of [
      {},
      { brands: [brand] },
      { categories: [category] },
      { brands: [brand], categories: [category] },
    ].flatMap((f) => [1, 2.5, 0.3].map((t) => [f, t] as const))) {
      const tenths = Math.round(tolerancePercent * 10);
      const response = await w.call(owner.uid, COMPETITOR, {
        filter: { organizationWebsiteId: site, tolerancePercent, ...filter },
      });
      expect(response.body.errors).toBeUndefined();
      const { rows: expected } = await w.pool.query(
        `SELECT pr.competitor_id, count(*)::int AS matched, count(x.d) FILTER (WHERE x.d < -$4::int)::int AS cheaper,
                count(x.d) FILTER (WHERE x.d BETWEEN -$4::int AND $4::int)::int AS same, count(x.d) FILTER (WHERE x.d > $4::int)::int AS pricier,
                avg(x.ix)::float8 AS price_index
           FROM insight_pairs pr JOIN products p ON p.id = pr.product_id AND p.active,
                LATERAL (SELECT insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0)) AS d,
                                insight_index(p.price, pr.price_sum / nullif(pr.priced, 0)) AS ix) x
          WHERE pr.organization_website_id = $1 AND ($2::text IS NULL OR coalesce(p.brand, '') = $2) AND ($3::text IS NULL OR coalesce(p.category, '') = $3)
          GROUP BY pr.competitor_id ORDER BY pr.competitor_id`,
        [site, 'brands' in filter ? brand : null, 'categories' in filter ? category : null, tenths],
      );
      expect(expected.length).toBeGreaterThan(0);
      const rows = response.body.data.competitorSnapshot.rows
        .filter((r: { matchedProducts: number }) => r.matchedProducts > 0)
        .sort((a: { competitor: { id: string } }, b: { competitor: { id: string } }) =>
          a.competitor.id < b.competitor.id ? -1 : 1,
        );
      expect(
        rows.map((r: { competitor: { id: string }; matchedProducts: number; comparison: unknown }) => [
          r.competitor.id,
          r.matchedProducts,
          r.comparison,
        ]),
        `${JSON.stringify(filter)} at ${tolerancePercent} %`,
      ).toEqual(
        expected.map((e) => [e.competitor_id, e.matched, { cheaper: e.cheaper, same: e.same, pricier: e.pricier }]),
      );
      rows.forEach((r: { priceIndex: number }, i: number) => {
        expect(r.priceIndex).toBeCloseTo(expected[i].price_index, 1);
      });
    }
  });

  it("a heat-map cell's count equals the products list's total with the cell's filters", async () => {
    const site = w.site[ownSlug(owner)];
    const snapshot = (
      await w.call(owner.uid, BRAND, { filter: { organizationWebsiteId: site, tolerancePercent: 2.5 } })
    ).body.data.brandSnapshot;
    const row = snapshot.rows.find((r: { brand: string; cells: unknown[] }) => r.brand !== '' && r.cells.length > 0);
    expect(row).toBeDefined();
    for (const cell of row.cells.slice(0, 2)) {
      for (const position of ['CHEAPER', 'SAME', 'PRICIER'] as const) {
        const list = await w.call(owner.uid, PRODUCTS, {
          organizationWebsiteId: site,
          filter: {
            brand: row.brand,
            priceComparison: { competitorId: cell.competitorId, position, tolerancePercent: 2.5 },
          },
        });
        expect(list.body.errors).toBeUndefined();
        expect(list.body.data.productList.meta.pagination.total).toBe(cell.comparison[position.toLowerCase()]);
      }
    }
    // Against the market: the brand row's counts.
    for (const position of ['CHEAPER', 'SAME', 'PRICIER'] as const) {
      const list = await w.call(owner.uid, PRODUCTS, {
        organizationWebsiteId: site,
        filter: { brand: row.brand, priceComparison: { position, tolerancePercent: 2.5 } },
      });
      expect(list.body.data.productList.meta.pagination.total).toBe(row.comparison[position.toLowerCase()]);
    }
  });
});
