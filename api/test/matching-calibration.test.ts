/**
 * Automatic matching calibrated per competitor (docs/matching.md, calibration-store.ts): with no
 * decisions a run matches nothing automatically and the competitor says how many decisions are
 * missing; with enough decisions at a competitor its threshold comes from them, a competitor with
 * none borrows its organization's; the matching statistics carry the estimate; an Admin sets the
 * target precision per competitor or organization (others FORBIDDEN, bad values refused, nothing
 * changed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingSettled } from '../src/matching/runs/queue.ts';
import { availableEngines } from './engines.ts';
import { ADMIN, byRole, openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';
import { buildScenario, pairs, RUN, START, type Scenario } from './matching-runs-fixtures.ts';

const engines = await availableEngines();
const OWNER = byRole('Owner');

const CALIBRATION = `targetPrecision automatic threshold estimatedPrecision estimatedCoverage decisions competitorDecisions source decisionsNeeded reason`;
const COMPETITOR = `query Competitor($competitorId: ID!) { competitor(competitorId: $competitorId) { id matchingCalibration { ${CALIBRATION} } } }`;
const OWN_TARGET = `query OwnTarget($competitorId: ID!) { competitor(competitorId: $competitorId) { matchingTargetPrecision } }`;
const ORGANIZATION_TARGET = `query OrganizationTarget($organizationId: ID!) { matchingModel(organizationId: $organizationId) { targetPrecision defaultTargetPrecision } }`;
const STATISTICS = `query Statistics($organizationWebsiteId: ID!) { matchingStatistics(organizationWebsiteId: $organizationWebsiteId) {
  competitors { competitor { id } calibration { ${CALIBRATION} } } } }`;
const SET_COMPETITOR = `mutation Set($competitorId: ID!, $targetPrecision: Float) {
  competitorMatchingTargetPrecisionSet(competitorId: $competitorId, targetPrecision: $targetPrecision) { ${CALIBRATION} } }`;
const SET_ORGANIZATION = `mutation SetOrganization($organizationId: ID!, $targetPrecision: Float) {
  organizationMatchingTargetPrecisionSet(organizationId: $organizationId, targetPrecision: $targetPrecision) }`;

/**
 * Decided pairs at a competitor, as reviewers leave them: each pair (one of our products with a
 * label offer of the competitor) MATCHED or NEVER_MATCH, its latest decision a person's.
 */
async function seedDecisions(
  w: CatalogueWorld,
  s: Scenario,
  competitorId: string,
  productId: string,
  labels: Array<{ score: number; correct: boolean }>,
  tag: string,
) {
  for (const [i, label] of labels.entries()) {
    const offer = await w.pool.query<{ id: string }>(
      `INSERT INTO competitor_products (competitor_id, external_id, name) VALUES ($1, $2, $3) RETURNING id`,
      [competitorId, `${tag}${i}`, `Qzx calibration offer ${tag} ${i}`],
    );
    const status = label.correct ? 'MATCHED' : 'NEVER_MATCH';
    const pair = await w.pool.query<{ id: string }>(
      `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, score, version) VALUES ($1, $2, $3, $4, $5, 2) RETURNING id`,
      [productId, offer.rows[0]!.id, competitorId, status, label.score],
    );
    await w.pool.query(
      `INSERT INTO matching_decisions (organization_website_id, match_id, product_id, competitor_product_id, competitor_id, actor_id, actor_email, event,
                                       status_before, stage_before, status_after, stage_after, version_before, version_after, score, source, batch_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'WAITING', 'candidate', $9, 'candidate', 1, 2, $10, 'queue', gen_random_uuid())`,
      [
        s.siteId,
        pair.rows[0]!.id,
        productId,
        offer.rows[0]!.id,
        competitorId,
        ADMIN.uid,
        ADMIN.email,
        label.correct ? 'match' : 'never_match',
        status,
        label.score,
      ],
    );
  }
}

/** 50 right decisions scoring 0.800..0.947 and 10 wrong ones scoring 0.5 down to 0.23: threshold 0.8 at 0.99. */
const CLEAN = [
  ...Array.from({ length: 50 }, (_, i) => ({ score: 0.8 + 0.003 * i, correct: true })),
  ...Array.from({ length: 10 }, (_, j) => ({ score: 0.5 - 0.03 * j, correct: false })),
];

describe.each(engines)('Calibrated automatic matching on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  });
  afterAll(async () => {
    if (w) await matchingSettled(w.pool);
    await w?.close();
  });

  async function fullRun(s: Scenario) {
    const started = await w.call(ADMIN.uid, START, { organizationWebsiteId: s.siteId });
    expect(started.body.errors).toBeUndefined();
    await matchingSettled(w.pool);
    return (await w.call(ADMIN.uid, RUN, { runId: started.body.data.matchingRunStart.run.id })).body.data.matchingRun;
  }
  const calibrationOf = async (competitorId: string) => {
    const response = await w.call(ADMIN.uid, COMPETITOR, { competitorId });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.competitor.matchingCalibration;
  };

  it('with too few decisions nothing is matched automatically, and the competitor says how many more are needed', async () => {
    const s = await buildScenario(w, w.orgs.bohemia!);
    expect(await calibrationOf(s.rivalA)).toEqual({
      targetPrecision: 0.99,
      automatic: false,
      threshold: null,
      estimatedPrecision: null,
      estimatedCoverage: null,
      decisions: 0,
      competitorDecisions: 0,
      source: 'ORGANIZATION',
      decisionsNeeded: 50,
      reason: 'TOO_FEW_DECISIONS',
    });
    const done = await fullRun(s);
    expect(done).toMatchObject({ status: 'SUCCEEDED', matchedAutomatically: 0, sentToConfirmation: 0 });
    const p = await pairs(w, s);
    // Same EAN, the strongest evidence there is: still a reviewer's decision.
    expect(p['K1/A1']).toMatchObject({ status: 'WAITING', stage: 'candidate' });
    expect(p['K1/B1']).toMatchObject({ status: 'WAITING', stage: 'candidate' });
    expect(Object.values(p).filter((pair) => pair.status === 'MATCHED')).toEqual([]);
  });

  it('enough decisions at a competitor set its threshold; a competitor without its own borrows the organization’s; runs and statistics follow', async () => {
    const s = await buildScenario(w, w.orgs.northwind!);
    await seedDecisions(w, s, s.rivalA, s.product.K5!, CLEAN, 'L');
    const a = await calibrationOf(s.rivalA);
    expect(a).toMatchObject({
      targetPrecision: 0.99,
      automatic: true,
      estimatedPrecision: 1,
      estimatedCoverage: 1,
      decisions: 60,
      competitorDecisions: 60,
      source: 'COMPETITOR',
      decisionsNeeded: 0,
      reason: null,
    });
    expect(a.threshold).toBeCloseTo(0.8, 5);
    const b = await calibrationOf(s.rivalB);
    expect(b).toMatchObject({ automatic: true, decisions: 60, competitorDecisions: 0, source: 'ORGANIZATION' });

    const done = await fullRun(s);
    expect(done.status).toBe('SUCCEEDED');
    const p = await pairs(w, s);
    expect(p['K1/A1']!.score).toBeGreaterThanOrEqual(0.8);
    expect(p['K1/A1']).toMatchObject({ status: 'MATCHED' });
    expect(p['K1/B1']).toMatchObject({ status: 'WAITING', stage: 'confirmation' });
    const automatic = Object.entries(p).filter(
      ([key, pair]) => key.startsWith('K') && !key.startsWith('K5/') && pair.status === 'MATCHED',
    );
    for (const [, pair] of automatic) expect(pair.score).toBeGreaterThanOrEqual(0.8);
    expect(done.matchedAutomatically).toBe(automatic.length);
    expect(done.matchedAutomatically).toBeGreaterThanOrEqual(1);
    expect(done.sentToConfirmation).toBeGreaterThanOrEqual(1);

    const statistics = await w.call(OWNER.uid, STATISTICS, { organizationWebsiteId: s.siteId });
    expect(statistics.body.errors).toBeUndefined();
    const rows = statistics.body.data.matchingStatistics.competitors;
    expect(rows.find((r: any) => r.competitor.id === s.rivalA).calibration).toEqual(a);
    expect(rows.find((r: any) => r.competitor.id === s.rivalB).calibration).toEqual(b);
  });

  it('an Admin sets the target precision per competitor or organization; others may not; bad values are refused and nothing changes', async () => {
    const s = await buildScenario(w, w.orgs.danube!);
    // A wrong decision at the very top: no threshold keeps 0.99.
    await seedDecisions(w, s, s.rivalA, s.product.K5!, [...CLEAN, { score: 0.99, correct: false }], 'M');
    expect(await calibrationOf(s.rivalA)).toMatchObject({
      automatic: false,
      decisions: 61,
      decisionsNeeded: 0,
      reason: 'PRECISION_NOT_REACHED',
      targetPrecision: 0.99,
    });

    const byOwner = await w.call(OWNER.uid, SET_COMPETITOR, { competitorId: s.rivalA, targetPrecision: 0.95 });
    expect(byOwner.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const bad of [0.5, 1.01, -1, 95]) {
      const response = await w.call(ADMIN.uid, SET_COMPETITOR, { competitorId: s.rivalA, targetPrecision: bad });
      expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(response.body.errors?.[0]?.message).toMatch(/greater than 0.5 and at most 1/);
    }
    const missing = await w.call(ADMIN.uid, SET_COMPETITOR, {
      competitorId: '00000000-0000-4000-8000-000000000000',
      targetPrecision: 0.95,
    });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await calibrationOf(s.rivalA)).targetPrecision).toBe(0.99);

    // At 0.95: the two highest wrong decisions are within it (50 of 52 right).
    const set = await w.call(ADMIN.uid, SET_COMPETITOR, { competitorId: s.rivalA, targetPrecision: 0.95 });
    expect(set.body.errors).toBeUndefined();
    const at95 = set.body.data.competitorMatchingTargetPrecisionSet;
    expect(at95).toMatchObject({ targetPrecision: 0.95, automatic: true, estimatedCoverage: 1, source: 'COMPETITOR' });
    expect(at95.threshold).toBeCloseTo(0.5, 5);
    expect(at95.estimatedPrecision).toBeCloseTo(50 / 52, 5);
    expect((await w.call(ADMIN.uid, OWN_TARGET, { competitorId: s.rivalA })).body.data.competitor).toEqual({
      matchingTargetPrecision: 0.95,
    });
    expect((await w.call(ADMIN.uid, OWN_TARGET, { competitorId: s.rivalB })).body.data.competitor).toEqual({
      matchingTargetPrecision: null,
    });

    // Cleared: the organization's (the default until set), then the organization's own.
    await w.call(ADMIN.uid, SET_COMPETITOR, { competitorId: s.rivalA, targetPrecision: null });
    expect((await calibrationOf(s.rivalA)).targetPrecision).toBe(0.99);
    expect((await w.call(ADMIN.uid, OWN_TARGET, { competitorId: s.rivalA })).body.data.competitor).toEqual({
      matchingTargetPrecision: null,
    });
    expect((await w.call(ADMIN.uid, ORGANIZATION_TARGET, { organizationId: w.orgs.danube })).body.data).toEqual({
      matchingModel: { targetPrecision: null, defaultTargetPrecision: 0.99 },
    });
    const byOwnerOrg = await w.call(OWNER.uid, SET_ORGANIZATION, {
      organizationId: w.orgs.danube,
      targetPrecision: 0.95,
    });
    expect(byOwnerOrg.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const org = await w.call(ADMIN.uid, SET_ORGANIZATION, { organizationId: w.orgs.danube, targetPrecision: 0.95 });
    expect(org.body).toMatchObject({ data: { organizationMatchingTargetPrecisionSet: 0.95 } });
    expect((await w.call(ADMIN.uid, ORGANIZATION_TARGET, { organizationId: w.orgs.danube })).body.data).toEqual({
      matchingModel: { targetPrecision: 0.95, defaultTargetPrecision: 0.99 },
    });
    expect(await calibrationOf(s.rivalA)).toMatchObject({ targetPrecision: 0.95, automatic: true });
    expect(await calibrationOf(s.rivalB)).toMatchObject({
      targetPrecision: 0.95,
      source: 'ORGANIZATION',
      decisions: 61,
    });
  });
});
