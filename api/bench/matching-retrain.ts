/**
 * `npm run bench:matching-retrain -- [options]`: a retrain of an organization's
 * matching model (api/src/matching/retrain.ts) on N human decisions, end to end: reading the
 * decided lists from the database, training with the default model as prior, measuring both on
 * the held-out fifth, recording the version. Goal (issue 17): 50,000 decisions in 60 s or less.
 *
 *   --engine pglite|postgres   (postgres)
 *   --decisions 50000          decided lists, one human decision each (3 candidates per list;
 *                              a fifth of them "none of these": every candidate marked NEVER_MATCH,
 *                              three decisions)
 *
 * The lists are synthetic: the right candidate leads on a few signals with noise, as reviewers'
 * decisions on real catalogues do; what is measured is the time, not the model.
 */
import { parseArgs } from 'node:util';
import { migrate } from '../src/db/migrate.ts';
import { loadLabelledLists, retrainOrganization } from '../src/matching/retrain.ts';
import { openBenchDatabase } from './harness.ts';
import type { BenchEngine } from './matching.ts';

const { values } = parseArgs({
  options: { engine: { type: 'string', default: 'postgres' }, decisions: { type: 'string', default: '50000' } },
});
const engine = values.engine as BenchEngine;
const lists = Number(values.decisions);
if (!['pglite', 'postgres'].includes(engine) || !(lists > 0))
  throw new Error('usage: --engine pglite|postgres --decisions N');

const { db, cleanup } = await openBenchDatabase(engine, 'bench_matching_retrain');
try {
  await migrate(db.pool);
  const seeding = performance.now();
  const org = (
    await db.pool.query<{ id: string }>(
      `INSERT INTO organizations (slug, name) VALUES ('bench-retrain', 'Bench Retrain') RETURNING id`,
    )
  ).rows[0]!.id;
  const user = 'bench-retrain-reviewer';
  await db.pool.query(
    `INSERT INTO app_users (id, email, roles, organization_id) VALUES ($1, 'reviewer@bench.example', '{Owner}', $2)`,
    [user, org],
  );
  const site = (
    await db.pool.query<{ id: string }>(
      `WITH w AS (INSERT INTO websites (name, url) VALUES ('Bench Retrain Shop', 'https://bench-retrain.example') RETURNING id)
     INSERT INTO organization_websites (organization_id, website_id, name) SELECT $1, id, 'Bench Retrain Shop' FROM w RETURNING id`,
      [org],
    )
  ).rows[0]!.id;
  const competitor = (
    await db.pool.query<{ id: string }>(
      `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, 'Bench Rival', 'https://bench-rival.example') RETURNING id`,
      [site],
    )
  ).rows[0]!.id;
  await db.pool.query('SELECT setseed(0.17)');
  await db.pool.query(
    `INSERT INTO products (organization_website_id, item_id, name) SELECT $1, 'B' || i, 'Bench product ' || i FROM generate_series(1, $2) i`,
    [site, lists],
  );
  await db.pool.query(
    `INSERT INTO competitor_products (competitor_id, external_id, name) SELECT $1, 'B' || i || '-' || k, 'Bench offer ' || i || ' ' || k FROM generate_series(1, $2) i, generate_series(0, 2) k`,
    [competitor, lists],
  );
  // Candidate 0 is the right one in four lists of five; the fifth list has none.
  await db.pool.query(
    `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, score, evidence)
     SELECT p.id, cp.id, $1,
            CASE WHEN k = 0 AND i % 5 <> 0 THEN 'MATCHED' WHEN i % 5 = 0 THEN 'NEVER_MATCH' ELSE 'WAITING' END, 0.5,
            jsonb_build_object('model', 'default-1', 'signals', jsonb_build_object(
              'wordCosine', round((CASE WHEN k = 0 AND i % 5 <> 0 THEN 0.6 ELSE 0.4 END + random() * 0.4)::numeric, 4),
              'gramCosine', round((CASE WHEN k = 0 AND i % 5 <> 0 THEN 0.55 ELSE 0.4 END + random() * 0.4)::numeric, 4),
              'nameSimilarity', round((0.3 + random() * 0.5)::numeric, 4),
              'brandEqual', CASE WHEN random() < 0.8 THEN 1 ELSE 0 END,
              'modelNumberExact', CASE WHEN k = 0 AND i % 5 <> 0 AND random() < 0.6 THEN 1 WHEN random() < 0.05 THEN 1 ELSE 0 END,
              'sizeConflict', CASE WHEN k <> 0 AND random() < 0.2 THEN 1 ELSE 0 END,
              'priceLogRatio', round((random() * CASE WHEN k = 0 THEN 0.3 ELSE 0.8 END)::numeric, 4)))
       FROM generate_series(1, $2) i CROSS JOIN generate_series(0, 2) k
       JOIN products p ON p.organization_website_id = $3 AND p.item_id = 'B' || i
       JOIN competitor_products cp ON cp.competitor_id = $1 AND cp.external_id = 'B' || i || '-' || k`,
    [competitor, lists, site],
  );
  await db.pool.query(
    `INSERT INTO matching_decisions (organization_website_id, match_id, product_id, competitor_product_id, competitor_id, actor_id, actor_email, event,
                                     status_before, stage_before, status_after, stage_after, version_before, version_after, score, source, batch_id)
     SELECT $1, m.id, m.product_id, m.competitor_product_id, m.competitor_id, $2, 'reviewer@bench.example',
            CASE WHEN m.status = 'MATCHED' THEN 'match' ELSE 'never_match' END, 'WAITING', 'candidate', m.status, 'candidate', 1, 2, m.score, 'queue', gen_random_uuid()
       FROM product_matches m WHERE m.competitor_id = $3 AND m.status IN ('MATCHED', 'NEVER_MATCH')`,
    [site, user, competitor],
  );
  await db.pool.query('ANALYZE');
  const decisions = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM matching_decisions')).rows[0]!
    .n;
  console.log(
    `engine ${engine}: ${lists.toLocaleString('en')} decided lists (${decisions.toLocaleString('en')} decisions) seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const reading = performance.now();
  const loaded = await loadLabelledLists(db.pool, org);
  console.log(
    `reading the decided lists alone: ${loaded.length.toLocaleString('en')} lists in ${((performance.now() - reading) / 1000).toFixed(1)} s`,
  );
  const outcome = await retrainOrganization(db.pool, org);
  const phases = Object.entries(outcome.phases)
    .map(([phase, seconds]) => `${phase} ${seconds.toFixed(1)} s`)
    .join(', ');
  console.log(
    `retrain: ${outcome.outcome} in ${outcome.seconds.toFixed(1)} s (goal 60 s; ${phases}): ${outcome.message}`,
  );
} finally {
  await db.close();
  await cleanup();
}
