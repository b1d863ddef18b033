/**
 * The product matching queue through the API: priority order, filters (competitor, brand,
 * category), paging, counts per status; a product's candidates per competitor with evidence and
 * price difference; statistics overall and per competitor; every role reads (Viewer included),
 * another organization's website or product is NOT_FOUND, bad input is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { codes, gql } from './helpers.ts';
import {
  ADMIN,
  byRole,
  MEMBERS,
  openCatalogueWorld,
  ownSlug,
  roleCases,
  type CatalogueWorld,
} from './catalogue-fixtures.ts';
import { buildScenario, Q, recount, recountQueue, type Scenario } from './matching-fixtures.ts';

const engines = await availableEngines();
const OWNER = byRole('Owner');

describe.each(engines)('Matching queue on $name', (engine) => {
  let w: CatalogueWorld;
  let s: Scenario;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    s = await buildScenario(w.pool, w.orgs.northwind!, { products: 6, competitors: 2, candidates: 2 });
  });
  afterAll(async () => {
    await w?.close();
  });
  const queue = async (variables: Record<string, unknown> = {}, uid = OWNER.uid) => {
    const response = await w.call(uid, Q.queue, {
      organizationWebsiteId: s.siteId,
      limit: 50,
      offset: 0,
      ...variables,
    });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.matchingQueue;
  };

  it('lists the products with candidates waiting, by priority: best score, price gap, longest waiting', async () => {
    const { data, meta } = await queue();
    expect(data.map((row: any) => row.product.id)).toEqual(s.products.map((p) => p.id));
    expect(meta.pagination).toEqual({ total: 6, totalIsEstimate: false });
    expect(data[0]).toMatchObject({
      candidates: 4,
      bestScore: expect.closeTo(0.95, 5),
      priceGapPercent: expect.closeTo(11.11, 2),
      lease: null,
    });
    expect(data.map((row: any) => row.priority)).toEqual(
      [...data.map((row: any) => row.priority)].sort((a, b) => b - a),
    );
    // Equal score bucket and gap: the longest waiting first.
    const tie = await buildScenario(w.pool, w.orgs.northwind!, { products: 2, competitors: 1, candidates: 1 });
    await w.pool.query('UPDATE product_matches SET score = 0.91 WHERE product_id = ANY($1::uuid[])', [
      tie.products.map((p) => p.id),
    ]);
    await w.pool.query(`UPDATE product_matches SET waiting_since = now() - interval '3 days' WHERE product_id = $1`, [
      tie.products[1]!.id,
    ]);
    const tied = await w.call(OWNER.uid, Q.queue, { organizationWebsiteId: tie.siteId, limit: 10, offset: 0 });
    expect(tied.body.data.matchingQueue.data.map((row: any) => row.product.id)).toEqual([
      tie.products[1]!.id,
      tie.products[0]!.id,
    ]);
  });

  it('pages, and filters by competitor, brand and category with counts for the same competitor', async () => {
    const page = await queue({ limit: 2, offset: 2 });
    expect(page.data.map((row: any) => row.product.id)).toEqual(s.products.slice(2, 4).map((p) => p.id));
    expect(page.meta.pagination.total).toBe(6);
    const acme = await queue({ filter: { brand: 'Acme' } });
    expect(acme.data.map((row: any) => row.product.id)).toEqual(
      s.products.filter((p) => p.brand === 'Acme').map((p) => p.id),
    );
    const toasters = await queue({ filter: { category: 'Toasters' } });
    expect(toasters.data.map((row: any) => row.product.id)).toEqual(
      s.products.filter((p) => p.category === 'Toasters').map((p) => p.id),
    );
    // Competitor B: product 0 decided there leaves B's queue only.
    const [a, b] = s.competitors;
    const decided = s.products[0]!.pairs[b!.id]!;
    await w.pool.query(
      `UPDATE product_matches SET status = 'NEVER_MATCH', version = version + 1 WHERE id = ANY($1::uuid[])`,
      [decided],
    );
    const atB = await queue({ filter: { competitorId: b!.id } });
    expect(atB.data.map((row: any) => row.product.id)).toEqual(s.products.slice(1).map((p) => p.id));
    expect(atB.data[0].candidates).toBe(2);
    const expected = await recount(w.pool, s.siteId);
    expect(atB.meta.counts).toEqual(expected.competitors.find((c) => c.id === b!.id)!.statistics);
    const atA = await queue({ filter: { competitorId: a!.id, brand: 'Bolt' } });
    expect(atA.data.map((row: any) => row.product.id)).toEqual(
      s.products.filter((p) => p.brand === 'Bolt').map((p) => p.id),
    );
    const all = await queue();
    expect(all.meta.counts).toEqual(expected.overall);
    expect(all.data[0].candidates).toBe(2);
  });

  it('shows a product’s candidates per competitor with evidence and price difference', async () => {
    const product = s.products[1]!;
    const response = await w.call(OWNER.uid, Q.product, { productId: product.id });
    expect(response.body.errors).toBeUndefined();
    const detail = response.body.data.matchingProduct;
    expect(detail.product).toMatchObject({ id: product.id, name: product.name, brand: 'Bolt', price: product.price });
    expect(detail.competitors.map((c: any) => c.competitor.id)).toEqual(s.competitors.map((c) => c.id));
    const [best, second] = detail.competitors[0].pairs;
    expect(best).toMatchObject({
      id: product.pairs[s.competitors[0]!.id]![0],
      status: 'WAITING',
      stage: 'CANDIDATE',
      version: 1,
    });
    expect(best.score).toBeGreaterThan(second.score);
    expect(best.evidence).toMatchObject({
      gtinEqual: true,
      brandEqual: true,
      nameSimilarity: 0.8,
      sharedWords: ['kettle', 'bolt'],
      sharedModelNumbers: ['K101'],
    });
    expect(best.evidence.relatedModelNumbers).toEqual([
      { ours: 'K101', theirs: 'K101', relation: 'EXACT', apart: null, oursIn: 'NAME', theirsIn: 'NAME' },
    ]);
    expect(best.evidence.modelNumbersConflict).toBe(false);
    expect(second.evidence.gtinEqual).toBeNull();
    expect(second.evidence.relatedModelNumbers).toEqual([
      { ours: 'K101', theirs: 'K101', relation: 'PARTIAL', apart: 'THEIRS', oursIn: 'NAME', theirsIn: 'NAME' },
    ]);
    // Ours 110, theirs 99: we are 11 dearer, 11.11 % of their price.
    expect(best.competitorProduct.price).toBe(99);
    expect(best).toMatchObject({ priceDifference: 11, priceDifferencePercent: 11.11 });
    expect(best.competitorProduct.ean).toBe(product.gtin!.slice(1));
    expect(detail.waitingToMatch).toBe(4);
    expect(detail.lease).toBeNull();
  });

  it('gives the six statistics overall and per competitor, equal to a recount', async () => {
    const response = await w.call(ADMIN.uid, Q.statistics, { organizationWebsiteId: s.siteId });
    expect(response.body.errors).toBeUndefined();
    const expected = await recount(w.pool, s.siteId);
    expect(response.body.data.matchingStatistics.overall).toEqual(expected.overall);
    expect(
      response.body.data.matchingStatistics.competitors.map((c: any) => ({
        id: c.competitor.id,
        statistics: c.statistics,
      })),
    ).toEqual(expected.competitors);
    expect(response.body.data.matchingStatistics.productsWaitingToMatch).toBe(6);
  });

  it('keeps the statistics exact when it folds many deltas into one row per competitor', async () => {
    const t = await buildScenario(w.pool, w.orgs.northwind!, { products: 2, competitors: 2, candidates: 1 });
    const pair = Object.values(t.products[0]!.pairs)[0]![0]!;
    for (let i = 0; i < 600; i += 1) {
      await w.pool.query(
        `UPDATE product_matches SET status = CASE status WHEN 'WAITING' THEN 'SKIPPED' ELSE 'WAITING' END WHERE id = $1`,
        [pair],
      );
    }
    await w.pool.query(`UPDATE product_matches SET status = 'MATCHED' WHERE id = $1`, [pair]);
    const deltas = async () =>
      (
        await w.pool.query(
          'SELECT count(*)::int AS n FROM matching_statistics_deltas WHERE organization_website_id = $1',
          [t.siteId],
        )
      ).rows[0].n as number;
    expect(await deltas()).toBeGreaterThan(600);
    for (let read = 0; read < 2; read += 1) {
      const response = await w.call(OWNER.uid, Q.statistics, { organizationWebsiteId: t.siteId });
      const expected = await recount(w.pool, t.siteId);
      expect(response.body.data.matchingStatistics.overall).toEqual(expected.overall);
      expect(response.body.data.matchingStatistics.overall).toMatchObject({ matched: 1, waitingToMatch: 3 });
    }
    expect(await deltas()).toBe(2);
  });

  it('keeps the queue’s size equal to a recount through decisions, deletes, new pairs and folding', async () => {
    const t = await buildScenario(w.pool, w.orgs.northwind!, { products: 4, competitors: 3, candidates: 1 });
    const [a, b, c] = t.competitors;
    const pairAt = (i: number, competitorId: string) => t.products[i]!.pairs[competitorId]![0]!;
    /** The sizes the API gives (statistics, and each queue page's total), after checking them against a recount. */
    const sizes = async () => {
      const expected = await recountQueue(w.pool, t.siteId);
      const statistics = await w.call(OWNER.uid, Q.statistics, { organizationWebsiteId: t.siteId });
      expect(statistics.body.data.matchingStatistics.productsWaitingToMatch).toBe(expected.products);
      const totals: Record<string, number> = {};
      for (const competitor of [null, ...expected.competitors]) {
        const page = await w.call(OWNER.uid, Q.queue, {
          organizationWebsiteId: t.siteId,
          filter: competitor ? { competitorId: competitor.id } : null,
          limit: 1,
          offset: 0,
        });
        expect(page.body.errors).toBeUndefined();
        const { total, totalIsEstimate } = page.body.data.matchingQueue.meta.pagination;
        expect(totalIsEstimate).toBe(false);
        totals[competitor ? competitor.id : 'all'] = total;
      }
      expect(totals).toEqual(
        Object.fromEntries([['all', expected.products], ...expected.competitors.map((x) => [x.id, x.products])]),
      );
      return totals;
    };
    expect(await sizes()).toEqual({ all: 4, [a!.id]: 4, [b!.id]: 4, [c!.id]: 4 });
    // Product 0 decided at A only: it leaves A's queue and stays in the website's.
    await w.pool.query(`UPDATE product_matches SET status = 'SKIPPED', version = version + 1 WHERE id = $1`, [
      pairAt(0, a!.id),
    ]);
    expect(await sizes()).toEqual({ all: 4, [a!.id]: 3, [b!.id]: 4, [c!.id]: 4 });
    // ... and at B and C: it leaves the website's queue.
    await w.pool.query(
      `UPDATE product_matches SET status = 'NEVER_MATCH', version = version + 1 WHERE id = ANY($1::uuid[])`,
      [[pairAt(0, b!.id), pairAt(0, c!.id)]],
    );
    expect(await sizes()).toEqual({ all: 3, [a!.id]: 3, [b!.id]: 3, [c!.id]: 3 });
    // A product deleted, a competitor deleted (their queue rows go by cascade).
    await w.pool.query('DELETE FROM products WHERE id = $1', [t.products[1]!.id]);
    await w.pool.query('DELETE FROM competitors WHERE id = $1', [c!.id]);
    expect(await sizes()).toEqual({ all: 2, [a!.id]: 2, [b!.id]: 2 });
    // A new candidate for product 0 at A: it is back in both queues.
    await w.pool.query(`UPDATE product_matches SET status = 'WAITING', version = version + 1 WHERE id = $1`, [
      pairAt(0, a!.id),
    ]);
    expect(await sizes()).toEqual({ all: 3, [a!.id]: 3, [b!.id]: 2 });
    // Many changes: a read folds the size deltas and the sizes stay.
    for (let i = 0; i < 300; i += 1) {
      await w.pool.query(
        `UPDATE product_matches SET status = CASE status WHEN 'WAITING' THEN 'SKIPPED' ELSE 'WAITING' END WHERE id = $1`,
        [pairAt(2, a!.id)],
      );
    }
    const deltas = async () =>
      (
        await w.pool.query(
          'SELECT count(*)::int AS n FROM matching_queue_size_deltas WHERE organization_website_id = $1',
          [t.siteId],
        )
      ).rows[0].n as number;
    expect(await deltas()).toBeGreaterThan(500);
    expect(await sizes()).toEqual({ all: 3, [a!.id]: 3, [b!.id]: 2 });
    expect(await deltas()).toBeLessThanOrEqual(3);
    expect(await sizes()).toEqual({ all: 3, [a!.id]: 3, [b!.id]: 2 });
  });

  it.each(roleCases([ADMIN, ...MEMBERS]))(
    '%s reads its own organization’s queue, product, statistics, log and confirmation queue',
    async (_role, user) => {
      const own =
        user === ADMIN
          ? s
          : await buildScenario(w.pool, w.orgs[ownSlug(user)]!, { products: 1, competitors: 1, candidates: 1 });
      const site = { organizationWebsiteId: own.siteId };
      for (const [query, variables] of [
        [Q.queue, { ...site, limit: 10, offset: 0 }],
        [Q.product, { productId: own.products[0]!.id }],
        [Q.statistics, site],
        [Q.log, { ...site, limit: 10, offset: 0 }],
        [Q.logExport, site],
        [Q.timeline, { productId: own.products[0]!.id }],
        [Q.confirmation, { ...site, offset: 0 }],
        [Q.search, { productId: own.products[0]!.id, competitorId: own.competitors[0]!.id, search: 'Kettle' }],
      ] as const) {
        const response = await w.call(user.uid, query, variables);
        expect(response.body.errors, query.slice(0, 40)).toBeUndefined();
      }
    },
  );

  it.each(roleCases(MEMBERS))(
    '%s gets NOT_FOUND for another organization’s website and product',
    async (_role, user) => {
      const other = await buildScenario(w.pool, w.orgs[ownSlug(user) === 'bohemia' ? 'northwind' : 'bohemia']!, {
        products: 1,
        competitors: 1,
        candidates: 1,
      });
      expect(
        codes(await w.call(user.uid, Q.queue, { organizationWebsiteId: other.siteId, limit: 10, offset: 0 })),
      ).toEqual(['NOT_FOUND']);
      expect(codes(await w.call(user.uid, Q.product, { productId: other.products[0]!.id }))).toEqual(['NOT_FOUND']);
      expect(codes(await w.call(user.uid, Q.confirmation, { organizationWebsiteId: other.siteId, offset: 0 }))).toEqual(
        ['NOT_FOUND'],
      );
      expect(codes(await w.call(user.uid, Q.logExport, { organizationWebsiteId: other.siteId }))).toEqual([
        'NOT_FOUND',
      ]);
    },
  );

  it('refuses bad input and a competitor of another website', async () => {
    const bad = async (variables: Record<string, unknown>, field: string) => {
      const response = await w.call(OWNER.uid, Q.queue, {
        organizationWebsiteId: s.siteId,
        limit: 10,
        offset: 0,
        ...variables,
      });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    };
    await bad({ organizationWebsiteId: 'x' }, 'organizationWebsiteId');
    await bad({ limit: 201 }, 'limit');
    await bad({ offset: -1 }, 'offset');
    await bad({ filter: { brand: 'x'.repeat(201) } }, 'filter.brand');
    await bad({ filter: { competitorId: 'nope' } }, 'filter.competitorId');
    const other = await buildScenario(w.pool, w.orgs.northwind!, { products: 1, competitors: 1, candidates: 1 });
    expect(
      codes(
        await w.call(OWNER.uid, Q.queue, {
          organizationWebsiteId: s.siteId,
          filter: { competitorId: other.competitors[0]!.id },
          limit: 10,
          offset: 0,
        }),
      ),
    ).toEqual(['NOT_FOUND']);
    expect(codes(await w.call(OWNER.uid, Q.product, { productId: 'nope' }))).toEqual(['BAD_USER_INPUT']);
    expect(
      codes(await gql(w.api, { query: Q.queue, variables: { organizationWebsiteId: s.siteId, limit: 10, offset: 0 } })),
    ).toEqual(['UNAUTHENTICATED']);
  });
});
