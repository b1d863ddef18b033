/**
 * Demo data for matching: every demo catalogue website gets one more competitor, "Mall.cz"
 * (confirmation mode), whose products are NOT paired in advance: a third of them carry our EAN,
 * the rest differ in naming (another word order, the other language's kind, codes written
 * without separators, variant codes, another colour), some products are listed twice (two
 * colours, a variant code), and about a third of ours are not sold there. The first matching run
 * (seedMatchingRuns, run when the API starts on a fresh database) proposes candidates for them:
 * some wait for confirmation, others to be matched by a reviewer.
 */
import type { Pool, PoolClient } from 'pg';
import { matchingSettled, requestRun } from '../matching/runs/queue.ts';

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
