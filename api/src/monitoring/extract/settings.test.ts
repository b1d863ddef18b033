import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRAPER_SETTINGS } from '../scrape-types.ts';
import { parseJsonPath, readJsonPath } from './json-path.ts';
import { validateScraperSettings } from './settings.ts';

describe('validateScraperSettings', () => {
  it('fills what is left out with the defaults', () => {
    expect(validateScraperSettings({})).toEqual({ ok: true, settings: DEFAULT_SCRAPER_SETTINGS });
    const result = validateScraperSettings({ fetch: { minDelayMs: 200 }, expectedCurrency: 'czk' });
    expect(result.ok && result.settings.fetch).toEqual({ ...DEFAULT_SCRAPER_SETTINGS.fetch, minDelayMs: 200 });
    expect(result.ok && result.settings.expectedCurrency).toBe('CZK');
  });

  it('keeps a complete configuration as it is (export and import round trip)', () => {
    const settings = {
      sources: {
        knownUrls: false,
        sitemapUrl: 'https://shop.example/sitemap.xml',
        sitemapProductPattern: '/p/',
        listing: {
          startUrl: 'https://shop.example/c/phones',
          productLinkPattern: '/p/[\\w-]+$',
          nextPagePattern: '[?&]page=\\d+',
          maxPages: 20,
        },
      },
      rules: {
        price: { css: '.price-box .price', regex: '([\\d\\s,.]+)' },
        image: { css: 'img.main', attribute: 'data-src', override: true },
        gtin: { jsonPath: { scriptSelector: 'script#__DATA__', path: 'product.ean' } },
      },
      fetch: {
        userAgent: 'Bot/2',
        headers: { 'Accept-Language': 'cs' },
        cookies: { consent: 'yes' },
        timeoutMs: 5000,
        maxBytes: 1_000_000,
        maxRedirects: 3,
        obeyRobots: false,
        concurrencyPerHost: 2,
        minDelayMs: 0,
        retries: 0,
        headless: true,
      },
      validation: { maxPriceJumpShare: 0.3 },
      expectedCurrency: 'EUR',
    };
    const result = validateScraperSettings(JSON.parse(JSON.stringify(settings)));
    expect(result).toEqual({ ok: true, settings });
    expect(validateScraperSettings(JSON.stringify(settings))).toEqual({ ok: true, settings });
  });

  it.each([
    ['not JSON', '{"rules":', '', 'not valid JSON'],
    ['an array', [], '', 'must be a JSON object'],
    ['an invalid selector', { rules: { price: { css: '.price[' } } }, 'rules.price.css', 'is not a valid CSS selector'],
    ['an empty selector', { rules: { name: { css: ' ' } } }, 'rules.name.css', 'must not be empty'],
    [
      'an invalid regex',
      { rules: { price: { regex: '([0-9]+' } } },
      'rules.price.regex',
      'is not a valid regular expression',
    ],
    [
      'an invalid JSON path',
      { rules: { gtin: { jsonPath: { scriptSelector: 'script', path: 'a..b' } } } },
      'rules.gtin.jsonPath.path',
      'is not a valid path',
    ],
    [
      'a JSON path without script',
      { rules: { gtin: { jsonPath: { path: 'a' } } } },
      'rules.gtin.jsonPath.scriptSelector',
      'is required',
    ],
    [
      'an attribute without selector',
      { rules: { image: { attribute: 'src' } } },
      'rules.image.attribute',
      'needs a css selector',
    ],
    ['an empty rule', { rules: { brand: {} } }, 'rules.brand', 'needs css, regex or jsonPath'],
    ['an unknown field', { rules: { colour: { css: 'b' } } }, 'rules.colour', 'is not a product field'],
    [
      'a sitemap URL that is no URL',
      { sources: { sitemapUrl: 'shop/sitemap.xml' } },
      'sources.sitemapUrl',
      'is not a valid URL',
    ],
    [
      'a sitemap URL on ftp',
      { sources: { sitemapUrl: 'ftp://shop.example/s.xml' } },
      'sources.sitemapUrl',
      'must be an http or https URL',
    ],
    [
      'a listing without patterns',
      { sources: { listing: { startUrl: 'https://a.example/' } } },
      'sources.listing.productLinkPattern',
      'is required',
    ],
    [
      'a listing with a bad pattern',
      { sources: { listing: { startUrl: 'https://a.example/', productLinkPattern: '(', nextPagePattern: 'x' } } },
      'sources.listing.productLinkPattern',
      'regular expression',
    ],
    ['a zero timeout', { fetch: { timeoutMs: 0 } }, 'fetch.timeoutMs', 'must be a whole number from 1000'],
    ['a text for a number', { fetch: { retries: '3' } }, 'fetch.retries', 'must be a whole number'],
    ['a text for a switch', { fetch: { obeyRobots: 'no' } }, 'fetch.obeyRobots', 'must be true or false'],
    ['a header the fetcher sets', { fetch: { headers: { Host: 'x' } } }, 'fetch.headers.Host', 'set by the fetcher'],
    ['a header on two lines', { fetch: { headers: { 'X-A': 'a\r\nb: c' } } }, 'fetch.headers.X-A', 'on one line'],
    ['a cookie with a semicolon', { fetch: { cookies: { a: 'b; c=d' } } }, 'fetch.cookies.a', 'must not hold'],
    ['a negative jump share', { validation: { maxPriceJumpShare: -1 } }, 'validation.maxPriceJumpShare', 'above 0'],
    ['a currency that is no code', { expectedCurrency: 'Kč' }, 'expectedCurrency', 'three-letter currency code'],
    ['an unknown setting', { fetch: { proxy: 'x' } }, 'fetch.proxy', 'is not a setting'],
  ])('names %s', (_case, input, path, message) => {
    const result = validateScraperSettings(input);
    expect(result.ok).toBe(false);
    const error = result.ok ? undefined : result.errors.find((entry) => entry.path === path);
    expect(error, JSON.stringify(result)).toBeTruthy();
    expect(error?.message).toContain(message);
    if (path) expect(error?.message.startsWith(path)).toBe(true);
  });

  it('reports every problem at once', () => {
    const result = validateScraperSettings({
      rules: { price: { css: '[' }, name: { regex: '(' } },
      fetch: { retries: -1 },
    });
    expect(!result.ok && result.errors.map((error) => error.path)).toEqual([
      'rules.price.css',
      'rules.name.regex',
      'fetch.retries',
    ]);
  });
});

describe('JSON path', () => {
  it.each([
    ['product.offers[0].price', ['product', 'offers', 0, 'price']],
    ['$.props["page-data"].price', ['props', 'page-data', 'price']],
    ["$['a b'][2]", ['a b', 2]],
  ])('%s', (path, steps) => {
    expect(parseJsonPath(path)).toEqual({ steps });
  });

  it('reads the value or undefined', () => {
    const data = { product: { offers: [{ price: '12.5' }] } };
    expect(readJsonPath(data, ['product', 'offers', 0, 'price'])).toBe('12.5');
    expect(readJsonPath(data, ['product', 'offers', 3, 'price'])).toBeUndefined();
    expect(readJsonPath(data, ['product', 'offers', 0, 'price', 'x'])).toBeUndefined();
  });
});
