/**
 * `npm run load:matching -- [--engine pglite|postgres|both] [--reviewers 20] [--seconds 60]
 *  [--products 3000] [--retry-share 0.1] [--undo-share 0.05]`
 *
 * Load of the product matching queue through the API (in process: token check, policy, tenant
 * scope, SQL, serialization, as a request of the console): `--reviewers` reviewers (Owners and
 * Users of one organization) work one website's queue for `--seconds` seconds, each as the
 * console does: claim the next product with two more prefetched, decide each competitor's
 * candidates (match the best, never match it, or skip), sometimes send a decision twice with the
 * same idempotency key (a retry) and sometimes undo. Then it checks:
 *   1. no product was handed to two reviewers at once (claims seen by the reviewers, and no
 *      product decided by two reviewers in the log);
 *   2. no decision lost or applied twice (every acknowledged decision is in the log once, every
 *      retry returned the first answer, each pair's version is 1 + its logged transitions);
 *   3. statistics consistent (the API's six statistics, the queue rows and the queue's size equal a recount).
 * and prints its figures (decisions per second, p50/p95 per request, conflicts by reason).
 * Exit status 1 when a check fails. PostgreSQL: DATABASE_URL or 127.0.0.1:5432 (skipped when
 * unreachable with --engine both).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTokenVerifier } from '../packages/firebase-token/index.ts';
import { loadAccessControl } from '../api/src/access.ts';
import { createApi, type Api } from '../api/src/app.ts';
import { openDatabase, type Database } from '../api/src/db/database.ts';
import { migrate } from '../api/src/db/migrate.ts';
import { seedDemoData } from '../api/src/seed/demo-data.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    reviewers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    products: { type: 'string', default: '3000' },
    'retry-share': { type: 'string', default: '0.1' },
    'undo-share': { type: 'string', default: '0.05' },
  },
});
const REVIEWERS = Number(options.reviewers);
const SECONDS = Number(options.seconds);
const PRODUCTS = Number(options.products);
const RETRY_SHARE = Number(options['retry-share']);
const UNDO_SHARE = Number(options['undo-share']);
const PROJECT_ID = 'demo-price-console';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const PAIR = 'id status stage version score competitorProduct { id price }';
const PRODUCT =
  'product { id } waitingToMatch lease { userId mine expiresAt } competitors { competitor { id } pairs { ' +
  PAIR +
  ' } }';
const DECISION = 'id matchId event statusAfter version actor { id }';
const OPS = {
  claimNext: `mutation MatchingClaimNext($organizationWebsiteId: ID!, $count: Int, $excludeProductIds: [ID!]) {
    matchingClaimNext(organizationWebsiteId: $organizationWebsiteId, count: $count, excludeProductIds: $excludeProductIds) { ${PRODUCT} } }`,
  decide: `mutation MatchingDecide($input: MatchingDecisionInput!) { matchingDecide(input: $input) { decisions { ${DECISION} } replayed product { ${PRODUCT} } } }`,
  skipProduct: `mutation MatchingSkipProduct($input: MatchingSkipProductInput!) { matchingSkipProduct(input: $input) { decisions { ${DECISION} } replayed product { ${PRODUCT} } } }`,
  undo: `mutation MatchingUndo($input: MatchingUndoInput!) { matchingUndo(input: $input) { decisions { ${DECISION} } replayed product { ${PRODUCT} } } }`,
  statistics: `query MatchingStatistics($organizationWebsiteId: ID!) { matchingStatistics(organizationWebsiteId: $organizationWebsiteId) {
    overall { matched waitingToMatch waitingToConfirm skipped neverMatch expired } competitors { competitor { id } statistics { matched waitingToMatch waitingToConfirm skipped neverMatch expired } } productsWaitingToMatch } }`,
};

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An Auth-emulator-shaped (unsigned) ID token, as the local stack accepts. */
function token(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ email: `${uid}@load.test`, aud: PROJECT_ID, iss: `https://securetoken.google.com/${PROJECT_ID}`, sub: uid, iat: now, exp: now + 7200 })}.`;
}

interface Answer {
  data?: any;
  errors?: Array<{ message: string; extensions?: Record<string, any> }>;
}

class Figures {
  times = new Map<string, number[]>();
  conflicts = new Map<string, number>();
  record(kind: string, ms: number) {
    let list = this.times.get(kind);
    if (!list) this.times.set(kind, (list = []));
    list.push(ms);
  }
  conflict(reason: string) {
    this.conflicts.set(reason, (this.conflicts.get(reason) ?? 0) + 1);
  }
}

async function call(
  api: Api,
  figures: Figures,
  uid: string,
  kind: keyof typeof OPS,
  variables: Record<string, unknown>,
): Promise<Answer> {
  const started = performance.now();
  const response = await api.fetch('http://load/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token(uid)}` },
    body: JSON.stringify({ query: OPS[kind], variables }),
  });
  const body = (await response.json()) as Answer;
  figures.record(kind, performance.now() - started);
  for (const error of body.errors ?? []) {
    if (error.extensions?.code === 'CONFLICT') figures.conflict(error.extensions.reason);
    else throw new Error(`${kind}: ${response.status} ${error.extensions?.code} ${error.message}`);
  }
  return body;
}

async function openEngine(name: string): Promise<{ db: Database; cleanup(): Promise<void> } | null> {
  if (name === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'load-matching-'));
    return {
      db: await openDatabase({ pgliteDir: dir }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const scratch = `load_matching_${process.pid}`;
  let admin: Database;
  try {
    admin = await openDatabase({ databaseUrl: POSTGRES_URL, pgliteDir: '', poolSize: 1 });
  } catch {
    if (options.engine === 'both') {
      console.log('\npostgres: not reachable, skipped');
      return null;
    }
    throw new Error(`PostgreSQL not reachable at ${POSTGRES_URL}`);
  }
  await admin.pool.query(`DROP DATABASE IF EXISTS ${scratch}`);
  await admin.pool.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${scratch}`;
  return {
    db: await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 10 }),
    cleanup: async () => {
      await admin.pool.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** A website of the northwind demo organization with `PRODUCTS` products, 2 competitors, 3 candidates each. */
async function seedQueue(
  pool: Database['pool'],
): Promise<{ site: string; reviewers: Array<{ uid: string; role: string }> }> {
  const { rows } = await pool.query(
    `WITH w AS (INSERT INTO websites (name, url) VALUES ('Load Shop', 'https://load-shop.example') RETURNING id)
     INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Load Shop' FROM organizations o, w WHERE o.slug = 'northwind' RETURNING id, organization_id`,
  );
  const site = rows[0].id as string;
  await pool.query(
    `INSERT INTO products (organization_website_id, item_id, name, brand, category, price)
     SELECT $1, 'L-' || i, 'Load product ' || i, 'Brand ' || (i % 7), 'Category ' || (i % 5), 100 + (i % 50) FROM generate_series(1, $2::int) i`,
    [site, PRODUCTS],
  );
  for (const name of ['Rival One', 'Rival Two']) {
    const competitor = (
      await pool.query(
        `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, $2, $3) RETURNING id`,
        [site, name, `https://${name.replace(' ', '-').toLowerCase()}.example`],
      )
    ).rows[0].id;
    await pool.query(
      `INSERT INTO competitor_products (competitor_id, external_id, name, brand, price)
       SELECT $1, p.item_id || '-' || k, p.name || ' v' || k, p.brand, p.price * (0.8 + k / 10.0)
         FROM products p CROSS JOIN generate_series(1, 3) k WHERE p.organization_website_id = $2`,
      [competitor, site],
    );
    await pool.query(
      `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, score, evidence)
       SELECT p.id, cp.id, $1, greatest(0.05, 0.95 - k * 0.2 - (hashtext(p.item_id) & 255) / 1000.0), '{}'
         FROM products p CROSS JOIN generate_series(1, 3) k
         JOIN competitor_products cp ON cp.competitor_id = $1 AND cp.external_id = p.item_id || '-' || k
        WHERE p.organization_website_id = $2`,
      [competitor, site],
    );
  }
  await pool.query('ANALYZE products, product_matches, matching_queue, competitor_products');
  const reviewers = Array.from({ length: REVIEWERS }, (_, i) => ({
    uid: `load-reviewer-${i + 1}`,
    role: i % 3 === 0 ? 'Owner' : 'User',
  }));
  for (const r of reviewers) {
    await pool.query(
      `INSERT INTO app_users (id, email, roles, organization_id) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
      [r.uid, `${r.uid}@load.test`, [r.role], rows[0].organization_id],
    );
  }
  return { site, reviewers };
}

interface Acknowledged {
  key: string;
  ids: string[];
  replayed: boolean;
}

async function run(engine: string): Promise<boolean> {
  const opened = await openEngine(engine);
  if (!opened) return true;
  const { db, cleanup } = opened;
  try {
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 20 });
    const { site, reviewers } = await seedQueue(db.pool);
    const api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
      environment: 'local',
    });
    const figures = new Figures();
    const acknowledged: Acknowledged[] = [];
    const replayMismatches: string[] = [];
    /** product -> reviewer working on it (until that reviewer sends the decision that finishes it). */
    const holders = new Map<string, string>();
    const doubleHanded: string[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    let productsDone = 0;

    let retries = 0;
    /** Claims for `uid` as the console does: `count` products, the one on screen kept. */
    const claim = async (uid: string, count: number, keep: string | null): Promise<any[]> => {
      // The reviewer lets go of everything but the product on screen before the server releases it.
      for (const [productId, holder] of holders) if (holder === uid && productId !== keep) holders.delete(productId);
      const answer = await call(api, figures, uid, 'claimNext', {
        organizationWebsiteId: site,
        count,
        excludeProductIds: keep ? [keep] : [],
      });
      const claimed = (answer.data?.matchingClaimNext ?? []) as any[];
      for (const p of claimed) {
        const holder = holders.get(p.product.id);
        if (holder && holder !== uid) doubleHanded.push(`${p.product.id}: ${holder} and ${uid}`);
        holders.set(p.product.id, uid);
      }
      return claimed;
    };

    const reviewer = async (uid: string) => {
      let next = await claim(uid, 3, null);
      while (Date.now() < deadline) {
        let product = next.shift();
        if (!product) {
          next = await claim(uid, 3, null);
          if (!next.length) break;
          continue;
        }
        // The next two are prefetched while this one is on screen.
        next = await claim(uid, 2, product.product.id);
        // Work the product: one decision per competitor with candidates waiting.
        for (let guard = 0; guard < 10 && product && product.waitingToMatch > 0 && Date.now() < deadline; guard += 1) {
          const open = product.competitors.filter((c: any) =>
            c.pairs.some((pair: any) => pair.status === 'WAITING' && pair.stage === 'CANDIDATE'),
          );
          const group = open[0];
          if (!group) break;
          const waiting = group.pairs.filter((pair: any) => pair.status === 'WAITING' && pair.stage === 'CANDIDATE');
          const roll = Math.random();
          const key = randomUUID();
          let kind: 'decide' | 'skipProduct';
          let variables: Record<string, unknown>;
          let decision = 'SKIP';
          if (roll < 0.15) {
            kind = 'skipProduct';
            variables = {
              input: { productId: product.product.id, competitorId: group.competitor.id, idempotencyKey: key },
            };
          } else {
            kind = 'decide';
            decision = roll < 0.75 ? 'MATCH' : roll < 0.9 ? 'NEVER_MATCH' : 'SKIP';
            variables = {
              input: { matchId: waiting[0].id, decision, expectedVersion: waiting[0].version, idempotencyKey: key },
            };
          }
          // The decision that leaves nothing to match ends the reviewer's work on the product
          // (the server releases its lease with it).
          const finishes =
            open.length === 1 && (kind === 'skipProduct' || decision === 'MATCH' || waiting.length === 1);
          if (finishes) holders.delete(product.product.id);
          const field = kind === 'decide' ? 'matchingDecide' : 'matchingSkipProduct';
          const result = (await call(api, figures, uid, kind, variables)).data?.[field];
          if (!result) break;
          acknowledged.push({ key, ids: result.decisions.map((d: any) => d.id), replayed: result.replayed });
          if (Math.random() < RETRY_SHARE) {
            retries += 1;
            const again = (await call(api, figures, uid, kind, variables)).data?.[field];
            const same =
              again?.replayed &&
              JSON.stringify(again.decisions.map((d: any) => d.id)) ===
                JSON.stringify(result.decisions.map((d: any) => d.id));
            if (!same)
              replayMismatches.push(
                `${kind} ${JSON.stringify(variables)}: first ${JSON.stringify(result.decisions.map((d: any) => d.id))} (replayed ${result.replayed}), retry ${JSON.stringify(again?.decisions.map((d: any) => d.id))} (replayed ${again?.replayed})`,
              );
          }
          product = result.product;
          if (product && product.waitingToMatch > 0 && Math.random() < UNDO_SHARE) {
            const undo = (
              await call(api, figures, uid, 'undo', {
                input: { productId: product.product.id, idempotencyKey: randomUUID() },
              })
            ).data?.matchingUndo;
            if (undo) {
              acknowledged.push({ key: 'undo', ids: undo.decisions.map((d: any) => d.id), replayed: false });
              product = undo.product;
            }
          }
        }
        if (product && product.waitingToMatch === 0) productsDone += 1;
      }
    };

    const started = performance.now();
    await Promise.all(reviewers.map((r) => reviewer(r.uid)));
    const elapsed = (performance.now() - started) / 1000;

    // ---- checks ------------------------------------------------------------------------
    const problems: string[] = [];
    if (doubleHanded.length)
      problems.push(
        `products handed to two reviewers at once: ${doubleHanded.length} (${doubleHanded.slice(0, 3).join('; ')})`,
      );
    // In the log: a product's reviewer may change once (one let go of it, another took it), but
    // never back and forth (two reviewers deciding it at the same time).
    const byTwo = await db.pool.query(
      `SELECT product_id FROM (
         SELECT product_id, actor_id, lag(actor_id) OVER (PARTITION BY product_id ORDER BY id) AS previous
           FROM matching_decisions WHERE organization_website_id = $1 AND actor_id IS NOT NULL AND caused_by IS NULL) d
        WHERE previous IS NOT NULL AND previous <> actor_id GROUP BY product_id HAVING count(*) > 1`,
      [site],
    );
    if (byTwo.rowCount) problems.push(`products decided back and forth by two reviewers: ${byTwo.rowCount}`);
    const ids = acknowledged.flatMap((a) => a.ids);
    const unique = new Set(ids);
    const inLog = await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM matching_decisions WHERE id = ANY($1::bigint[])',
      [[...unique]],
    );
    if (inLog.rows[0]!.n !== unique.size)
      problems.push(`acknowledged decisions missing from the log: ${unique.size - inLog.rows[0]!.n}`);
    const logged = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM matching_decisions WHERE organization_website_id = $1`,
      [site],
    );
    if (logged.rows[0]!.n !== unique.size)
      problems.push(
        `log rows (${logged.rows[0]!.n}) differ from the decisions acknowledged to reviewers (${unique.size})`,
      );
    if (replayMismatches.length)
      problems.push(
        `retries that did not return the first answer: ${replayMismatches.length} (${replayMismatches.slice(0, 3).join('; ')})`,
      );
    const duplicateKeys = await db.pool.query(
      `SELECT idempotency_key FROM matching_decisions WHERE idempotency_key IS NOT NULL GROUP BY 1 HAVING count(*) > 1`,
    );
    if (duplicateKeys.rowCount) problems.push(`idempotency keys applied twice: ${duplicateKeys.rowCount}`);
    const versions = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_matches m JOIN products p ON p.id = m.product_id
        WHERE p.organization_website_id = $1 AND m.version <> 1 + (SELECT count(*) FROM matching_decisions d WHERE d.match_id = m.id)`,
      [site],
    );
    if (versions.rows[0]!.n)
      problems.push(`pairs whose version is not 1 + their logged transitions: ${versions.rows[0]!.n}`);
    const statistics = (await call(api, figures, reviewers[0]!.uid, 'statistics', { organizationWebsiteId: site })).data
      .matchingStatistics;
    const recount = await db.pool.query(
      `SELECT count(*) FILTER (WHERE status = 'MATCHED')::int AS matched, count(*) FILTER (WHERE status = 'WAITING' AND stage = 'candidate')::int AS "waitingToMatch",
              count(*) FILTER (WHERE status = 'WAITING' AND stage = 'confirmation')::int AS "waitingToConfirm", count(*) FILTER (WHERE status = 'SKIPPED')::int AS skipped,
              count(*) FILTER (WHERE status = 'NEVER_MATCH')::int AS "neverMatch", count(*) FILTER (WHERE status = 'EXPIRED')::int AS expired
         FROM product_matches m JOIN products p ON p.id = m.product_id WHERE p.organization_website_id = $1`,
      [site],
    );
    if (JSON.stringify(statistics.overall) !== JSON.stringify(recount.rows[0]))
      problems.push(
        `statistics ${JSON.stringify(statistics.overall)} differ from a recount ${JSON.stringify(recount.rows[0])}`,
      );
    const queue = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p WHERE p.organization_website_id = $1
          AND p.queue_candidates <> (SELECT count(*) FROM product_matches m WHERE m.product_id = p.id AND m.status = 'WAITING' AND m.stage = 'candidate')`,
      [site],
    );
    if (queue.rows[0]!.n) problems.push(`products whose queue state differs from their pairs: ${queue.rows[0]!.n}`);
    // The queue's size is kept by triggers (migration 042), not counted: it must equal a count.
    const waiting = await db.pool.query<{ n: number }>(
      `SELECT count(DISTINCT m.product_id)::int AS n FROM product_matches m JOIN products p ON p.id = m.product_id
        WHERE p.organization_website_id = $1 AND m.status = 'WAITING' AND m.stage = 'candidate'`,
      [site],
    );
    if (statistics.productsWaitingToMatch !== waiting.rows[0]!.n)
      problems.push(
        `products waiting to match ${statistics.productsWaitingToMatch} differ from a recount ${waiting.rows[0]!.n}`,
      );

    // ---- figures -------------------------------------------------------------------------
    const decisions = logged.rows[0]!.n;
    console.log(
      `\n${engine}: ${REVIEWERS} reviewers for ${elapsed.toFixed(1)} s on ${PRODUCTS} products x 2 competitors x 3 candidates`,
    );
    console.log(
      `  decisions logged ${decisions} (${(decisions / elapsed).toFixed(1)}/s), products finished ${productsDone}, retries sent ${retries} (all answered with the first result: ${replayMismatches.length === 0})`,
    );
    console.log(`  conflicts: ${[...figures.conflicts].map(([reason, n]) => `${reason} ${n}`).join(', ') || 'none'}`);
    console.log(`  statistics: ${JSON.stringify(statistics.overall)}`);
    const percentile = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
    console.log(`  ${'request'.padEnd(12)} ${'count'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}`);
    for (const [kind, list] of figures.times) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(12)} ${String(list.length).padStart(7)} ${`${percentile(sorted, 50).toFixed(1)} ms`.padStart(9)} ${`${percentile(sorted, 95).toFixed(1)} ms`.padStart(9)}`,
      );
    }
    console.log(
      `  checks: ${problems.length ? `FAILED\n    - ${problems.join('\n    - ')}` : 'no product handed to two reviewers at once; no decision lost or applied twice; statistics, queue and its size equal a recount'}`,
    );
    return problems.length === 0;
  } finally {
    await db.close();
    await cleanup();
  }
}

const engines = options.engine === 'both' ? ['pglite', 'postgres'] : [options.engine];
let ok = true;
for (const engine of engines) ok = (await run(engine)) && ok;
process.exit(ok ? 0 : 1);
