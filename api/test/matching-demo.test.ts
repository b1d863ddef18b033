/**
 * The demo's matching decisions (api/src/seed/matching-demo.ts, seedMatchingDecisions), both
 * engines: the demo data of `npm start` has the demo Owner's decisions at the matching demo's
 * competitor of northwind's first website, each the truth of the demo catalogue (the product's
 * own listing matched, another variant or product never), so that competitor's page estimates automatic
 * matching from the first sign-in; northwind's second website is estimated from them (the
 * organization's decisions); a retrain still has too few decided lists; seeding again adds none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { competitorCalibration } from '../src/matching/calibration-store.ts';
import { MINIMUM_LISTS } from '../src/matching/retrain.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { DEMO_DECISIONS, MATCHING_DEMO_COMPETITOR, seedMatchingDecisions } from '../src/seed/matching-demo.ts';
import { availableEngines } from './engines.ts';

const engines = await availableEngines();
const owner = DEMO_USERS.find((user) => user.roles.includes('Owner'))!;

describe.each(engines)('demo matching decisions on $name', (engine) => {
  let db: Database;
  /** northwind's websites with the matching demo's competitor, in name order, and that competitor of each */
  let websites: { id: string; competitor: string }[];
  beforeAll(async () => {
    // The same template as the demo rules' test (pricing-demo.test.ts): built once per run.
    db = await engine.openPrepared('demo_pricing_4', async (pool) => {
      await migrate(pool);
      await seedDemoData(pool, { websites: 4, matching: true });
    });
    const { rows } = await db.pool.query<{ id: string; competitor: string }>(
      `SELECT ow.id, c.id AS competitor FROM organization_websites ow
         JOIN organizations o ON o.id = ow.organization_id JOIN competitors c ON c.organization_website_id = ow.id
        WHERE o.slug = 'northwind' AND c.url = $1 ORDER BY ow.name, ow.id`,
      [MATCHING_DEMO_COMPETITOR.url],
    );
    websites = rows;
  }, 600_000);
  afterAll(() => db?.close());

  const decisions = () =>
    db.pool.query<{
      website: string;
      actor: string;
      event: string;
      status: string;
      own: boolean;
      product: string;
      caused: boolean;
    }>(
      `SELECT d.organization_website_id AS website, d.actor_id AS actor, d.event, m.status, d.product_id AS product,
              d.caused_by IS NOT NULL AS caused, cp.external_id = 'MALL-' || substr(p.item_id, 5)::int || '-1' AND substr(p.item_id, 5)::int % 3 <> 2 AS own
         FROM matching_decisions d
         JOIN product_matches m ON m.id = d.match_id
         JOIN products p ON p.id = d.product_id
         JOIN competitor_products cp ON cp.id = d.competitor_product_id
        WHERE d.actor_id IS NOT NULL ORDER BY d.id`,
    );

  it("takes the demo Owner's decisions on the first website only, each the catalogue's truth", async () => {
    expect(websites).toHaveLength(2);
    const { rows } = await decisions();
    const own = rows.filter((row) => !row.caused);
    expect(own.length).toBeGreaterThanOrEqual(DEMO_DECISIONS);
    // It stops at the product that reaches the count: at most one product's candidates beyond it.
    expect(own.length).toBeLessThan(DEMO_DECISIONS + 10);
    expect(new Set(rows.map((row) => row.website))).toEqual(new Set([websites[0]!.id]));
    expect(new Set(rows.map((row) => row.actor))).toEqual(new Set([owner.uid]));
    for (const row of own) {
      expect(row.event).toBe(row.own ? 'match' : 'never_match');
      expect(row.status).toBe(row.own ? 'MATCHED' : 'NEVER_MATCH');
    }
    // Both kinds (the shop's other variants and products it does not sell give the never-matched
    // pairs), so the estimate rests on both.
    expect(own.filter((row) => row.own).length).toBeGreaterThanOrEqual(20);
    expect(own.filter((row) => !row.own).length).toBeGreaterThanOrEqual(20);
    // Far too few decided lists for a retrain: the organization keeps the shipped model.
    expect(new Set(own.map((row) => row.product)).size).toBeLessThan(MINIMUM_LISTS);
  });

  it("estimates automatic matching at the competitor from them, and at the second website's from the organization's", async () => {
    const { rows } = await decisions();
    const taken = rows.filter((row) => !row.caused).length;
    const first = await competitorCalibration(db.pool, websites[0]!.competitor);
    expect(first).toMatchObject({
      automatic: true,
      source: 'competitor',
      decisions: taken,
      competitorDecisions: taken,
    });
    if (!first?.automatic) throw new Error('not calibrated');
    expect(first.estimatedPrecision).toBeGreaterThanOrEqual(0.99);
    expect(first.estimatedCoverage).toBeGreaterThan(0.5);
    const second = await competitorCalibration(db.pool, websites[1]!.competitor);
    expect(second).toMatchObject({ automatic: true, source: 'organization', decisions: taken, competitorDecisions: 0 });
  });

  it('takes no decision when seeded again', async () => {
    const before = (await decisions()).rows.length;
    expect(await seedMatchingDecisions(db.pool)).toBe(0);
    expect((await decisions()).rows.length).toBe(before);
  });
});
