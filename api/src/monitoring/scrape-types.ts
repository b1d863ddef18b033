/**
 * The contract between scraping (fetching, extraction, discovery: README-scraping.md) and the
 * scrapers' data, runs and API (README.md). A scraper stores `ScraperSettings` as JSON; runs call
 * `scrapePage` per product URL with one `Fetcher` per run.
 *
 * Where the functions live:
 * - `DEFAULT_SCRAPER_SETTINGS`: here; `validateScraperSettings`: extract/settings.ts (it reads these
 *   types, so importing it from there keeps the two files out of an import cycle)
 * - `extractProduct`: extract/index.ts
 * - `createFetcher`: fetch/fetcher.ts
 * - `discoverFromSitemap`, `discoverFromListing`: fetch/discover.ts
 * - `scrapePage`: scrape-page.ts
 * - `startFixtureShop`: fixture-shop/server.ts
 */
import type { Reason } from './reasons.ts';

/** The fields a product page yields. */
export const PRODUCT_FIELDS = [
  'name',
  'price',
  'regularPrice',
  'currency',
  'availability',
  'gtin',
  'mpn',
  'brand',
  'image',
  'canonicalUrl',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/**
 * A scraper's own way of reading one field, tried after the page's structured data (or before it
 * when `override` is set). `css` selects an element (its text, or `attribute`); `regex` is then
 * applied to that text (or to the page's visible text when there is no `css`), its first capture
 * group (or whole match) being the value; `jsonPath` reads a value from JSON embedded in a script
 * (`scriptSelector` picks the script, `path` like `product.offers[0].price`).
 */
export interface FieldRule {
  css?: string;
  attribute?: string;
  regex?: string;
  jsonPath?: { scriptSelector: string; path: string };
  /** Use this rule before the structured data (JSON-LD, microdata, RDFa, meta tags). */
  override?: boolean;
}

/**
 * Listing pages: start at `startUrl`, take every link whose absolute URL matches the regular
 * expression `productLinkPattern` as a product, and follow every link whose absolute URL matches
 * `nextPagePattern` as a further listing page (each once, at most `maxPages` pages).
 */
export interface ListingSource {
  startUrl: string;
  productLinkPattern: string;
  nextPagePattern: string;
  maxPages?: number;
}

export interface ScraperSources {
  /** Scrape the competitor products' known URLs (and those imported from CSV). */
  knownUrls: boolean;
  /** sitemap.xml or a sitemap index; `sitemapProductPattern` (regex) keeps product URLs only. */
  sitemapUrl?: string;
  sitemapProductPattern?: string;
  listing?: ListingSource;
}

export interface FetchSettings {
  userAgent?: string;
  /** Extra request headers (name -> value). */
  headers?: Record<string, string>;
  /** Cookies sent with every request (name -> value). */
  cookies?: Record<string, string>;
  /** One request, headers to last byte. */
  timeoutMs: number;
  /** A body (after decompression) above this fails as `too_large`. */
  maxBytes: number;
  maxRedirects: number;
  obeyRobots: boolean;
  /** Requests to one host at the same time. */
  concurrencyPerHost: number;
  /** Between two request starts to one host (robots.txt's crawl-delay raises it). */
  minDelayMs: number;
  /** Further attempts after a 429 / 5xx / network error / timeout. */
  retries: number;
  /** Render pages in Chromium (JavaScript-built shops); slow. */
  headless: boolean;
}

export interface ValidationSettings {
  /** A price that moves by more than this share of the previous price (0.5 = 50 %) is held for review. */
  maxPriceJumpShare: number;
}

export interface ScraperSettings {
  sources: ScraperSources;
  rules: Partial<Record<ProductField, FieldRule>>;
  fetch: FetchSettings;
  validation: ValidationSettings;
  /** ISO 4217; a page in another currency fails validation. Also assumed when a page names none. */
  expectedCurrency?: string;
}

/** The name this service introduces itself with (robots.txt groups match its first word). */
export const DEFAULT_USER_AGENT = 'PriceConsoleBot/1.0 (+price monitoring; obeys robots.txt)';

export const DEFAULT_SCRAPER_SETTINGS: ScraperSettings = {
  sources: { knownUrls: true },
  rules: {},
  fetch: {
    timeoutMs: 20_000,
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    obeyRobots: true,
    concurrencyPerHost: 1,
    minDelayMs: 1_000,
    retries: 2,
    headless: false,
  },
  validation: { maxPriceJumpShare: 0.5 },
};

export type Availability = 'in_stock' | 'out_of_stock' | 'unknown';
export type ExtractionSource = 'json-ld' | 'microdata' | 'rdfa' | 'meta' | 'rule';

export type ExtractionWarningCode =
  | 'no_price'
  | 'call_for_price'
  | 'zero_price'
  | 'unparsed_price'
  | 'price_range'
  | 'price_from'
  | 'several_offers'
  | 'no_currency'
  | 'currency_assumed'
  | 'currency_mismatch'
  | 'unknown_currency'
  | 'invalid_json_ld'
  | 'invalid_embedded_json'
  | 'rule_no_match'
  | 'no_product';

export interface ExtractionWarning {
  code: ExtractionWarningCode;
  /** English; the console words `code` with `values` (none for a warning whose sentence names nothing). */
  message: string;
  values?: Readonly<Record<string, string | number>>;
}

export interface ExtractedProduct {
  name: string | null;
  /** The price a buyer pays now (the sale price when there is one). */
  price: number | null;
  /** The price before a sale (strike-through), when the page shows one. */
  regularPrice: number | null;
  /** ISO 4217 */
  currency: string | null;
  availability: Availability;
  gtin: string | null;
  mpn: string | null;
  brand: string | null;
  /** Absolute URLs. */
  image: string | null;
  canonicalUrl: string | null;
  /** Which strategy produced each field found. */
  sources: Partial<Record<ProductField, ExtractionSource>>;
  warnings: ExtractionWarning[];
}

export type ExtractionResult = ExtractedProduct;

export type FailureKind =
  | 'http_status'
  | 'timeout'
  | 'robots_disallowed'
  | 'blocked'
  | 'too_large'
  | 'redirect_loop'
  | 'not_html'
  | 'network'
  | 'private_address'
  | 'extraction_failed'
  | 'validation_failed';

export interface ConditionalRequest {
  etag?: string | null;
  lastModified?: string | null;
}

export interface FetchOptions extends ConditionalRequest {
  /** What the body must be: an HTML page (default) or XML (sitemaps). */
  expect?: 'html' | 'xml';
}

export type FetchResult =
  | {
      outcome: 'ok';
      status: number;
      finalUrl: string;
      body: string;
      /** Bytes received on the wire (compressed). */
      bytes: number;
      etag: string | null;
      lastModified: string | null;
      contentType: string | null;
      durationMs: number;
    }
  | {
      outcome: 'not_modified';
      status: 304;
      finalUrl: string;
      bytes: number;
      etag: string | null;
      lastModified: string | null;
      durationMs: number;
    }
  | {
      outcome: 'failed';
      failure: FailureKind;
      /** Human-readable, names the URL's problem (English: `describe(why)`). */
      reason: string;
      /** The same as a code and its values, worded by the console in the user's language. */
      why: Reason;
      status: number | null;
      finalUrl: string;
      bytes: number;
      durationMs: number;
    };

export interface Fetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /** Closes connections (and the browser in headless mode). */
  close(): Promise<void>;
}

/** Claims the next start of a request to `host` among all workers; resolves to the ms to wait first. */
export type SharedPace = (host: string, delayMs: number) => Promise<number>;

export interface CreateFetcherOptions {
  /** Allow loopback and private addresses (local development, tests, the fixture shop). */
  allowPrivateAddresses?: boolean;
  /** Politeness shared with other workers (host-pace.ts), for hosts with a minimum delay; per process only when absent. */
  sharedPace?: SharedPace;
}

/** What the previous successful scrape of the page knew. */
export interface PreviousPage {
  etag: string | null;
  lastModified: string | null;
  price: number | null;
}

export interface PageTimings {
  /** Wall time of the fetch (incl. politeness waits and retries). */
  fetchMs: number;
  /** Parsing the HTML. */
  parseMs: number;
  /** Reading the fields from the parsed page. */
  extractMs: number;
}

export type PageResult =
  | {
      /** Fields extracted and valid: store them. */
      outcome: 'ok';
      url: string;
      finalUrl: string;
      product: ExtractedProduct;
      etag: string | null;
      lastModified: string | null;
      bytes: number;
      timings: PageTimings;
    }
  | {
      /** 304: nothing changed since `previous`; only "last seen" moves. */
      outcome: 'not_modified';
      url: string;
      etag: string | null;
      lastModified: string | null;
      bytes: number;
      timings: PageTimings;
    }
  | {
      /** Extracted but implausible (price jump): held for review, not written as the price. */
      outcome: 'held';
      url: string;
      finalUrl: string;
      failure: 'validation_failed';
      reason: string;
      why: Reason;
      product: ExtractedProduct;
      etag: string | null;
      lastModified: string | null;
      bytes: number;
      timings: PageTimings;
    }
  | {
      outcome: 'failed';
      url: string;
      failure: FailureKind;
      reason: string;
      why: Reason;
      status: number | null;
      /** What was extracted, when the failure is about the content. */
      product: ExtractedProduct | null;
      bytes: number;
      timings: PageTimings;
    };

export type SettingsValidation =
  | { ok: true; settings: ScraperSettings }
  | { ok: false; errors: { path: string; message: string }[] };
