/**
 * What a scraped page becomes in the batch writer: a product to store, or a failure naming why. A
 * price is stored to the cent from 0.01 to 9,999,999,999.99 (migration 113): a page at 0, or at a
 * price that rounds to 0.00, shows no price; one that rounds past the column is implausible —
 * either way the page fails alone instead of failing the batch's write.
 */
import { describe, expect, it } from 'vitest';
import { toBatchEntry } from './run.ts';
import { DEFAULT_SCRAPER_SETTINGS, type ExtractedProduct, type PageResult } from './scrape-types.ts';

const ITEM = { url: 'https://rival.example/p/1', knownId: null, previous: null };

function page(product: Partial<ExtractedProduct>): PageResult {
  return {
    outcome: 'ok',
    url: ITEM.url,
    finalUrl: ITEM.url,
    product: {
      name: 'Tent Alpine 2',
      price: 1299.9,
      regularPrice: null,
      currency: 'CZK',
      availability: 'in_stock',
      gtin: null,
      mpn: null,
      brand: null,
      image: null,
      canonicalUrl: null,
      ...product,
    } as ExtractedProduct,
    etag: null,
    lastModified: null,
    bytes: 1000,
    timings: { fetchMs: 1, parseMs: 1, extractMs: 1 },
  };
}

describe('toBatchEntry: the price of a scraped page', () => {
  it.each([
    [0.01, 0.01],
    [0.005, 0.005],
    [1299.9, 1299.9],
    [9_999_999_999.99, 9_999_999_999.99],
  ])('stores %s', (price, stored) => {
    expect(toBatchEntry(ITEM, page({ price }), DEFAULT_SCRAPER_SETTINGS).product?.price).toBe(stored);
  });

  const noPrice = { code: 'NO_PRICE', values: {} };
  it.each([
    [null, 'extraction_failed', 'the page shows no price', noPrice],
    [0, 'extraction_failed', 'the page shows no price', noPrice],
    [0.004, 'extraction_failed', 'the page shows no price', noPrice],
    [-5, 'extraction_failed', 'the page shows no price', noPrice],
    [
      9_999_999_999.995,
      'validation_failed',
      'price 9999999999.995 is implausibly high',
      { code: 'PRICE_TOO_HIGH', values: { price: 9_999_999_999.995 } },
    ],
    [
      1e10,
      'validation_failed',
      'price 10000000000 is implausibly high',
      { code: 'PRICE_TOO_HIGH', values: { price: 1e10 } },
    ],
  ])('fails a page at %s without storing it', (price, kind, reason, why) => {
    const entry = toBatchEntry(ITEM, page({ price }), DEFAULT_SCRAPER_SETTINGS);
    expect(entry.product).toBeUndefined();
    expect(entry.failure).toEqual({ url: ITEM.url, kind, reason, why });
  });
});
