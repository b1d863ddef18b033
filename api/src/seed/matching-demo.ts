/**
 * Demo data for matching: every demo catalogue website gets one more competitor, "Mall.cz"
 * (confirmation mode), whose products are NOT paired in advance: a third of them carry our EAN,
 * the rest differ in naming (another word order, the other language's kind, codes written
 * without separators, variant codes, another colour), some products are listed twice (two
 * colours, a variant code), and about a third of ours are not sold there. The first matching run
 * (seedMatchingRuns, run when the API starts on a fresh database) proposes candidates for them:
 * some wait for confirmation, others to be matched by a reviewer. Where the shop lists our product
 * only with its variant code in another colour (our i % 3 = 2), the listing is a close non-match:
 * the demo reviewer never matches it (seedMatchingDecisions).
 */
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { MINIMUM_DECISIONS } from '../matching/calibration.ts';
import { matchingSettled, requestRun } from '../matching/runs/queue.ts';
import { applyTransition } from '../matching/state/apply.ts';
import type { Actor } from '../matching/state/machine.ts';
import { DEMO_USERS } from './demo-users.ts';

type Db = Pick<Pool | PoolClient, 'query'>;

const KINDS_EN = [
  'Tent',
  'Backpack',
  'Sleeping bag',
  'Headlamp',
  'Trekking poles',
  'Headphones',
  'Speaker',
  'TV',
  'Coffee machine',
  'Vacuum cleaner',
  'Blender',
  'Mouse',
];
const KINDS_CS = [
  'Stan',
  'Batoh',
  'Spací pytel',
  'Čelovka',
  'Trekové hole',
  'Sluchátka',
  'Reproduktor',
  'Televize',
  'Kávovar',
  'Vysavač',
  'Mixér',
  'Myš',
];
const COLOURS_CS = ['černá', 'bílá', 'modrá', 'stříbrná', 'zelená'];
const COLOURS_EN = ['black', 'white', 'blue', 'silver', 'green'];

export const MATCHING_DEMO_COMPETITOR = {
  name: 'Mall.cz',
  url: 'https://www.mall.cz.example',
  mode: 'confirmation',
} as const;

/**
 * Adds the matching demo competitor and its products to a freshly seeded demo website (product
 * i is our SKU-i; `english`: the EUR website, whose names are English).
 */
export async function seedMatchingCompetitor(db: Db, websiteId: string, english: boolean): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO competitors (organization_website_id, name, url, matching_mode, scraping_frequency)
     VALUES ($1, $2, $3, $4, 'daily') ON CONFLICT (organization_website_id, url) DO NOTHING RETURNING id`,
    [websiteId, MATCHING_DEMO_COMPETITOR.name, MATCHING_DEMO_COMPETITOR.url, MATCHING_DEMO_COMPETITOR.mode],
  );
  if (!rows[0]) return 0;
  // Per our product i (1-based): not sold when i % 10 >= 7; variant 1 always, variant 2 (another
  // listing of the same model) when i % 9 = 4. Naming by i % 3, see the header.
  const inserted = await db.query(
    `INSERT INTO competitor_products (competitor_id, external_id, name, brand, gtin, mpn, price, currency, availability, url, seen_at)
     SELECT $1, 'MALL-' || s.i || '-' || v.v,
            CASE WHEN v.v = 2 THEN s.brand || ' ' || s.kind || ' ' || s.code || 'X ' || s.colour2
                 WHEN s.i % 3 = 0 THEN s.brand || ' ' || s.kind || ' ' || s.code
                 WHEN s.i % 3 = 1 THEN upper(s.brand) || ' ' || s.other_kind || ' ' || replace(s.code, '-', '') || ' ' || s.colour
                 ELSE s.kind || ' ' || s.brand || ' ' || s.code || 'S ' || s.colour2 END,
            s.brand,
            CASE WHEN v.v = 1 AND s.i % 3 = 0 THEN s.gtin END,
            CASE WHEN v.v = 1 AND s.i % 3 = 0 THEN s.code END,
            round(s.price * (0.82 + ((s.i * 17 + v.v * 5) % 36) / 100.0), 2), s.currency,
            (ARRAY['in_stock', 'in_stock', 'out_of_stock', 'preorder'])[1 + (s.i + v.v) % 4],
            $2 || '/p/' || s.i || '-' || v.v,
            now() - ((s.i * 7 + v.v) % 72) * interval '1 hour'
       FROM (
         SELECT x.i, p.brand, p.gtin, p.mpn AS code, p.price, p.currency,
                split_part(p.name, ' ' || p.brand, 1) AS kind,
                ($3::text[])[1 + x.i % 12] AS other_kind,
                ($4::text[])[1 + (x.i / 48) % 5] AS colour,
                ($4::text[])[1 + (x.i / 48 + 2) % 5] AS colour2
           FROM products p CROSS JOIN LATERAL (SELECT substr(p.item_id, 5)::int AS i) x
          WHERE p.organization_website_id = $5 AND p.item_id LIKE 'SKU-%' AND p.mpn IS NOT NULL AND x.i % 10 < 7
       ) s
       JOIN (VALUES (1), (2)) AS v(v) ON v.v = 1 OR s.i % 9 = 4`,
    [
      rows[0].id,
      MATCHING_DEMO_COMPETITOR.url,
      english ? KINDS_CS : KINDS_EN,
      english ? COLOURS_EN : COLOURS_CS,
      websiteId,
    ],
  );
  await db.query(
    'INSERT INTO competitor_price_history (competitor_product_id, seen_at, price) SELECT id, seen_at, price FROM competitor_products WHERE competitor_id = $1',
    [rows[0].id],
  );
  return inserted.rowCount ?? 0;
}

/**
 * The demo catalogue websites (the matching demo's competitor is on them) that have no row yet in
 * `none` (matching runs, price rules), in id order: what a seed step still has to do.
 */
export async function demoCatalogueWebsites(pool: Pool, none: 'matching_runs' | 'price_rules'): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT ow.id FROM organization_websites ow JOIN organizations o ON o.id = ow.organization_id
      WHERE o.slug IN ('northwind', 'bohemia', 'danube')
        AND EXISTS (SELECT 1 FROM competitors c WHERE c.organization_website_id = ow.id AND c.url = $1)
        AND NOT EXISTS (SELECT 1 FROM ${none} r WHERE r.organization_website_id = ow.id)
      ORDER BY ow.id`,
    [MATCHING_DEMO_COMPETITOR.url],
  );
  return rows.map((row) => row.id);
}

/**
 * The first matching run of every demo catalogue website that has had none: queued (trigger
 * seed) and worked before this returns, so the queues have work when the console opens.
 */
export async function seedMatchingRuns(pool: Pool): Promise<number> {
  const websites = await demoCatalogueWebsites(pool, 'matching_runs');
  for (const id of websites)
    await requestRun(pool, { websiteId: id, competitorId: null, trigger: 'seed', startedBy: null });
  if (websites.length) await matchingSettled(pool);
  return websites.length;
}

/** The reviewer of the demo's decisions: the demo Owner (northwind). */
const REVIEWER = DEMO_USERS.find((user) => user.roles.includes('Owner'))!;

/** The decisions seeded: ten more than the calibration needs, so it estimates from the first sign-in. */
export const DEMO_DECISIONS = MINIMUM_DECISIONS + 10;

/**
 * The demo Owner's decisions at the matching demo's competitor of northwind's first website (in
 * name order: the Owner's selected website), taken as a reviewer works the queue, product by
 * product in item order from the pairs the first run proposed: every candidate that is not the
 * product never to match, then the product's own listing matched. Not the product: another model,
 * and the shop's listing of our i % 3 = 2 products (their variant code in another colour,
 * seedMatchingCompetitor: the close non-matches of docs/matching.md); a product the shop does not
 * sell has all its candidates never matched. It stops at the first product that brings the
 * decisions to DEMO_DECISIONS: enough for the calibration to estimate automatic matching from the
 * first sign-in (docs/matching.md), far too few decided lists for a retrain (the organization
 * keeps the shipped model), and the matching log has a history. Only on a website without a
 * person's decision yet; answers how many decisions it took.
 */
export async function seedMatchingDecisions(pool: Pool): Promise<number> {
  const { rows: websites } = await pool.query<{ id: string }>(
    `SELECT ow.id FROM organization_websites ow JOIN organizations o ON o.id = ow.organization_id
      WHERE o.slug = 'northwind' AND EXISTS (SELECT 1 FROM competitors c WHERE c.organization_website_id = ow.id AND c.url = $1)
      ORDER BY ow.name, ow.id LIMIT 1`,
    [MATCHING_DEMO_COMPETITOR.url],
  );
  const website = websites[0];
  if (!website) return 0;
  const decided = await pool.query(
    'SELECT 1 FROM matching_decisions WHERE organization_website_id = $1 AND actor_id IS NOT NULL LIMIT 1',
    [website.id],
  );
  if (decided.rows.length) return 0;
  // Our product i is SKU-i; the shop lists it as MALL-i-1, in another variant when i % 3 = 2.
  const { rows: pairs } = await pool.query<{ id: string; product_id: string; own: boolean }>(
    `SELECT m.id, m.product_id,
            cp.external_id = 'MALL-' || substr(p.item_id, 5)::int || '-1' AND substr(p.item_id, 5)::int % 3 <> 2 AS own
       FROM product_matches m
       JOIN competitors c ON c.id = m.competitor_id
       JOIN products p ON p.id = m.product_id
       JOIN competitor_products cp ON cp.id = m.competitor_product_id
      WHERE c.organization_website_id = $1 AND c.url = $2 AND p.item_id LIKE 'SKU-%'
        AND m.status = 'WAITING' AND m.stage = 'candidate'
      ORDER BY substr(p.item_id, 5)::int, m.score DESC NULLS LAST, m.id`,
    [website.id, MATCHING_DEMO_COMPETITOR.url],
  );
  const products = new Map<string, { id: string; own: boolean }[]>();
  for (const pair of pairs) {
    const candidates = products.get(pair.product_id);
    if (candidates) candidates.push(pair);
    else products.set(pair.product_id, [pair]);
  }
  const actor: Actor = {
    kind: 'user',
    userId: REVIEWER.uid,
    email: REVIEWER.email,
    decide: true,
    confirm: true,
    revert: true,
  };
  let decisions = 0;
  for (const candidates of products.values()) {
    if (decisions >= DEMO_DECISIONS) break;
    const order = [...candidates.filter((c) => !c.own), ...candidates.filter((c) => c.own)];
    await inTransaction(pool, async (client) => {
      for (const pair of order)
        await applyTransition(client, {
          matchId: pair.id,
          event: pair.own ? 'match' : 'never_match',
          actor,
          source: 'queue',
        });
    });
    decisions += order.length;
  }
  return decisions;
}
