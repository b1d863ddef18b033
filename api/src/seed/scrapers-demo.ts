/**
 * Demo scrapers (api/src/monitoring/README.md): when the local stack runs the fixture shop
 * (FIXTURE_SHOP_URL), the first demo website's competitors each get a scraper reading one of its
 * CZK shops through the sitemap, due at once, so the job worker's schedule runs them on start and
 * a newcomer sees scrapers, runs and fresh prices. Once per database (a competitor with a scraper
 * is left alone). The competitors' seeded products have made-up addresses, so the demo scrapers
 * do not read known addresses. The first competitor also gets the matched fixture pair
 * (scraped-pair-demo.ts): one of our products whose detail shows the price its scraper collects.
 */
import type { Pool } from 'pg';
import { fixtureScraperSettings } from '../monitoring/fixture-shop/catalogue.ts';
import { DEFAULT_SCRAPER_SETTINGS } from '../monitoring/scrape-types.ts';
import { validateScraperSettings } from '../monitoring/extract/settings.ts';
import { SCRAPED_PAIR_SHOP, seedDemoScrapedPair } from './scraped-pair-demo.ts';

/** The fixture shops the demo reads (CZK, as the first demo website sells in CZK), in competitor name order. */
const DEMO_SHOPS = [
  { slug: 'elektro-hvezda', style: 'json-ld', currency: 'CZK' },
  { slug: 'nakup-levne', style: 'selectors', currency: 'CZK' },
] as const;

export function demoScraperSettings(shop: (typeof DEMO_SHOPS)[number], fixtureShopUrl: string) {
  const base = fixtureScraperSettings(shop, fixtureShopUrl);
  const settings = {
    ...DEFAULT_SCRAPER_SETTINGS,
    ...base,
    sources: { knownUrls: false, sitemapUrl: base.sources!.sitemapUrl },
    // The fixture shop is local: a short delay keeps a run watchable (a few pages a second).
    fetch: { ...DEFAULT_SCRAPER_SETTINGS.fetch, minDelayMs: 200, concurrencyPerHost: 2, retries: 1 },
  };
  const checked = validateScraperSettings(settings);
  if (!checked.ok)
    throw new Error(
      `Demo scraper settings are invalid: ${checked.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  return checked.settings;
}

/** Returns how many scrapers it added. `fixtureSeed`: the catalogue seed the fixture shop was started with (scripts/stack.ts: 1). */
export async function seedDemoScrapers(pool: Pool, fixtureShopUrl: string, fixtureSeed = 1): Promise<number> {
  const { rows } = await pool.query<{ id: string; name: string; has_scraper: boolean }>(
    `SELECT c.id, c.name, EXISTS (SELECT 1 FROM scrapers s WHERE s.competitor_id = c.id) AS has_scraper
       FROM competitors c
      WHERE c.organization_website_id = (SELECT ow.id FROM organization_websites ow JOIN organizations o ON o.id = ow.organization_id
                                          WHERE o.slug = 'northwind' ORDER BY ow.name, ow.id LIMIT 1)
      ORDER BY c.name, c.id LIMIT ${DEMO_SHOPS.length}`,
  );
  let added = 0;
  for (const [i, competitor] of rows.entries()) {
    if (competitor.has_scraper) continue;
    const shop = DEMO_SHOPS[i]!;
    await pool.query('INSERT INTO scrapers (competitor_id, name, settings) VALUES ($1, $2, $3)', [
      competitor.id,
      `${competitor.name} (fixture shop ${shop.slug})`,
      JSON.stringify(demoScraperSettings(shop, fixtureShopUrl)),
    ]);
    added += 1;
  }
  // Our product matched to one the first shop sells: its detail shows the collected price.
  if (rows[0] && DEMO_SHOPS[0].slug === SCRAPED_PAIR_SHOP)
    await seedDemoScrapedPair(pool, rows[0].id, fixtureShopUrl, fixtureSeed);
  return added;
}
