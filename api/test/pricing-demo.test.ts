/**
 * The demo's price suggestion rules (api/src/seed/pricing-demo.ts), both engines: the demo data of
 * `npm start` (seedDemoData with matching) gives every matched demo website two Active rules and
 * a Draft, and their suggestions are computed from the demo's matches, so the console shows
 * suggestions from the first sign-in. The Draft decides nothing, Husky (the brand the end-to-end
 * test writes its own rule for) is left to it, and seeding again writes nothing (a rule a user
 * deleted stays deleted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_RULES, seedPricingDemo } from '../src/seed/pricing-demo.ts';
import { availableEngines } from './engines.ts';

const engines = await availableEngines();

describe.each(engines)('demo price suggestion rules on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.openPrepared('demo_pricing_4', async (pool) => {
      await migrate(pool);
      await seedDemoData(pool, { websites: 4, matching: true });
    });
  }, 600_000);
  afterAll(() => db?.close());

  it('gives every matched demo website the demo rules, in their priority order', async () => {
    const { rows: websites } = await db.pool.query<{ id: string; rules: string[]; statuses: string[] }>(
      `SELECT ow.id, array_agg(r.name ORDER BY r.priority) AS rules, array_agg(r.status ORDER BY r.priority) AS statuses
         FROM organization_websites ow JOIN price_rules r ON r.organization_website_id = ow.id
        GROUP BY ow.id`,
    );
    const { rows: matched } = await db.pool.query<{ n: number }>(
      `SELECT count(DISTINCT c.organization_website_id)::int AS n FROM competitors c
        JOIN product_matches m ON m.competitor_product_id IN (SELECT id FROM competitor_products WHERE competitor_id = c.id)`,
    );
    expect(websites.length).toBeGreaterThan(0);
    expect(websites.length).toBe(matched[0]!.n);
    for (const website of websites) {
      expect(website.rules).toEqual(DEMO_RULES.map((rule) => rule.name));
      expect(website.statuses).toEqual(['ACTIVE', 'ACTIVE', 'DRAFT']);
    }
    // Their recomputes are done, none left queued ahead of a user's first change.
    const { rows: recomputes } = await db.pool.query<{ state: string }>(
      'SELECT state FROM price_suggestion_recomputes WHERE organization_website_id = ANY($1::uuid[])',
      [websites.map((website) => website.id)],
    );
    expect(recomputes.map((row) => row.state)).toEqual(websites.map(() => 'DONE'));
  });

  it('computes the Active rules’ suggestions from the matches; the Draft and Husky get none', async () => {
    const { rows } = await db.pool.query<{ rule: string | null; brand: string; outcome: string; n: number }>(
      `SELECT r.name AS rule, p.brand, s.outcome, count(*)::int AS n
         FROM price_suggestions s JOIN products p ON p.id = s.product_id LEFT JOIN price_rules r ON r.id = s.rule_id
        GROUP BY 1, 2, 3`,
    );
    const [audio, outdoor, draft] = DEMO_RULES.map((rule) => rule.name as string);
    const count = (filter: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(filter).reduce((sum, row) => sum + row.n, 0);
    expect(count((row) => row.rule === audio && row.outcome === 'CHANGE_SUGGESTED')).toBeGreaterThan(0);
    expect(count((row) => row.rule === outdoor && row.outcome === 'CHANGE_SUGGESTED')).toBeGreaterThan(0);
    expect(count((row) => row.rule === draft)).toBe(0);
    expect(count((row) => row.brand === 'Husky')).toBe(0);
    const brandsOf = (name: string) =>
      (DEMO_RULES.find((rule) => rule.name === name)!.products as { brands: string[] }).brands;
    for (const row of rows) expect(brandsOf(row.rule!)).toContain(row.brand);
    // The outdoor rule's changes end in .90, rounded down (its charm ending).
    const { rows: endings } = await db.pool.query<{ cents: string }>(
      `SELECT DISTINCT (s.suggested_price * 100 % 100)::int::text AS cents FROM price_suggestions s
         JOIN price_rules r ON r.id = s.rule_id WHERE r.name = $1 AND s.outcome = 'CHANGE_SUGGESTED'`,
      [outdoor],
    );
    expect(endings.map((row) => row.cents)).toEqual(['90']);
  });

  it('writes nothing when seeded again, and rules a user deleted do not come back at the next start', async () => {
    const count = async () =>
      (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM price_rules')).rows[0]!.n;
    const before = await count();
    expect(await seedPricingDemo(db.pool)).toBe(0);
    expect(await count()).toBe(before);
    const { rows } = await db.pool.query<{ id: string }>(
      'DELETE FROM price_rules WHERE organization_website_id = (SELECT organization_website_id FROM price_rules LIMIT 1) RETURNING id',
    );
    expect(rows).toHaveLength(DEMO_RULES.length);
    await seedDemoData(db.pool, { websites: 4, matching: true });
    expect(await count()).toBe(before - DEMO_RULES.length);
  });
});
