/**
 * Migration 074 (the keys' computation changed, model-numbers.ts): keys stored before it are
 * stale at once, a full run is queued for every website with keys, and that run recomputes every
 * product's and competitor product's keys, on both engines.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byRole, openCatalogueWorld, type CatalogueWorld } from '../../../test/catalogue-fixtures.ts';
import { availableEngines } from '../../../test/engines.ts';
import { buildScenario, RUN, START } from '../../../test/matching-runs-fixtures.ts';
import { KEYS_VERSION } from './keys.ts';
import { configureMatching, matchingSettled } from './queue.ts';

const engines = await availableEngines();
const OWNER = byRole('Owner');
const MIGRATION = readFileSync(new URL('../../db/migrations/074_matching_keys_version.sql', import.meta.url), 'utf8');
/** The fingerprint a build before migration 074 stored (041_matching_runs.sql). */
const OLD_FINGERPRINT = (alias: string) => {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `md5(concat_ws(chr(31), ${column('name')}, coalesce(${column('brand')}, chr(30)), coalesce(${column('gtin')}, chr(30)), coalesce(${column('mpn')}, chr(30))))`;
};

describe.each(engines)('matching keys of an older computation on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    configureMatching(w.pool, { calibration: 'fixed' });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('carry the version the stored signals name (KEYS_VERSION, labels.ts)', async () => {
    const { rows } = await w.pool.query<{ same: boolean }>(
      `SELECT matching_fingerprint('n', NULL, NULL, NULL) = md5(concat_ws(chr(31), $1::text, 'n', chr(30), chr(30), chr(30))) AS same`,
      [KEYS_VERSION],
    );
    expect(rows).toEqual([{ same: true }]);
  });

  it('are stale after migration 074 and recomputed by the full run it queues', async () => {
    const s = await buildScenario(w, w.orgs.northwind!);
    const started = await w.call(OWNER.uid, START, { organizationWebsiteId: s.siteId });
    expect(started.body.errors).toBeUndefined();
    await matchingSettled(w.pool);
    expect(
      (await w.call(OWNER.uid, RUN, { runId: started.body.data.matchingRunStart.run.id })).body.data.matchingRun,
    ).toMatchObject({ status: 'SUCCEEDED' });

    // The keys as a build before 074 left them: its fingerprint, and a pack count ('2pk') that
    // the old rules took for a model number.
    await w.pool.query(
      `UPDATE product_matching_keys k SET fingerprint = ${OLD_FINGERPRINT('p')}, name_codes = k.name_codes || '{2pk}'
         FROM products p WHERE p.id = k.product_id AND k.organization_website_id = $1`,
      [s.siteId],
    );
    await w.pool.query(
      `UPDATE competitor_product_matching_keys k SET fingerprint = ${OLD_FINGERPRINT('cp')}, name_codes = k.name_codes || '{2pk}'
         FROM competitor_products cp WHERE cp.id = k.competitor_product_id AND k.competitor_id = ANY($1::uuid[])`,
      [[s.rivalA, s.rivalB]],
    );
    const stale = async () =>
      (
        await w.pool.query<{ products: number; offers: number; packs: number }>(
          `SELECT (SELECT count(*)::int FROM product_matching_keys k JOIN products p ON p.id = k.product_id
                    WHERE k.organization_website_id = $1 AND k.fingerprint <> matching_fingerprint(p.name, p.brand, p.gtin, p.mpn)) AS products,
                  (SELECT count(*)::int FROM competitor_product_matching_keys k JOIN competitor_products cp ON cp.id = k.competitor_product_id
                    WHERE k.competitor_id = ANY($2::uuid[]) AND k.fingerprint <> matching_fingerprint(cp.name, cp.brand, cp.gtin, cp.mpn)) AS offers,
                  (SELECT count(*)::int FROM competitor_product_matching_keys k
                    WHERE k.competitor_id = ANY($2::uuid[]) AND '2pk' = ANY(k.name_codes)) AS packs`,
          [s.siteId, [s.rivalA, s.rivalB]],
        )
      ).rows[0]!;
    // The database as it was before the migration: the function of 041 matches the old fingerprints.
    await w.pool.query(`CREATE OR REPLACE FUNCTION matching_fingerprint(name text, brand text, gtin text, mpn text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN ${OLD_FINGERPRINT('')}`);
    expect(await stale()).toEqual({ products: 0, offers: 0, packs: 6 + 4 });

    await w.pool.query(MIGRATION);
    expect(await stale()).toEqual({ products: 7, offers: 6 + 4, packs: 6 + 4 });
    const { rows: queued } = await w.pool.query(
      `SELECT kind, trigger, competitor_id FROM matching_runs WHERE organization_website_id = $1 AND status = 'queued'`,
      [s.siteId],
    );
    expect(queued).toEqual([{ kind: 'full', trigger: 'changes', competitor_id: null }]);

    await matchingSettled(w.pool);
    const { rows: runs } = await w.pool.query(
      `SELECT status, keys_refreshed FROM matching_runs WHERE organization_website_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [s.siteId],
    );
    expect(runs).toEqual([{ status: 'succeeded', keys_refreshed: 7 + 6 + 4 }]);
    expect(await stale()).toEqual({ products: 0, offers: 0, packs: 0 });
    // the competitors' model-number counts follow the recomputed keys
    const { rows: counted } = await w.pool.query(
      `SELECT count(*)::int AS n FROM competitor_matching_terms WHERE competitor_id = ANY($1::uuid[]) AND kind = 'code' AND term = '2pk' AND documents > 0`,
      [[s.rivalA, s.rivalB]],
    );
    expect(counted).toEqual([{ n: 0 }]);
  });
});
