import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateScraperSettings } from './extract/settings.ts';
import { createFetcher } from './fetch/fetcher.ts';
import { fixtureScraperSettings, fixtureShopsFor, generateFixtureProducts } from './fixture-shop/catalogue.ts';
import { startFixtureShop, type FixtureShop, type FixtureShopInfo } from './fixture-shop/server.ts';
import { scrapePage } from './scrape-page.ts';
import { DEFAULT_SCRAPER_SETTINGS, type Fetcher, type PageResult, type ScraperSettings } from './scrape-types.ts';

let shop: FixtureShop;
const fetchers: Fetcher[] = [];
const products = generateFixtureProducts(30, 7);

beforeAll(async () => {
  shop = await startFixtureShop({
    shops: fixtureShopsFor(products, 7).map((catalogue) => ({ ...catalogue, pageSize: 10 })),
    seed: 7,
    crawlDelaySeconds: 0,
  });
});
afterAll(async () => {
  await Promise.all(fetchers.map((fetcher) => fetcher.close()));
  await shop.close();
});

const info = (style: FixtureShopInfo['style']) => shop.shops.find((entry) => entry.style === style)!;

/** The shop's recommended settings, fast (no delay) unless told otherwise. */
function settingsFor(style: FixtureShopInfo['style'], fetch: Partial<ScraperSettings['fetch']> = {}): ScraperSettings {
  const entry = info(style);
  const result = validateScraperSettings({
    ...fixtureScraperSettings(entry, shop.url),
    fetch: { minDelayMs: 0, retries: 2, ...fetch },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.settings;
}

function fetcherFor(settings: ScraperSettings, allowPrivateAddresses = true): Fetcher {
  const fetcher = createFetcher(settings, { allowPrivateAddresses, retryBaseMs: 50 });
  fetchers.push(fetcher);
  return fetcher;
}

const idOf = (url: string) => /\/p\/(p\d+)-/.exec(url)![1]!.toUpperCase();

describe('scrapePage against the fixture shop', () => {
  it.each([
    ['json-ld', 'json-ld'],
    ['microdata', 'microdata'],
    ['selectors', 'rule'],
  ] as const)("reads a %s shop's product (%s)", async (style, source) => {
    const settings = settingsFor(style);
    const entry = info(style);
    const url = entry.productUrls[3]!;
    const result = await scrapePage(url, settings, fetcherFor(settings));
    expect(result.outcome, JSON.stringify(result)).toBe('ok');
    const expected = shop.priceOf(entry.slug, idOf(url))!;
    const product = (result as Extract<PageResult, { outcome: 'ok' }>).product;
    expect(product).toMatchObject({
      name: expected.product.name,
      price: expected.price,
      regularPrice: expected.regularPrice,
      currency: entry.currency,
      availability: expected.availability,
      gtin: expected.product.gtin,
      mpn: expected.product.mpn,
      brand: expected.product.brand,
      canonicalUrl: url,
    });
    expect(product.sources.price).toBe(source);
    expect(product.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/.+\.jpg$/);
  });

  it('a JavaScript-built page holds no product for a plain fetch', async () => {
    const settings = settingsFor('javascript');
    const result = await scrapePage(info('javascript').productUrls[0]!, settings, fetcherFor(settings));
    expect(result).toMatchObject({ outcome: 'failed', failure: 'extraction_failed' });
  });

  it('an unchanged page costs a 304; a changed price is read after the day moves', async () => {
    const settings = settingsFor('json-ld');
    const fetcher = fetcherFor(settings);
    const entry = info('json-ld');
    const first = await scrapePage(entry.productUrls[0]!, settings, fetcher);
    expect(first.outcome).toBe('ok');
    const ok = first as Extract<PageResult, { outcome: 'ok' }>;
    expect(ok.etag).toBeTruthy();
    const previous = { etag: ok.etag, lastModified: ok.lastModified, price: ok.product.price };
    expect(await scrapePage(entry.productUrls[0]!, settings, fetcher, previous)).toMatchObject({
      outcome: 'not_modified',
    });
    expect(
      await scrapePage(entry.productUrls[0]!, settings, fetcher, {
        etag: null,
        lastModified: ok.lastModified,
        price: null,
      }),
    ).toMatchObject({ outcome: 'not_modified' });

    let change: ReturnType<FixtureShop['advanceDay']>[number] | undefined;
    for (let day = 0; day < 200 && !change; day++)
      change = shop.advanceDay().find((entry) => entry.slug === info('json-ld').slug);
    expect(change).toBeDefined();
    const url = entry.productUrls.find((candidate) => idOf(candidate) === change!.productId)!;
    const stale = await scrapePage(url, settings, fetcher, {
      etag: '"stale"',
      lastModified: null,
      price: change!.from,
    });
    expect(stale.outcome === 'ok' || stale.outcome === 'held').toBe(true);
    expect((stale as Extract<PageResult, { outcome: 'ok' }>).product.price).toBe(change!.to);
  });

  it('holds a price that jumps beyond the allowed share', async () => {
    const settings = settingsFor('microdata');
    const entry = info('microdata');
    const url = entry.productUrls[1]!;
    const price = shop.priceOf(entry.slug, idOf(url))!.price;
    const result = await scrapePage(url, settings, fetcherFor(settings), {
      etag: null,
      lastModified: null,
      price: price / 3,
    });
    expect(result).toMatchObject({ outcome: 'held', failure: 'validation_failed' });
    expect((result as { reason: string }).reason).toContain('held for review');
    expect(
      await scrapePage(url, settings, fetcherFor(settings), { etag: null, lastModified: null, price: price * 1.1 }),
    ).toMatchObject({ outcome: 'ok' });
  });

  it.each([
    ['rate-limited', 'ok', undefined],
    ['flaky', 'ok', undefined],
    ['redirect', 'ok', undefined],
    ['server-error', 'http_status', 'answered HTTP 500 (after 3 attempts)'],
    ['gone', 'http_status', 'answered HTTP 404'],
    ['captcha', 'blocked', 'captcha'],
    ['captcha-ok', 'blocked', 'captcha'],
    ['redirect-loop', 'redirect_loop', 'redirects in a loop'],
    ['not-html', 'not_html', 'application/pdf, not an HTML page'],
    ['call-for-price', 'validation_failed', 'call for price'],
    ['zero-price', 'validation_failed', 'price of 0'],
    ['other-currency', 'validation_failed', "currency USD differs from the scraper's CZK"],
    ['private', 'robots_disallowed', 'robots.txt of http://127.0.0.1'],
  ] as const)('trap page %s -> %s', async (trap, expected, reason) => {
    const settings = settingsFor('json-ld');
    const result = await scrapePage(info('json-ld').trapUrls[trap], settings, fetcherFor(settings));
    if (expected === 'ok') {
      expect(result.outcome, JSON.stringify(result)).toBe('ok');
    } else {
      expect(result, JSON.stringify(result)).toMatchObject({ outcome: 'failed', failure: expected });
      expect((result as { reason: string }).reason).toContain(reason);
    }
  });

  it('a page over the size cap fails as too_large (the body stream is cut)', async () => {
    const settings = settingsFor('json-ld', { maxBytes: 1_000_000 });
    const result = await scrapePage(info('json-ld').trapUrls.huge, settings, fetcherFor(settings));
    expect(result).toMatchObject({ outcome: 'failed', failure: 'too_large' });
    expect(result.bytes).toBeLessThan(5_000_000);
  });

  it('a slow answer past the time limit fails as timeout', async () => {
    const settings = settingsFor('json-ld', { timeoutMs: 1_000, retries: 0 });
    const result = await scrapePage(`${info('json-ld').trapUrls.slow}?ms=4000`, settings, fetcherFor(settings));
    expect(result).toMatchObject({ outcome: 'failed', failure: 'timeout' });
  });

  it('loopback is refused unless the caller allows it', async () => {
    const settings = settingsFor('json-ld');
    const url = info('json-ld').productUrls[0]!;
    expect(await scrapePage(url, settings, fetcherFor(settings, false))).toMatchObject({
      outcome: 'failed',
      failure: 'private_address',
    });
    expect(
      await scrapePage(url.replace('127.0.0.1', 'localhost'), settings, fetcherFor(settings, false)),
    ).toMatchObject({ outcome: 'failed', failure: 'private_address' });
  });

  it('the defaults are polite: robots.txt obeyed and one request per second to a host', () => {
    expect(DEFAULT_SCRAPER_SETTINGS.fetch).toMatchObject({ obeyRobots: true, concurrencyPerHost: 1, minDelayMs: 1000 });
  });
});
