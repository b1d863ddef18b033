/**
 * The demo's matched fixture pair (api/src/monitoring/README.md, "Demo"): one product of ours
 * matched to a product the fixture shop's `elektro-hvezda` shop sells, through the competitor the
 * first demo scraper reads that shop for (seed/scrapers-demo.ts). Once the demo scraper has run,
 * the product's detail shows the collected competitor price, when it was collected and its
 * history, with no CSV import.
 *
 * The fixture shop's catalogue is deterministic (fixture-shop/catalogue.ts): its first products
 * are the same whatever number of products the shop is started with, so the pair is the first
 * product the shop sells.
 */
import type { Pool } from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { normalizeGtin } from '../matching/gtin.ts';
import { fixtureShopsFor, generateFixtureProducts } from '../monitoring/fixture-shop/catalogue.ts';
import { productPath } from '../monitoring/fixture-shop/pages.ts';

/** The shop of the pair: the one the first demo scraper reads (seed/scrapers-demo.ts). */
export const SCRAPED_PAIR_SHOP = 'elektro-hvezda';

export interface ScrapedPair {
  /** The product's id in the fixture catalogue. */
  fixtureId: string;
  /** Our product's item id. */
  itemId: string;
  name: string;
  brand: string;
  gtin: string | null;
  mpn: string | null;
  /** Our price (CZK): the fixture catalogue's price. */
  ourPrice: number;
  /** The price the shop shows on its first day. */
  shopPrice: number;
  /** The product page's address at the fixture shop, which is also its canonical address. */
  url: string;
}

/** The pair for a fixture shop running at `fixtureShopUrl` from catalogue seed `seed` (scripts/stack.ts starts it with 1). */
export function demoScrapedPair(fixtureShopUrl: string, seed = 1): ScrapedPair {
  const catalogue = generateFixtureProducts(10, seed);
  const shop = fixtureShopsFor(catalogue, seed).find((candidate) => candidate.slug === SCRAPED_PAIR_SHOP)!;
  const sold = shop.products[0]!;
  const ours = catalogue.find((product) => product.id === sold.id)!;
  return {
    fixtureId: sold.id,
    itemId: `FIXTURE-${sold.id}`,
    name: sold.name,
    brand: sold.brand,
    gtin: sold.gtin,
    mpn: sold.mpn,
    ourPrice: ours.price,
    shopPrice: sold.price,
    url: `${fixtureShopUrl.replace(/\/+$/, '')}${productPath(shop, sold)}`,
  };
}

/**
 * Adds our product of the pair to the competitor's website, the competitor's product at the
 * shop's address with two earlier prices (so its detail has a history and the first run writes a
 * change), and the match between them. Once per database: nothing when our product exists.
 * Returns whether it added the pair.
 */
export async function seedDemoScrapedPair(
  pool: Pool,
  competitorId: string,
  fixtureShopUrl: string,
  seed = 1,
): Promise<boolean> {
  const pair = demoScrapedPair(fixtureShopUrl, seed);
  const gtin = normalizeGtin(pair.gtin);
  return inTransaction(pool, async (client) => {
    const product = await client.query<{ id: string }>(
      `INSERT INTO products (organization_website_id, item_id, name, brand, gtin, mpn, category, price, currency)
       SELECT c.organization_website_id, $2, $3, $4, $5, $6, 'Home', $7, 'CZK' FROM competitors c WHERE c.id = $1
       ON CONFLICT (organization_website_id, item_id) DO NOTHING RETURNING id`,
      [competitorId, pair.itemId, pair.name, pair.brand, gtin, pair.mpn, pair.ourPrice.toFixed(2)],
    );
    const productId = product.rows[0]?.id;
    if (!productId) return false;
    // Stored a day ago at an older price; the shop's address is its canonical address, so the
    // scraper's run updates this product (runs upsert by canonical address).
    const earlier = [1.08, 1.04].map((factor) => Math.round(pair.shopPrice * factor));
    const offer = await client.query<{ id: string; fresh: boolean }>(
      `INSERT INTO competitor_products AS cp (competitor_id, external_id, name, brand, gtin, mpn, price, currency, availability, url, canonical_url, seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'CZK', 'in_stock', $2, $2, now() - interval '1 day')
       ON CONFLICT (competitor_id, canonical_url) WHERE canonical_url IS NOT NULL DO UPDATE SET seen_at = cp.seen_at
       RETURNING id, (xmax = 0) AS fresh`,
      [competitorId, pair.url, pair.name, pair.brand, gtin, pair.mpn, earlier[1]!.toFixed(2)],
    );
    const offerId = offer.rows[0]!.id;
    if (offer.rows[0]!.fresh)
      await client.query(
        `INSERT INTO competitor_price_history (competitor_product_id, seen_at, price, currency, availability)
         VALUES ($1, now() - interval '3 days', $2, 'CZK', 'in_stock'), ($1, now() - interval '1 day', $3, 'CZK', 'in_stock')`,
        [offerId, earlier[0]!.toFixed(2), earlier[1]!.toFixed(2)],
      );
    await client.query(
      `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, score, evidence)
       VALUES ($1, $2, $3, 'MATCHED', 1, '{"gtin": true}') ON CONFLICT (product_id, competitor_product_id) DO NOTHING`,
      [productId, offerId, competitorId],
    );
    await client.query('SELECT refresh_product_rollups(ARRAY[$1::uuid])', [productId]);
    return true;
  });
}
