/**
 * Retraining an organization's matching model from its decisions (retrain.ts, docs/matching.md),
 * on both engines: too few decided lists keep the current model and say why; decisions that
 * teach something the current model misses make a new active version that runs then score with
 * (the version kept in each candidate's evidence); a model that does worse on the held-out
 * decisions is rolled back; the retrain runs as a job on the queue, started by an Owner (a User
 * may not; another organization is NOT_FOUND), and its outcome is read through GraphQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/jobs/kinds.ts';
import { closeQueueOf, JOB_SCHEMA } from '../src/jobs/queue.ts';
import { startWorker, type JobWorker } from '../src/jobs/worker.ts';
import { DEFAULT_MODEL } from '../src/matching/default-model.ts';
import { heldOut, retrainOrganization } from '../src/matching/retrain.ts';
import { MATCHING_RETRAIN } from '../src/matching/runs/jobs.ts';
import { matchingSettled } from '../src/matching/runs/queue.ts';
import { availableEngines } from './engines.ts';
import { ADMIN, byRole, openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';
import { createOrganizationWebsite } from './helpers.ts';
import { buildScenario, pairs, START } from './matching-runs-fixtures.ts';

const engines = await availableEngines();
const OWNER = byRole('Owner');
const USER = byRole('User');

const MODEL = `query Model($organizationId: ID!) { matchingModel(organizationId: $organizationId) {
  activeVersion decisionsSinceRetrain retrainAfter retrainQueued minimumLists minimumMatchedLists targetPrecision defaultTargetPrecision
  versions { version active trainedLists heldOutLists heldOutRecallAt1 replacedVersion replacedRecallAt1 rolledBack }
  retrains { outcome message version labelledLists } } }`;
const RETRAIN = `mutation Retrain($organizationId: ID!) { matchingRetrainStart(organizationId: $organizationId) }`;

/**
 * `count` decided lists at a new competitor of a new website of the organization: three
 * candidates per product, alike in every signal but `sizeEqual`; a person matched the one with
 * equal sizes (or, `contradictHeldOut`, on the held-out products the one without).
 */
async function seedLists(w: CatalogueWorld, organizationId: string, count: number, contradictHeldOut = false) {
  const site = await createOrganizationWebsite(w.pool, organizationId);
  const competitor = (
    await w.pool.query<{ id: string }>(
      `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, 'Labels', $2) RETURNING id`,
      [site.id, `https://labels-${site.id}.example`],
    )
  ).rows[0]!.id;
  const base = { wordCosine: 0.7, gramCosine: 0.7, nameSimilarity: 0.6, brandEqual: 1, wordContainment: 0.8 };
  const items = Array.from({ length: count }, (_, i) => `R${i}`);
  const products = (
    await w.pool.query<{ id: string; item_id: string }>(
      `INSERT INTO products (organization_website_id, item_id, name) SELECT $1, item, 'Retrain product ' || item FROM unnest($2::text[]) item RETURNING id, item_id`,
      [site.id, items],
    )
  ).rows;
  const rows = products.flatMap((p) =>
    [0, 1, 2].map((k) => ({ p, k, right: k === (contradictHeldOut && heldOut(p.id) ? 1 : 0) })),
  );
  const offers = (
    await w.pool.query<{ id: string; external_id: string }>(
      `INSERT INTO competitor_products (competitor_id, external_id, name) SELECT $1, x, 'Offer ' || x FROM unnest($2::text[]) x RETURNING id, external_id`,
      [competitor, rows.map((r) => `${r.p.item_id}-${r.k}`)],
    )
  ).rows;
  const offerOf = new Map(offers.map((o) => [o.external_id, o.id]));
  const pairs = (
    await w.pool.query<{ id: string; product_id: string; competitor_product_id: string; status: string }>(
      `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, score, evidence)
     SELECT p, o, $1, s, 0.5, e FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::jsonb[]) AS t(p, o, s, e)
     RETURNING id, product_id, competitor_product_id, status`,
      [
        competitor,
        rows.map((r) => r.p.id),
        rows.map((r) => offerOf.get(`${r.p.item_id}-${r.k}`)),
        rows.map((r) => (r.right ? 'MATCHED' : 'WAITING')),
        rows.map((r) =>
          JSON.stringify({ signals: { ...base, ...(r.k === 0 ? { sizeEqual: 1 } : {}) }, model: 'default-1' }),
        ),
      ],
    )
  ).rows.filter((pair) => pair.status === 'MATCHED');
  await w.pool.query(
    `INSERT INTO matching_decisions (organization_website_id, match_id, product_id, competitor_product_id, competitor_id, actor_id, actor_email, event,
                                     status_before, stage_before, status_after, stage_after, version_before, version_after, score, source, batch_id)
     SELECT $1, m, p, o, $2, $3, $4, 'match', 'WAITING', 'candidate', 'MATCHED', 'candidate', 1, 2, 0.5, 'queue', gen_random_uuid()
       FROM unnest($5::uuid[], $6::uuid[], $7::uuid[]) AS t(m, p, o)`,
    [
      site.id,
      competitor,
      ADMIN.uid,
      ADMIN.email,
      pairs.map((x) => x.id),
      pairs.map((x) => x.product_id),
      pairs.map((x) => x.competitor_product_id),
    ],
  );
}

describe.each(engines)('Retraining the matching model on $name', (engine) => {
  let w: CatalogueWorld;
  let worker: JobWorker | undefined;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  }, 240_000);
  afterAll(async () => {
    await worker?.stop({ graceMs: 5_000 });
    if (w) {
      await matchingSettled(w.pool);
      await closeQueueOf(w.pool);
    }
    await w?.close();
  });

  it('too few decisions: the current model stays and the retrain says why; run as a job an Owner starts; a User may not; another organization is NOT_FOUND', async () => {
    const org = w.orgs.northwind!;
    await seedLists(w, org, 12);
    const byUser = await w.call(USER.uid, RETRAIN, { organizationId: org });
    expect(byUser.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await w.call(OWNER.uid, RETRAIN, { organizationId: w.orgs.bohemia });
    expect(other.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const started = await w.call(OWNER.uid, RETRAIN, { organizationId: org });
    expect(started.body).toMatchObject({ data: { matchingRetrainStart: true } });
    // Queued, not yet run: the console shows it waiting, and a second request queues nothing.
    expect((await w.call(OWNER.uid, MODEL, { organizationId: org })).body.data.matchingModel).toMatchObject({
      retrainQueued: true,
      retrains: [],
    });
    expect((await w.call(OWNER.uid, RETRAIN, { organizationId: org })).body).toMatchObject({
      data: { matchingRetrainStart: false },
    });
    worker = await startWorker({
      pool: w.pool,
      concurrency: 1,
      kinds: [MATCHING_RETRAIN],
      pollIntervalMs: 200,
      schedules: false,
    });
    const deadline = Date.now() + 60_000;
    let model: any;
    for (;;) {
      model = (await w.call(OWNER.uid, MODEL, { organizationId: org })).body.data.matchingModel;
      if ((model.retrains.length && !model.retrainQueued) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(model).toMatchObject({
      activeVersion: DEFAULT_MODEL.version,
      versions: [],
      decisionsSinceRetrain: 0,
      retrainAfter: 200,
      retrainQueued: false,
      minimumLists: 100,
      minimumMatchedLists: 30,
      targetPrecision: null,
      defaultTargetPrecision: 0.99,
    });
    expect(model.retrains).toEqual([
      {
        outcome: 'TOO_FEW_LABELS',
        version: null,
        labelledLists: 12,
        message: `Too few labelled lists to retrain: 12 decided (12 with a match); 100 (30 with a match) are needed. The current model ${DEFAULT_MODEL.version} stays.`,
      },
    ]);
    expect(
      (
        await w.pool.query(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'completed'`, [
          MATCHING_RETRAIN,
        ])
      ).rows[0].n,
    ).toBe(1);
  }, 120_000);

  it('decisions that teach what the model misses make a new active version; the next run scores with it', async () => {
    const org = w.orgs.danube!;
    await seedLists(w, org, 120);
    const outcome = await retrainOrganization(w.pool, org);
    expect(outcome).toMatchObject({
      outcome: 'trained',
      activeVersion: 'org-1',
      newVersion: 'org-1',
      labelledLists: 120,
    });
    expect(outcome.candidate!.logLikelihood).toBeGreaterThan(outcome.current!.logLikelihood);
    expect(outcome.candidate!.recallAt1).toBe(1);
    const model = (await w.call(ADMIN.uid, MODEL, { organizationId: org })).body.data.matchingModel;
    expect(model).toMatchObject({
      activeVersion: 'org-1',
      versions: [
        {
          version: 'org-1',
          active: true,
          rolledBack: false,
          replacedVersion: DEFAULT_MODEL.version,
          heldOutRecallAt1: 1,
        },
      ],
    });
    expect(model.versions[0].trainedLists + model.versions[0].heldOutLists).toBe(120);
    expect(model.retrains[0]).toMatchObject({ outcome: 'TRAINED', version: 'org-1' });

    // A run of the organization's catalogue scores with org-1, and keeps the signals it read.
    const s = await buildScenario(w, org);
    const started = await w.call(ADMIN.uid, START, { organizationWebsiteId: s.siteId });
    expect(started.body.errors).toBeUndefined();
    await matchingSettled(w.pool);
    const p = await pairs(w, s);
    expect(p['K1/A1']!.evidence).toMatchObject({ model: 'org-1', signals: expect.objectContaining({ gtinEqual: 1 }) });
  }, 180_000);

  it('a new model that does worse on the held-out decisions is rolled back: the current one stays', async () => {
    const org = w.orgs.bohemia!;
    await seedLists(w, org, 150, true);
    const outcome = await retrainOrganization(w.pool, org);
    expect(outcome).toMatchObject({
      outcome: 'rolled_back',
      activeVersion: DEFAULT_MODEL.version,
      newVersion: 'org-1',
    });
    expect(outcome.message).toMatch(
      new RegExp(`^Rolled back: org-1 did worse on \\d+ held-out lists .* ${DEFAULT_MODEL.version} stays\\.$`),
    );
    const model = (await w.call(ADMIN.uid, MODEL, { organizationId: org })).body.data.matchingModel;
    expect(model).toMatchObject({
      activeVersion: DEFAULT_MODEL.version,
      versions: [{ version: 'org-1', active: false, rolledBack: true }],
      retrains: [{ outcome: 'ROLLED_BACK', version: 'org-1' }],
    });
  }, 120_000);
});
