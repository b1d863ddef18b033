/**
 * Matching runs score with the learned model (api/src/matching/model.ts): the stored evidence
 * names the model's version and each signal's contribution; the competitor's term counts hold
 * the name trigrams the score weighs (kind 'gram'), as pg_trgm and similarity.ts write them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../src/matching/default-model.ts';
import { matchingSettled } from '../src/matching/runs/queue.ts';
import { trigrams } from '../src/matching/similarity.ts';
import { availableEngines } from './engines.ts';
import { byRole, openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';
import { buildScenario, pairs, START } from './matching-runs-fixtures.ts';

const engines = await availableEngines();
const OWNER = byRole('Owner');

describe.each(engines)('Learned matching in runs on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('stores the model version and the signals behind each score, and counts name trigrams per competitor', async () => {
    const s = await buildScenario(w, w.orgs.northwind!);
    const started = await w.call(OWNER.uid, START, { organizationWebsiteId: s.siteId });
    expect(started.body.errors).toBeUndefined();
    await matchingSettled(w.pool);
    const p = await pairs(w, s);
    expect(Object.keys(p).length).toBeGreaterThan(0);
    for (const pair of Object.values(p)) {
      expect(pair.evidence.model).toBe(DEFAULT_MODEL.version);
      expect(Object.keys(pair.evidence.contributions ?? {}).length).toBeGreaterThan(0);
    }
    // Same EAN: the identifier carries the score.
    expect(p['K1/A1']!.evidence.contributions.gtinEqual).toBeCloseTo(DEFAULT_MODEL.weights.gtinEqual, 3);
    expect(p['K1/A1']!.score).toBeGreaterThan(0.9);

    const { rows } = await w.pool.query<{ term: string; documents: number }>(
      `SELECT t.term, t.documents FROM competitor_matching_terms t WHERE t.competitor_id = $1 AND t.kind = 'gram'`,
      [s.rivalA],
    );
    const counted = new Map(rows.map((r) => [r.term, r.documents]));
    const names = (
      await w.pool.query<{ normalized_name: string }>(
        'SELECT normalized_name FROM competitor_product_matching_keys WHERE competitor_id = $1',
        [s.rivalA],
      )
    ).rows.map((r) => r.normalized_name);
    const expected = new Map<string, number>();
    for (const name of names) for (const gram of trigrams(name)) expected.set(gram, (expected.get(gram) ?? 0) + 1);
    expect(counted).toEqual(expected);
  });
});
