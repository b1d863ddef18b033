/**
 * Migrations 074, 107 and 110 (the keys' computation changed: model-numbers.ts, then normalize.ts's
 * decimal sizes; then the signals computed from the keys, features.ts): keys stored before each are stale at once, a full run is queued for every
 * website with keys, and that run recomputes every product's and competitor product's keys and
 * the competitors' term counts, on both engines.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, byRole, openCatalogueWorld, type CatalogueWorld } from '../../../test/catalogue-fixtures.ts';
import { availableEngines } from '../../../test/engines.ts';
import {
  buildScenario,
  csv,
  importCompetitorProducts,
  PRODUCTS,
  PRODUCTS_HEADER,
  refreshIds,
  RIVAL_B,
  RUN,
  START,
  uploadFeed,
  type Scenario,
} from '../../../test/matching-runs-fixtures.ts';
import { KEYS_VERSION, recountTerms } from './keys.ts';
import { configureMatching, matchingSettled } from './queue.ts';

const engines = await availableEngines();
const OWNER = byRole('Owner');
const migration = (file: string) => readFileSync(new URL(`../../db/migrations/${file}`, import.meta.url), 'utf8');
const MIGRATION_074 = migration('074_matching_keys_version.sql');
const MIGRATION_107 = migration('107_matching_keys_version.sql');
/** The latest: the signals' computation changed (features.ts), the keys did not. */
const MIGRATION_110 = migration('110_matching_keys_version.sql');
/**
 * The fingerprint as a build stored it: without a version before migration 074
 * (041_matching_runs.sql), with 'keys 2' from 074 to 107.
 */
const OLD_FINGERPRINT = (alias: string, version: string | null = null) => {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const fields = `${column('name')}, coalesce(${column('brand')}, chr(30)), coalesce(${column('gtin')}, chr(30)), coalesce(${column('mpn')}, chr(30))`;
  return `md5(concat_ws(chr(31), ${version === null ? '' : `'${version}', `}${fields}))`;
};
/** Puts back the function a build before the migration had: it matches the old fingerprints. */
const OLD_FUNCTION = (version: string | null) =>
  `CREATE OR REPLACE FUNCTION matching_fingerprint(name text, brand text, gtin text, mpn text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN ${OLD_FINGERPRINT('', version)}`;

describe.each(engines)('matching keys of an older computation on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    configureMatching(w.pool, { calibration: 'fixed' });
  });
  afterAll(async () => {
    await w?.close();
  });

  /** A full run of the scenario as the Owner, finished. */
  async function fullRun(s: Scenario) {
    const started = await w.call(OWNER.uid, START, { organizationWebsiteId: s.siteId });
    expect(started.body.errors).toBeUndefined();
    await matchingSettled(w.pool);
    expect(
      (await w.call(OWNER.uid, RUN, { runId: started.body.data.matchingRunStart.run.id })).body.data.matchingRun,
    ).toMatchObject({ status: 'SUCCEEDED' });
  }
  /** Gives the scenario's product (or competitor product) keys the fingerprints `version` computed. */
  const fingerprintAs = (s: Scenario, version: string, rows: 'products' | 'offers') =>
    rows === 'products'
      ? w.pool.query(
          `UPDATE product_matching_keys k SET fingerprint = ${OLD_FINGERPRINT('p', version)}
             FROM products p WHERE p.id = k.product_id AND k.organization_website_id = $1`,
          [s.siteId],
        )
      : w.pool.query(
          `UPDATE competitor_product_matching_keys k SET fingerprint = ${OLD_FINGERPRINT('cp', version)}
             FROM competitor_products cp WHERE cp.id = k.competitor_product_id AND k.competitor_id = ANY($1::uuid[])`,
          [[s.rivalA, s.rivalB]],
        );
  /** Key rows whose fingerprint differs from their source's, as the function computes it now. */
  const staleRows = async (s: Scenario) =>
    (
      await w.pool.query<{ products: number; offers: number }>(
        `SELECT (SELECT count(*)::int FROM product_matching_keys k JOIN products p ON p.id = k.product_id
                  WHERE k.organization_website_id = $1 AND k.fingerprint <> matching_fingerprint(p.name, p.brand, p.gtin, p.mpn)) AS products,
                (SELECT count(*)::int FROM competitor_product_matching_keys k JOIN competitor_products cp ON cp.id = k.competitor_product_id
                  WHERE k.competitor_id = ANY($2::uuid[]) AND k.fingerprint <> matching_fingerprint(cp.name, cp.brand, cp.gtin, cp.mpn)) AS offers`,
        [s.siteId, [s.rivalA, s.rivalB]],
      )
    ).rows[0]!;
  /** The migration queued one full run for the website, and that run keyed every row again. */
  async function queuedRunRecomputes(s: Scenario, keyed: number) {
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
    expect(runs).toEqual([{ status: 'succeeded', keys_refreshed: keyed }]);
    expect(await staleRows(s)).toEqual({ products: 0, offers: 0 });
  }

  it('carry the version the stored signals name (KEYS_VERSION, labels.ts), the one the latest migration sets', async () => {
    const { rows } = await w.pool.query<{ same: boolean }>(
      `SELECT matching_fingerprint('n', NULL, NULL, NULL) = md5(concat_ws(chr(31), $1::text, 'n', chr(30), chr(30), chr(30))) AS same`,
      [KEYS_VERSION],
    );
    expect(rows).toEqual([{ same: true }]);
    expect(MIGRATION_110).toContain(`'${KEYS_VERSION}'`);
  });

  it('are stale after migration 074 and recomputed by the full run it queues', async () => {
    const s = await buildScenario(w, w.orgs.northwind!);
    await fullRun(s);

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
    const packs = async () =>
      (
        await w.pool.query<{ packs: number }>(
          `SELECT count(*)::int AS packs FROM competitor_product_matching_keys k
            WHERE k.competitor_id = ANY($1::uuid[]) AND '2pk' = ANY(k.name_codes)`,
          [[s.rivalA, s.rivalB]],
        )
      ).rows[0]!.packs;
    // The database as it was before the migration: the function of 041 matches the old fingerprints.
    await w.pool.query(OLD_FUNCTION(null));
    expect(await staleRows(s)).toEqual({ products: 0, offers: 0 });
    expect(await packs()).toBe(6 + 4);

    await w.pool.query(MIGRATION_074);
    expect(await staleRows(s)).toEqual({ products: 7, offers: 6 + 4 });
    await queuedRunRecomputes(s, 7 + 6 + 4);
    expect(await packs()).toBe(0);
    // the competitors' model-number counts follow the recomputed keys
    const { rows: counted } = await w.pool.query(
      `SELECT count(*)::int AS n FROM competitor_matching_terms WHERE competitor_id = ANY($1::uuid[]) AND kind = 'code' AND term = '2pk' AND documents > 0`,
      [[s.rivalA, s.rivalB]],
    );
    expect(counted).toEqual([{ n: 0 }]);
  });

  it('are stale after migration 107 (decimal sizes) and recomputed by the full run it queues', async () => {
    const s = await buildScenario(w, w.orgs.northwind!);
    // A size written with a decimal point and a hyphen, on both sides.
    await uploadFeed(
      w,
      ADMIN.uid,
      s.feedId,
      csv(PRODUCTS_HEADER, [...PRODUCTS, 'K8,Monitor Zeta 15.6-inch black,5000,,Zeta,']),
    );
    await importCompetitorProducts(w, s.rivalB, [
      ...RIVAL_B,
      'B8,Zeta Monitor 15.6-inch black,Zeta,,,4900,CZK,in_stock,',
    ]);
    await w.pool.query('DELETE FROM matching_changes WHERE organization_website_id = $1', [s.siteId]);
    await w.pool.query('DELETE FROM matching_runs WHERE organization_website_id = $1', [s.siteId]);
    await refreshIds(w, s);
    await fullRun(s);
    const keysOf = async () => ({
      product: (
        await w.pool.query(
          `SELECT k.normalized_name, k.name_codes, k.code_variants,
                  ARRAY(SELECT c.code FROM product_matching_codes c WHERE c.product_id = k.product_id ORDER BY 1) AS codes
             FROM product_matching_keys k WHERE k.product_id = $1`,
          [s.product.K8],
        )
      ).rows[0],
      offer: (
        await w.pool.query(
          `SELECT k.normalized_name, k.name_codes,
                  ARRAY(SELECT c.code FROM competitor_product_matching_codes c WHERE c.competitor_product_id = k.competitor_product_id ORDER BY 1) AS codes
             FROM competitor_product_matching_keys k WHERE k.competitor_product_id = $1`,
          [s.offer.B8],
        )
      ).rows[0],
    });
    const current = {
      product: { normalized_name: 'monitor zeta 15.6in black', name_codes: [], code_variants: [], codes: [] },
      offer: { normalized_name: 'zeta monitor 15.6in black', name_codes: [], codes: [] },
    };
    expect(await keysOf()).toEqual(current);
    /** The competitor's count of a word or model number (0 when none is kept). */
    const documents = async (kind: string, term: string) =>
      (
        await w.pool.query<{ n: number }>(
          `SELECT coalesce(sum(documents), 0)::int AS n FROM competitor_matching_terms WHERE competitor_id = $1 AND kind = $2 AND term = $3`,
          [s.rivalB, kind, term],
        )
      ).rows[0]!.n;

    // The keys as a build from 074 to 107 ('keys 2') left them: '15.6-inch' was the model number
    // '156inch' (normalize.ts before the decimal sizes), counted by the competitor's terms.
    const version = 'keys 2';
    await fingerprintAs(s, version, 'products');
    await w.pool.query(
      `UPDATE product_matching_keys SET normalized_name = 'monitor zeta 156inch black', name_codes = '{156inch}',
              code_variants = '{156i,156in,156inc,56inch,6inch}' WHERE product_id = $1`,
      [s.product.K8],
    );
    await w.pool.query(
      `INSERT INTO product_matching_codes (product_id, organization_website_id, code) VALUES ($1, $2, '156inch')`,
      [s.product.K8, s.siteId],
    );
    await fingerprintAs(s, version, 'offers');
    await w.pool.query(
      `UPDATE competitor_product_matching_keys SET normalized_name = 'zeta monitor 156inch black', name_codes = '{156inch}'
        WHERE competitor_product_id = $1`,
      [s.offer.B8],
    );
    await w.pool.query(
      `INSERT INTO competitor_product_matching_codes (competitor_product_id, competitor_id, code, reversed_code)
       VALUES ($1, $2, '156inch', reverse('156inch'))`,
      [s.offer.B8, s.rivalB],
    );
    await recountTerms(w.pool, s.rivalB);
    await w.pool.query(OLD_FUNCTION(version));
    expect(await staleRows(s)).toEqual({ products: 0, offers: 0 });
    expect(await documents('word', '156inch')).toBe(1);
    expect(await documents('code', '156inch')).toBe(1);
    expect(await documents('word', '15.6in')).toBe(0);

    await w.pool.query(MIGRATION_107);
    expect(await staleRows(s)).toEqual({ products: 8, offers: 6 + 5 });
    await queuedRunRecomputes(s, 8 + 6 + 5);
    expect(await keysOf()).toEqual(current);
    // the competitor's word and model-number counts follow the recomputed keys
    expect(await documents('word', '156inch')).toBe(0);
    expect(await documents('code', '156inch')).toBe(0);
    expect(await documents('word', '15.6in')).toBe(1);
  });

  it('are stale after migration 110 (the signals of numbers and sizes) and keyed again by the full run it queues', async () => {
    const s = await buildScenario(w, w.orgs.northwind!);
    await fullRun(s);
    // The keys as a build from 107 to 110 ('keys 3') left them: the same keys, the older version.
    const version = 'keys 3';
    await fingerprintAs(s, version, 'products');
    await fingerprintAs(s, version, 'offers');
    await w.pool.query(OLD_FUNCTION(version));
    expect(await staleRows(s)).toEqual({ products: 0, offers: 0 });

    await w.pool.query(MIGRATION_110);
    expect(await staleRows(s)).toEqual({ products: 7, offers: 6 + 4 });
    await queuedRunRecomputes(s, 7 + 6 + 4);
  });
});
