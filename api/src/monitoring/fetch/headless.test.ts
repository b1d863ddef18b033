import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateScraperSettings } from '../extract/settings.ts';
import { fixtureScraperSettings, fixtureShopsFor, generateFixtureProducts } from '../fixture-shop/catalogue.ts';
import { startFixtureShop, type FixtureShop } from '../fixture-shop/server.ts';
import { scrapePage } from '../scrape-page.ts';
import type { Fetcher, PageResult, ScraperSettings } from '../scrape-types.ts';
import { createFetcher } from './fetcher.ts';
import { defaultChromiumPath } from './headless.ts';

// Chromium comes from Debian (apt-get install -y chromium), as for the end-to-end tests.
describe.skipIf(!existsSync(defaultChromiumPath()))('headless mode', () => {
  let shop: FixtureShop;
  let fetcher: Fetcher;
  let settings: ScraperSettings;

  beforeAll(async () => {
    shop = await startFixtureShop({
      shops: fixtureShopsFor(generateFixtureProducts(10, 5), 5),
      seed: 5,
      crawlDelaySeconds: 0,
    });
    const entry = shop.shops.find((candidate) => candidate.style === 'javascript')!;
    const result = validateScraperSettings({
      ...fixtureScraperSettings(entry, shop.url),
      fetch: { headless: true, minDelayMs: 0 },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    settings = result.settings;
    fetcher = createFetcher(settings, { allowPrivateAddresses: true });
  });
  afterAll(async () => {
    await fetcher?.close();
    await shop?.close();
  });

  it('renders a page whose script fills in the price, and reads it with the rules', async () => {
    const entry = shop.shops.find((candidate) => candidate.style === 'javascript')!;
    const url = entry.productUrls[2]!;
    const result = await scrapePage(url, settings, fetcher);
    expect(result.outcome, JSON.stringify(result)).toBe('ok');
    const id = /\/p\/(p\d+)-/.exec(url)![1]!.toUpperCase();
    const expected = shop.priceOf(entry.slug, id)!;
    expect((result as Extract<PageResult, { outcome: 'ok' }>).product).toMatchObject({
      name: expected.product.name,
      price: expected.price,
      currency: 'EUR',
      availability: expected.availability,
      gtin: expected.product.gtin,
    });
    // the page came from the fetcher, its data through the fetcher's client: each once
    const paths = shop.requests.map((request) => request.path);
    expect(paths.filter((path) => path === new URL(url).pathname)).toHaveLength(1);
    expect(paths.filter((path) => path.endsWith(`/api/products/${id}.json`))).toHaveLength(1);
    expect(paths.filter((path) => path.includes('/static/'))).toHaveLength(0);
  }, 60_000);
});
