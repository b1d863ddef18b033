/** competitorProductList: a competitor's catalogue by name, search, paging, match counts; roles and tenants. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { availableEngines } from './engines.ts';
import { codes } from './helpers.ts';
import {
  ADMIN,
  OWNERS,
  READERS_ONLY,
  openCatalogueWorld,
  otherSlug,
  ownSlug,
  roleCases,
  type CatalogueWorld,
} from './catalogue-fixtures.ts';

const engines = await availableEngines();
const LIST = `query CompetitorProductList($competitorId: ID!, $search: String, $limit: Int!, $offset: Int!) {
  competitorProductList(competitorId: $competitorId, search: $search, limit: $limit, offset: $offset) {
    data { id externalId name brand ean mpn price currency availability url seenAt matchedCount waitingCount }
    meta { pagination { total } } } }`;

describe.each(engines)('Competitor products on $name', (engine) => {
  let w: CatalogueWorld;
  let competitorOf: (slug: 'northwind' | 'bohemia' | 'danube') => Promise<string>;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    competitorOf = async (slug) =>
      (
        await w.pool.query(
          `SELECT c.id FROM competitors c WHERE c.organization_website_id = $1
            ORDER BY (SELECT count(*) FROM competitor_products cp WHERE cp.competitor_id = c.id) DESC LIMIT 1`,
          [w.site[slug]],
        )
      ).rows[0].id;
  });
  afterAll(async () => {
    await w?.close();
  });

  it('pages through the catalogue by name with the total, and the match counts agree with the matches', async () => {
    const competitorId = await competitorOf('northwind');
    const { rows } = await w.pool.query(
      `SELECT cp.id, cp.name,
              count(*) FILTER (WHERE m.status = 'MATCHED')::int AS matched, count(*) FILTER (WHERE m.status = 'WAITING')::int AS waiting
         FROM competitor_products cp LEFT JOIN product_matches m ON m.competitor_product_id = cp.id
        WHERE cp.competitor_id = $1 GROUP BY cp.id ORDER BY cp.name, cp.id`,
      [competitorId],
    );
    expect(rows.length).toBeGreaterThan(10);
    const first = (await w.call(ADMIN.uid, LIST, { competitorId, limit: 7, offset: 0 })).body.data
      .competitorProductList;
    const second = (await w.call(ADMIN.uid, LIST, { competitorId, limit: 7, offset: 7 })).body.data
      .competitorProductList;
    expect(first.meta.pagination.total).toBe(rows.length);
    expect([...first.data, ...second.data].map((p: { id: string }) => p.id)).toEqual(
      rows.slice(0, 14).map((r) => r.id),
    );
    for (const item of [...first.data, ...second.data]) {
      const row = rows.find((r) => r.id === item.id)!;
      expect([item.matchedCount, item.waitingCount]).toEqual([row.matched, row.waiting]);
    }
    expect(rows.some((r) => r.matched > 0)).toBe(true);
  });

  it('reads every field of the one competitor product type in a list, one statement per computed field', async () => {
    const competitorId = await competitorOf('northwind');
    const WITH_ALL = `query CompetitorProductList($competitorId: ID!, $limit: Int!, $offset: Int!) {
      competitorProductList(competitorId: $competitorId, limit: $limit, offset: $offset) {
        data { id competitor { id name } priceHistory { seenAt price } matchedCount } } }`;
    const statements: string[] = [];
    const query = w.pool.query.bind(w.pool);
    const spy = vi.spyOn(w.pool, 'query').mockImplementation(((text: unknown, ...rest: unknown[]) => {
      statements.push(typeof text === 'string' ? text : String((text as { text?: string })?.text ?? ''));
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof w.pool.query);
    let list: { id: string; competitor: { id: string; name: string }; priceHistory: unknown[] }[];
    try {
      const answer = await w.call(ADMIN.uid, WITH_ALL, { competitorId, limit: 20, offset: 0 });
      expect(answer.body.errors).toBeUndefined();
      list = answer.body.data.competitorProductList.data;
    } finally {
      spy.mockRestore();
    }
    expect(list.length).toBe(20);
    const name = (await w.pool.query('SELECT name FROM competitors WHERE id = $1', [competitorId])).rows[0].name;
    expect(new Set(list.map((p) => `${p.competitor.id} ${p.competitor.name}`))).toEqual(
      new Set([`${competitorId} ${name}`]),
    );
    expect(statements.filter((text) => text.includes('competitor_price_history'))).toHaveLength(1);
    expect(statements.filter((text) => text.includes('FROM competitors WHERE id = ANY'))).toHaveLength(1);
    const { rows } = await w.pool.query(
      `SELECT competitor_product_id AS id, count(*)::int AS n FROM competitor_price_history
        WHERE competitor_product_id = ANY($1::uuid[]) GROUP BY 1`,
      [list.map((p) => p.id)],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(list.find((p) => p.id === row.id)!.priceHistory).toHaveLength(Math.min(row.n, 365));
  });

  it('searches by name (case-insensitive), external id or EAN, with the total of what it finds', async () => {
    const competitorId = await competitorOf('northwind');
    const sample = (
      await w.pool.query(
        `SELECT external_id, name, gtin FROM competitor_products WHERE competitor_id = $1 AND gtin IS NOT NULL LIMIT 1`,
        [competitorId],
      )
    ).rows[0];
    const word = sample.name.split(' ')[0].toUpperCase();
    const byName = (await w.call(ADMIN.uid, LIST, { competitorId, search: word, limit: 1000, offset: 0 })).body.data
      .competitorProductList;
    const expected = (
      await w.pool.query(
        `SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1 AND name ILIKE $2`,
        [competitorId, `%${word}%`],
      )
    ).rows[0].n;
    expect(byName.meta.pagination.total).toBe(expected);
    expect(byName.data.every((p: { name: string }) => p.name.toUpperCase().includes(word))).toBe(true);
    const byId = (await w.call(ADMIN.uid, LIST, { competitorId, search: sample.external_id, limit: 10, offset: 0 }))
      .body.data.competitorProductList;
    expect(byId.data.map((p: { externalId: string }) => p.externalId)).toContain(sample.external_id);
    const byEan = (
      await w.call(ADMIN.uid, LIST, { competitorId, search: sample.gtin.replace(/^0/, ''), limit: 10, offset: 0 })
    ).body.data.competitorProductList;
    expect(byEan.data.map((p: { externalId: string }) => p.externalId)).toContain(sample.external_id);
  });

  it('refuses bad input naming the field; an unknown competitor is NOT_FOUND', async () => {
    const competitorId = await competitorOf('northwind');
    expect(
      (await w.call(ADMIN.uid, LIST, { competitorId: 'c1', limit: 5, offset: 0 })).body.errors![0]!.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'competitorId' });
    expect(
      (await w.call(ADMIN.uid, LIST, { competitorId, limit: 0, offset: 0 })).body.errors![0]!.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
    expect(
      (await w.call(ADMIN.uid, LIST, { competitorId, limit: 5, offset: -1 })).body.errors![0]!.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'offset' });
    expect(
      codes(
        await w.call(ADMIN.uid, LIST, { competitorId: '00000000-0000-4000-8000-000000000000', limit: 5, offset: 0 }),
      ),
    ).toEqual(['NOT_FOUND']);
  });

  describe.each(roleCases(OWNERS))('%s (monitored-competitor view)', (_role, user) => {
    it("reads its own competitors' catalogue; another organization's competitor is NOT_FOUND", async () => {
      const own = await w.call(user.uid, LIST, {
        competitorId: await competitorOf(ownSlug(user)),
        limit: 5,
        offset: 0,
      });
      expect(own.body.errors).toBeUndefined();
      expect(own.body.data.competitorProductList.data.length).toBeGreaterThan(0);
      expect(
        codes(await w.call(user.uid, LIST, { competitorId: await competitorOf(otherSlug(user)), limit: 5, offset: 0 })),
      ).toEqual(['NOT_FOUND']);
    });
  });

  describe.each(roleCases(READERS_ONLY))('%s', (_role, user) => {
    it('may not read a competitor catalogue (FORBIDDEN)', async () => {
      expect(
        codes(await w.call(user.uid, LIST, { competitorId: await competitorOf(ownSlug(user)), limit: 5, offset: 0 })),
      ).toEqual(['FORBIDDEN']);
    });
  });
});
