/**
 * Demo catalogue: for a handful of the demo organization websites (the first website of each
 * demo organization in name order, so the demo Owner's selected website shows data, and the
 * second of northwind), products with realistic brands and models (valid EAN-13s, Czech names
 * and CZK prices, English names and EUR prices on the EUR website), two or three competitors
 * whose products partly share EANs and partly differ in naming, matches in every status, price
 * history, and listings on comparison portals.
 *
 * Idempotent: a website that has products already is left alone; portals are added once.
 * Everything is generated in SQL (generate_series), so `seedCatalogueScale` produces 100,000
 * products and 1,000,000 competitor products for the benchmark in well under a minute.
 */
import type { Pool, PoolClient } from 'pg';
import { seedMatchingCompetitor } from './matching-demo.ts';

type Db = Pick<Pool | PoolClient, 'query'>;

/** What a kind of product is called in Czech and English, its category, brands and base price (CZK). */
const KINDS: ReadonlyArray<{
  cs: string;
  en: string;
  category: string;
  brands: [string, string, string, string];
  price: number;
}> = [
  { cs: 'Stan', en: 'Tent', category: 'Outdoor', brands: ['Husky', 'Vango', 'Coleman', 'Hannah'], price: 4990 },
  {
    cs: 'Batoh',
    en: 'Backpack',
    category: 'Outdoor',
    brands: ['Deuter', 'Osprey', 'Salomon', 'Jack Wolfskin'],
    price: 2490,
  },
  {
    cs: 'Spací pytel',
    en: 'Sleeping bag',
    category: 'Outdoor',
    brands: ['Husky', 'Deuter', 'Vango', 'Hannah'],
    price: 2190,
  },
  {
    cs: 'Čelovka',
    en: 'Headlamp',
    category: 'Outdoor',
    brands: ['Petzl', 'Black Diamond', 'Ledlenser', 'Silva'],
    price: 1290,
  },
  {
    cs: 'Trekové hole',
    en: 'Trekking poles',
    category: 'Outdoor',
    brands: ['Leki', 'Black Diamond', 'Komperdell', 'Salomon'],
    price: 1590,
  },
  {
    cs: 'Sluchátka',
    en: 'Headphones',
    category: 'Audio',
    brands: ['Sony', 'JBL', 'Sennheiser', 'Philips'],
    price: 3490,
  },
  { cs: 'Reproduktor', en: 'Speaker', category: 'Audio', brands: ['JBL', 'Sony', 'Marshall', 'Bose'], price: 2990 },
  { cs: 'Televize', en: 'TV', category: 'Electronics', brands: ['Samsung', 'LG', 'Philips', 'Sony'], price: 14990 },
  {
    cs: 'Kávovar',
    en: 'Coffee machine',
    category: 'Kitchen',
    brands: ['DeLonghi', 'Philips', 'Krups', 'Siemens'],
    price: 8990,
  },
  {
    cs: 'Vysavač',
    en: 'Vacuum cleaner',
    category: 'Home',
    brands: ['Dyson', 'Bosch', 'Rowenta', 'Electrolux'],
    price: 6490,
  },
  { cs: 'Mixér', en: 'Blender', category: 'Kitchen', brands: ['Bosch', 'Philips', 'Tefal', 'Sencor'], price: 1490 },
  { cs: 'Myš', en: 'Mouse', category: 'Electronics', brands: ['Logitech', 'Razer', 'Microsoft', 'Genius'], price: 890 },
];
const COLOURS_CS = ['černá', 'bílá', 'modrá', 'stříbrná', 'zelená'];
const COLOURS_EN = ['black', 'white', 'blue', 'silver', 'green'];
/** Competitor shops by website; naming style: 0 same names and EANs, 1 English word order and half the EANs, 2 codes without dashes and no EANs. */
const COMPETITORS = [
  { name: 'Alza.cz', url: 'https://www.alza.cz.example', mode: 'automatic' },
  { name: 'Sportisimo', url: 'https://www.sportisimo.cz.example', mode: 'confirmation' },
  { name: 'Hudy sport', url: 'https://www.hudy.cz.example', mode: 'confirmation' },
] as const;
const AGGREGATORS = [
  { name: 'Heureka.cz', url: 'https://www.heureka.cz' },
  { name: 'Zboží.cz', url: 'https://www.zbozi.cz' },
  { name: 'Google Shopping', url: 'https://shopping.google.com' },
  { name: 'Srovnáme.cz', url: 'https://www.srovname.cz' },
];
const SEED_LOCK = 4_000_003;

export interface CatalogueSize {
  products: number;
  /** Competitor products per competitor (at least `products`; the rest are products we do not sell). */
  competitorProducts: number;
  competitors: number;
  /** Past price points per competitor product (0: only the current one). */
  history: number;
}

export const DEMO_SIZE: CatalogueSize = { products: 240, competitorProducts: 264, competitors: 3, history: 4 };
/** The benchmark's scale: 100,000 products, 4 x 250,000 = 1,000,000 competitor products. */
export const SCALE_SIZE: CatalogueSize = { products: 100_000, competitorProducts: 250_000, competitors: 4, history: 0 };

export interface CatalogueSeedResult {
  websites: number;
  products: number;
  competitorProducts: number;
}

/**
 * The demo catalogue for the demo organizations' first websites (and northwind's second).
 * `DEMO_CATALOGUE_SCALE=large` makes the first northwind website benchmark-sized instead.
 */
export async function seedCatalogueDemo(
  db: Db,
  { large = process.env.DEMO_CATALOGUE_SCALE === 'large' } = {},
): Promise<CatalogueSeedResult> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]).catch(() => undefined);
  await seedAggregators(db);
  const { rows } = await db.query<{ id: string; slug: string; n: number }>(
    `SELECT ow.id, o.slug, ow.n FROM organizations o
       CROSS JOIN LATERAL (SELECT id, row_number() OVER (ORDER BY name, id)::int AS n FROM organization_websites
                            WHERE organization_id = o.id ORDER BY name, id LIMIT 2) ow
      WHERE o.slug IN ('northwind', 'bohemia', 'danube') AND (ow.n = 1 OR o.slug = 'northwind')
      ORDER BY o.slug, ow.n`,
  );
  const result: CatalogueSeedResult = { websites: 0, products: 0, competitorProducts: 0 };
  for (const [index, website] of rows.entries()) {
    const euro = website.slug === 'danube';
    const size =
      large && website.slug === 'northwind' && website.n === 1
        ? SCALE_SIZE
        : { ...DEMO_SIZE, competitors: website.n === 1 ? 3 : 2 };
    const seeded = await seedWebsiteCatalogue(db, website.id, {
      ...size,
      websiteNumber: index + 1,
      currency: euro ? 'EUR' : 'CZK',
    });
    // One more competitor whose products only a matching run pairs (matching-demo.ts).
    if (seeded.products && size !== SCALE_SIZE)
      seeded.competitorProducts += await seedMatchingCompetitor(db, website.id, euro);
    if (seeded.products) result.websites += 1;
    result.products += seeded.products;
    result.competitorProducts += seeded.competitorProducts;
  }
  // Fresh statistics, so the planner uses the lists' indexes from the first request.
  if (result.websites)
    await db.query('ANALYZE products, competitors, competitor_products, product_matches, aggregator_listings');
  return result;
}

/**
 * The benchmark-sized catalogue for one organization website (bench/products.ts). Call it with a
 * pool, outside a transaction: it ends with VACUUM ANALYZE, because refreshing the rollups
 * rewrote every product row, and PGlite has no autovacuum to clear the dead index entries (the
 * planner then avoids the partial indexes of the matching-status filters: 100 ms against 2 ms).
 */
export async function seedCatalogueScale(db: Db, organizationWebsiteId: string, size: CatalogueSize = SCALE_SIZE) {
  const seeded = await seedWebsiteCatalogue(db, organizationWebsiteId, { ...size, websiteNumber: 90, currency: 'CZK' });
  await db.query(
    'VACUUM ANALYZE products, competitors, competitor_products, product_matches, aggregator_listings, competitor_price_history',
  );
  return seeded;
}

async function seedAggregators(db: Db) {
  await db.query(
    `INSERT INTO aggregators (name, url) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (name) DO NOTHING`,
    [AGGREGATORS.map((a) => a.name), AGGREGATORS.map((a) => a.url)],
  );
}

/**
 * One website's catalogue. Product i (1..products) gets kind i % 12, brand (i / 12) % 4, a model
 * code, a colour, EAN 859 + website number + i (every tenth without), a price around the kind's
 * base price. Competitor c sells product i unless (i + 3c) % 5 = 0, at -20 %..+25 %, plus items
 * we do not sell; its naming style is c's (see COMPETITORS).
 */
async function seedWebsiteCatalogue(
  db: Db,
  websiteId: string,
  options: CatalogueSize & { websiteNumber: number; currency: 'CZK' | 'EUR' },
): Promise<{ products: number; competitorProducts: number }> {
  const existing = await db.query('SELECT 1 FROM products WHERE organization_website_id = $1 LIMIT 1', [websiteId]);
  if (existing.rowCount) return { products: 0, competitorProducts: 0 };
  const english = options.currency === 'EUR';
  const rate = english ? 0.04 : 1;
  // EAN-13 of 12 digits: the GS1 check digit appended; stored as the 14-digit GTIN.
  const gtinOf = (digits: string) => {
    const sum = Array.from(
      { length: 12 },
      (_, k) => `${k % 2 === 1 ? '3 * ' : ''}substr(${digits}, ${k + 1}, 1)::int`,
    ).join(' + ');
    return `'0' || ${digits} || ((10 - (${sum}) % 10) % 10)::text`;
  };

  const products = await db.query(
    `INSERT INTO products (organization_website_id, item_id, name, brand, gtin, mpn, category, price, cost, currency, stock, url, updated_at)
     SELECT $1, 'SKU-' || lpad(i::text, 6, '0'),
            kind || ' ' || brand || ' ' || code || ' ' || colour, brand,
            CASE WHEN i % 10 <> 0 THEN ${gtinOf('ean12')} END,
            code, category, price, round(price * 0.72, 2), $3, (i * 37) % 120,
            (SELECT url FROM websites w JOIN organization_websites ow ON ow.website_id = w.id WHERE ow.id = $1) || '/p/' || i,
            now() - (i % 30) * interval '1 hour'
       FROM (
         SELECT i,
                CASE WHEN $10 THEN ($4::text[])[1 + i % 12] ELSE ($5::text[])[1 + i % 12] END AS kind,
                ($6::text[])[1 + i % 12][1 + (i / 12) % 4] AS brand,
                ($7::text[])[1 + i % 12] AS category,
                chr(65 + (i * 7) % 26) || chr(65 + (i / 26) % 26) || '-' || (100 + (i * 37) % 900)::text AS code,
                CASE WHEN $10 THEN ($9::text[])[1 + (i / 48) % 5] ELSE ($8::text[])[1 + (i / 48) % 5] END AS colour,
                CASE WHEN $10 THEN round(($11::numeric[])[1 + i % 12] * $12 * (0.6 + ((i * 7919) % 900) / 1000.0), 0) - 0.01
                     ELSE round(($11::numeric[])[1 + i % 12] * (0.6 + ((i * 7919) % 900) / 1000.0), -1) - 0.1 END AS price,
                '859' || lpad(($13::int * 1000000 + i)::text, 9, '0') AS ean12
           FROM generate_series(1, $2::int) AS i
       ) src`,
    [
      websiteId,
      options.products,
      options.currency,
      KINDS.map((k) => k.en),
      KINDS.map((k) => k.cs),
      KINDS.map((k) => k.brands),
      KINDS.map((k) => k.category),
      COLOURS_CS,
      COLOURS_EN,
      english,
      KINDS.map((k) => k.price),
      rate,
      options.websiteNumber,
    ],
  );

  // At benchmark scale the planner needs statistics of the fresh rows to join them by hash.
  const large = options.products > 10_000;
  if (large) await db.query('ANALYZE products');
  let competitorProducts = 0;
  for (let c = 0; c < options.competitors; c += 1) {
    const shop = COMPETITORS[c % COMPETITORS.length]!;
    const name = c < COMPETITORS.length ? shop.name : `${shop.name} ${c + 1}`;
    const url = c < COMPETITORS.length ? shop.url : shop.url.replace('www.', `www${c + 1}.`);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO competitors (organization_website_id, name, url, matching_mode, scraping_frequency)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [websiteId, name, url, shop.mode, ['daily', 'hourly', 'weekly'][c % 3]],
    );
    const competitorId = rows[0]!.id;
    // Product i of ours, or (beyond our catalogue) one we do not sell, as this shop names it.
    const inserted = await db.query(
      `INSERT INTO competitor_products (competitor_id, external_id, name, brand, gtin, mpn, price, currency, availability, url, seen_at)
       SELECT $1, 'C' || $3::int || '-' || s.i,
              CASE $3::int % 3
                WHEN 0 THEN s.name
                WHEN 1 THEN s.brand || ' ' || s.code || ' ' || s.en_kind || ' (' || s.colour || ')'
                ELSE upper(s.brand) || ' ' || replace(s.code, '-', '') || ' ' || s.kind
              END,
              s.brand,
              CASE WHEN $3::int % 3 = 0 OR ($3::int % 3 = 1 AND s.i % 2 = 0) THEN s.gtin END,
              CASE WHEN $3::int % 3 = 2 THEN NULL ELSE s.code END,
              round(s.price * (0.8 + ((s.i * 31 + $3::int * 17) % 46) / 100.0), 2), $5,
              (ARRAY['in_stock', 'in_stock', 'in_stock', 'out_of_stock', 'preorder', 'unknown'])[1 + (s.i + $3::int) % 6],
              $6 || '/item/' || s.i,
              now() - ((s.i * 13 + $3::int * 7) % 240) * interval '1 hour'
         FROM (
           SELECT g.i, coalesce(p.name, x.kind || ' ' || x.brand || ' ' || x.code) AS name, coalesce(p.brand, x.brand) AS brand,
                  coalesce(p.mpn, x.code) AS code, p.gtin,
                  coalesce(p.price, round(($12::numeric[])[1 + g.i % 12] * (0.6 + ((g.i * 7919) % 900) / 1000.0), -1) - 0.1) AS price,
                  coalesce(split_part(p.name, ' ' || p.brand, 1), x.kind) AS kind,
                  ($7::text[])[1 + g.i % 12] AS en_kind,
                  ($8::text[])[1 + (g.i / 48) % 5] AS colour
             -- Those of ours it does not sell, (i + 3c) % 5 = 0, are made up for at the end.
             FROM generate_series(1, $2::int + $9::int / 5) AS g(i)
             CROSS JOIN LATERAL (SELECT ($11::text[])[1 + g.i % 12] AS kind, ($10::text[])[1 + g.i % 12][1 + (g.i / 12) % 4] AS brand,
                                        chr(65 + (g.i * 11) % 26) || chr(65 + (g.i / 26) % 26) || '-' || (100 + (g.i * 41) % 900)::text AS code) x
             LEFT JOIN products p ON p.organization_website_id = $4 AND p.item_id = 'SKU-' || lpad(g.i::text, 6, '0')
            WHERE (g.i + 3 * $3::int) % 5 <> 0 OR g.i > $9::int
         ) s`,
      [
        competitorId,
        options.competitorProducts,
        c,
        websiteId,
        options.currency,
        url,
        KINDS.map((k) => k.en),
        COLOURS_EN,
        options.products,
        KINDS.map((k) => k.brands),
        english ? KINDS.map((k) => k.en) : KINDS.map((k) => k.cs),
        KINDS.map((k) => k.price * rate),
      ],
    );
    competitorProducts += inserted.rowCount ?? 0;
    if (large) await db.query('ANALYZE competitor_products');
    // Matches of our product i with this shop's: mostly MATCHED, some in every other status.
    await db.query(
      `INSERT INTO product_matches (product_id, competitor_product_id, status, score, evidence, updated_at)
       SELECT p.id, cp.id,
              CASE WHEN k < 14 THEN 'MATCHED' WHEN k < 17 THEN 'WAITING' WHEN k = 17 THEN 'NEVER_MATCH' WHEN k = 18 THEN 'SKIPPED' ELSE 'EXPIRED' END,
              CASE WHEN k < 14 THEN 0.9 + (k % 10) / 100.0 ELSE 0.5 + k / 100.0 END,
              jsonb_build_object('gtin', cp.gtin IS NOT NULL AND cp.gtin = p.gtin),
              now() - (k * interval '2 hours')
         FROM products p
         JOIN competitor_products cp ON cp.competitor_id = $2 AND cp.external_id = 'C' || $3::int || '-' || (substr(p.item_id, 5))::int
         CROSS JOIN LATERAL (SELECT ((substr(p.item_id, 5))::int + $3::int) % 20 AS k) x
        WHERE p.organization_website_id = $1`,
      [websiteId, competitorId, c],
    );
    if (options.history > 0) {
      await db.query(
        `INSERT INTO competitor_price_history (competitor_product_id, seen_at, price)
         SELECT cp.id, cp.seen_at - d * interval '1 day',
                CASE WHEN d = 0 THEN cp.price ELSE round(cp.price * (1 + (((d * 7 + length(cp.external_id) + ascii(right(cp.external_id, 1))) % 9) - 4) / 100.0), 2) END
           FROM competitor_products cp CROSS JOIN generate_series(0, $2::int) AS d
          WHERE cp.competitor_id = $1`,
        [competitorId, options.history],
      );
    } else {
      await db.query(
        'INSERT INTO competitor_price_history (competitor_product_id, seen_at, price) SELECT id, seen_at, price FROM competitor_products WHERE competitor_id = $1 AND price IS NOT NULL',
        [competitorId],
      );
    }
  }
  if (large) await db.query('ANALYZE product_matches');
  await db.query('SELECT refresh_product_rollups(array(SELECT id FROM products WHERE organization_website_id = $1))', [
    websiteId,
  ]);
  if (large) await db.query('ANALYZE products');

  // Portal listings: two of three products on every other portal. The lowest price agrees with
  // the shop's rank: first means the shop's own price is the lowest, any later rank a lower one;
  // without a rank (the shop's offer not listed) the lowest price is the portal's.
  await db.query(
    `INSERT INTO aggregator_listings (product_id, aggregator_id, offers_count, lowest_price, our_rank, url, seen_at)
     SELECT p.id, a.id, o.offers,
            CASE WHEN r.rank = 1 THEN p.price
                 WHEN r.rank > 1 THEN round(p.price * (0.8 + ((i * 13 + a.n) % 19) / 100.0), 2)
                 ELSE round(coalesce(p.competitor_min_price, p.price) * (0.9 + ((i * 13 + a.n) % 15) / 100.0), 2) END,
            r.rank,
            a.url || '/search?q=' || coalesce(p.mpn, p.item_id),
            now() - ((i + a.n) % 72) * interval '1 hour'
       FROM products p
       CROSS JOIN LATERAL (SELECT (substr(p.item_id, 5))::int AS i) x
       JOIN (SELECT id, url, row_number() OVER (ORDER BY name)::int AS n FROM aggregators) a ON (x.i + a.n) % 2 = 0
       CROSS JOIN LATERAL (SELECT 1 + (x.i * a.n) % 25 AS offers) o
       CROSS JOIN LATERAL (SELECT CASE WHEN (x.i + a.n) % 7 = 0 THEN NULL ELSE 1 + (x.i * a.n) % o.offers END AS rank) r
      WHERE p.organization_website_id = $1 AND x.i % 3 <> 0`,
    [websiteId],
  );
  return { products: products.rowCount ?? 0, competitorProducts };
}
