/**
 * The labels after a change of the keys' computation (api/src/matching/runs/labels.ts): pairs a
 * full run does not score again (decided by a person or automatically) keep signals; when those
 * are of an older keys version, the run computes them again from the current keys, and only
 * them: status, stage, version, score, the rest of the evidence and the decision log stay. A
 * retrain then reads the current meaning. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLabelledLists } from '../src/matching/retrain.ts';
import { KEYS_VERSION } from '../src/matching/runs/keys.ts';
import { configureMatching, matchingSettled } from '../src/matching/runs/queue.ts';
import { applyTransitionInTransaction } from '../src/matching/state/apply.ts';
import { byRole, openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';
import { availableEngines } from './engines.ts';
import { buildScenario, pairs, RUN, reviewer, START, type Scenario } from './matching-runs-fixtures.ts';

const engines = await availableEngines();
const OWNER = byRole('Owner');

describe.each(engines)('signals of decided pairs after a change of the keys on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    configureMatching(w.pool, { calibration: 'fixed' });
  });
  afterAll(async () => {
    await w?.close();
  });

  async function fullRun(s: Scenario) {
    const started = await w.call(OWNER.uid, START, { organizationWebsiteId: s.siteId });
    expect(started.body.errors).toBeUndefined();
    await matchingSettled(w.pool);
    const run = (await w.call(OWNER.uid, RUN, { runId: started.body.data.matchingRunStart.run.id })).body.data
      .matchingRun;
    expect(run).toMatchObject({ status: 'SUCCEEDED' });
  }
  const log = async (ids: string[]) =>
    (await w.pool.query(`SELECT * FROM matching_decisions WHERE match_id = ANY($1::uuid[]) ORDER BY id`, [ids])).rows;
  const withoutSignals = ({ signals: _s, signalsKeys: _k, ...rest }: Record<string, unknown>) => rest;

  it('are computed again from the current keys; status, score, evidence shown and the log stay', async () => {
    const organizationId = w.orgs.northwind!;
    const s = await buildScenario(w, organizationId);
    await fullRun(s);
    const first = await pairs(w, s);
    // Every stored pair names the keys its signals were computed with.
    for (const pair of Object.values(first)) expect(pair.evidence.signalsKeys).toBe(KEYS_VERSION);

    // A person decides the pair the run left to reviewers (the same listing twice): one of the
    // two matched, the other never (the other pairs were matched automatically or wait for
    // confirmation).
    const matchKey = 'K4/A4a';
    const neverKey = 'K4/A4b';
    expect([first[matchKey]!.status, first[neverKey]!.status]).toEqual(['WAITING', 'WAITING']);
    await applyTransitionInTransaction(w.pool, {
      matchId: first[matchKey]!.id,
      event: 'match',
      actor: reviewer,
      source: 'queue',
    });
    await applyTransitionInTransaction(w.pool, {
      matchId: first[neverKey]!.id,
      event: 'never_match',
      actor: reviewer,
      source: 'queue',
    });
    const decided = Object.entries(await pairs(w, s)).filter(
      ([, p]) => p.status === 'MATCHED' || p.status === 'NEVER_MATCH',
    );
    expect(decided.map(([key]) => key)).toEqual(expect.arrayContaining([matchKey, neverKey]));
    const ids = decided.map(([, p]) => p.id);

    // The decided pairs as a build before the keys' change left them: a model-number conflict the
    // older rules saw, no keys version.
    await w.pool.query(
      `UPDATE product_matches SET evidence = (evidence - 'signalsKeys') || jsonb_build_object('signals', (evidence -> 'signals') || '{"modelNumbersConflict": 1}')
        WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const before = await pairs(w, s);
    const logBefore = await log(ids);
    expect(logBefore.length).toBeGreaterThanOrEqual(2);
    for (const [key] of decided) expect(before[key]!.evidence.signals.modelNumbersConflict).toBe(1);

    await fullRun(s);
    const after = await pairs(w, s);
    for (const [key] of decided) {
      // the signals of the current keys (what the first run computed), with their version
      expect(after[key]!.evidence.signals, key).toEqual(first[key]!.evidence.signals);
      expect(after[key]!.evidence.signals.modelNumbersConflict, key).toBeUndefined();
      expect(after[key]!.evidence.signalsKeys, key).toBe(KEYS_VERSION);
      // nothing else of the pair
      const { id, status, stage, version, score } = before[key]!;
      expect(after[key], key).toMatchObject({ id, status, stage, version, score });
      expect(withoutSignals(after[key]!.evidence), key).toEqual(withoutSignals(before[key]!.evidence));
    }
    expect(await log(ids)).toEqual(logBefore);

    // A retrain reads the labels with the current meaning.
    const lists = await loadLabelledLists(w.pool, organizationId);
    const matched = lists.find((l) => l.productId === s.product[matchKey.split('/')[0]!]);
    expect(matched?.matches).toContain(true);
    for (const candidate of matched!.candidates) expect(candidate.modelNumbersConflict).toBe(0);
  });
});
