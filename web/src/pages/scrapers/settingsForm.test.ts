import { describe, expect, it } from 'vitest';
import { parseSettings, toFormValues, toSettings } from './settingsForm.ts';

const stored = {
  sources: { knownUrls: true, sitemapUrl: 'https://shop.example/sitemap.xml' },
  rules: { price: { css: '.price', jsonPath: { scriptSelector: '#data', path: 'product.price' } } },
  fetch: {
    timeoutMs: 10000,
    maxBytes: 1000000,
    maxRedirects: 3,
    obeyRobots: true,
    concurrencyPerHost: 2,
    minDelayMs: 500,
    retries: 1,
    headless: false,
    headers: { 'accept-language': 'cs' },
  },
  validation: { maxPriceJumpShare: 0.25 },
  expectedCurrency: 'CZK',
};

describe('scraper settings form', () => {
  it('round-trips stored settings, keeping what the form does not show', () => {
    expect(toSettings(toFormValues(stored), stored)).toEqual(stored);
  });

  it('reads the price jump as percent and writes it back as a share', () => {
    const values = toFormValues(stored);
    expect(values.maxPriceJumpPercent).toBe(25);
    expect(toSettings({ ...values, maxPriceJumpPercent: 40 }, stored).validation.maxPriceJumpShare).toBe(0.4);
  });

  it.each([
    ['an emptied sitemap drops it', { sitemapUrl: '  ' }, (s: any) => expect(s.sources.sitemapUrl).toBeUndefined()],
    [
      'a listing start adds the listing',
      { listingStartUrl: 'https://shop.example/c', listingProductLinkPattern: '/p/', listingNextPagePattern: 'page=' },
      (s: any) =>
        expect(s.sources.listing).toEqual({
          startUrl: 'https://shop.example/c',
          productLinkPattern: '/p/',
          nextPagePattern: 'page=',
        }),
    ],
    [
      'a currency is upper-cased, an empty one removed',
      { expectedCurrency: 'eur' },
      (s: any) => expect(s.expectedCurrency).toBe('EUR'),
    ],
    [
      'an emptied rule keeps its JSON path only',
      { rules: { price: { css: '' } } },
      (s: any) => expect(s.rules.price).toEqual({ jsonPath: stored.rules.price.jsonPath }),
    ],
    [
      'a new rule for the name',
      { rules: { name: { css: 'h1', regex: '' } } },
      (s: any) => expect(s.rules.name).toEqual({ css: 'h1' }),
    ],
  ])('%s', (_name, change, check) => {
    check(toSettings({ ...toFormValues(stored), ...change }, stored));
  });

  it('reads broken or empty JSON as defaults', () => {
    expect(parseSettings('{')).toEqual({});
    expect(toFormValues({})).toMatchObject({
      knownUrls: true,
      obeyRobots: true,
      minDelayMs: 1000,
      maxPriceJumpPercent: 50,
    });
  });
});
