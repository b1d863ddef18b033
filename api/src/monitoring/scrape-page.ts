/**
 * One product page: fetch (conditional on the previous scrape's ETag / Last-Modified), parse,
 * extract, validate (README-scraping.md, "Validation"). A page without a product or price fails
 * as extraction_failed (or blocked, when it is a block / captcha page); "call for price", a zero
 * price and a currency other than the scraper's fail as validation_failed; a price that moved by
 * more than the scraper's maxPriceJumpShare is held for review.
 */
import { detectBlockPage, extractFromDocument, parseHtml } from './extract/index.ts';
import { because, type Reason } from './reasons.ts';
import type {
  ExtractedProduct,
  Fetcher,
  PageResult,
  PageTimings,
  PreviousPage,
  ScraperSettings,
} from './scrape-types.ts';

const elapsed = (from: number) => Math.round((performance.now() - from) * 1000) / 1000;

/** Why the product may not be stored as it is, or null. */
export function validationProblem(
  product: ExtractedProduct,
  settings: Pick<ScraperSettings, 'expectedCurrency'>,
  url: string,
): Reason | null {
  const codes = new Set(product.warnings.map((warning) => warning.code));
  if (product.price === null && codes.has('call_for_price')) return { code: 'CALL_FOR_PRICE', values: { url } };
  if (product.price === 0) return { code: 'ZERO_PRICE', values: { url } };
  if (product.price !== null && product.price < 0) return { code: 'NEGATIVE_PRICE', values: { url } };
  if (settings.expectedCurrency && product.currency && product.currency !== settings.expectedCurrency) {
    return {
      code: 'CURRENCY_MISMATCH',
      values: { url, currency: product.currency, expected: settings.expectedCurrency },
    };
  }
  return null;
}

/** Whether the price moved by more than the share allowed since the previous scrape. */
export function priceJump(
  previous: number | null | undefined,
  price: number,
  maxShare: number,
  url: string,
): Reason | null {
  if (previous === null || previous === undefined || previous <= 0) return null;
  const share = Math.abs(price - previous) / previous;
  if (share <= maxShare) return null;
  return {
    code: 'PRICE_JUMP',
    values: { url, previous, price, percent: Math.round(share * 100), allowed: Math.round(maxShare * 100) },
  };
}

export async function scrapePage(
  url: string,
  settings: ScraperSettings,
  fetcher: Fetcher,
  previous?: PreviousPage,
): Promise<PageResult> {
  const fetchStart = performance.now();
  const fetched = await fetcher.fetch(url, {
    etag: previous?.etag ?? null,
    lastModified: previous?.lastModified ?? null,
  });
  const timings: PageTimings = { fetchMs: elapsed(fetchStart), parseMs: 0, extractMs: 0 };
  if (fetched.outcome === 'failed') {
    return {
      outcome: 'failed',
      url,
      failure: fetched.failure,
      reason: fetched.reason,
      why: fetched.why,
      status: fetched.status,
      product: null,
      bytes: fetched.bytes,
      timings,
    };
  }
  if (fetched.outcome === 'not_modified') {
    return {
      outcome: 'not_modified',
      url,
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      bytes: fetched.bytes,
      timings,
    };
  }
  const parseStart = performance.now();
  const $ = parseHtml(fetched.body);
  timings.parseMs = elapsed(parseStart);
  const extractStart = performance.now();
  const product = extractFromDocument($, fetched.finalUrl, settings);
  timings.extractMs = elapsed(extractStart);
  const base = { url, bytes: fetched.bytes, timings };
  const pageUrl = fetched.finalUrl;
  const failedWith = (failure: 'blocked' | 'extraction_failed' | 'validation_failed', why: Reason): PageResult => ({
    outcome: 'failed',
    ...base,
    failure,
    ...because(why.code, why.values),
    status: fetched.status,
    product,
  });

  if (product.price === null) {
    const block = detectBlockPage($);
    if (block) return failedWith('blocked', { code: block.code, values: { ...block.values, url: pageUrl } });
  }
  const invalid = validationProblem(product, settings, pageUrl);
  if (invalid) return failedWith('validation_failed', invalid);
  if (product.price === null) {
    const noProduct = product.warnings.some((entry) => entry.code === 'no_product');
    return failedWith('extraction_failed', { code: noProduct ? 'NO_PRODUCT' : 'NO_PRICE', values: { url: pageUrl } });
  }
  const jump = priceJump(previous?.price, product.price, settings.validation.maxPriceJumpShare, pageUrl);
  if (jump) {
    return {
      outcome: 'held',
      ...base,
      finalUrl: fetched.finalUrl,
      failure: 'validation_failed',
      ...because(jump.code, jump.values),
      product,
      etag: fetched.etag,
      lastModified: fetched.lastModified,
    };
  }
  return {
    outcome: 'ok',
    ...base,
    finalUrl: fetched.finalUrl,
    product,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
}
