/**
 * A scraper's settings JSON (a form's answer or an imported file) -> ScraperSettings, or every
 * problem found, each naming its field. A section or field left out takes its default
 * (DEFAULT_SCRAPER_SETTINGS); a field given with a wrong type or value is an error, never
 * silently replaced.
 */
import { load } from 'cheerio';
import {
  DEFAULT_SCRAPER_SETTINGS,
  PRODUCT_FIELDS,
  type FetchSettings,
  type FieldRule,
  type ListingSource,
  type ProductField,
  type ScraperSettings,
  type SettingsValidation,
} from '../scrape-types.ts';
import { parseJsonPath } from './json-path.ts';

type Errors = { path: string; message: string }[];
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A document to try selectors on: an invalid selector throws when it is compiled. */
const probe = load('<html><body></body></html>');

export function selectorError(selector: string): string | null {
  if (!selector.trim()) return 'must not be empty';
  try {
    probe.root().find(selector);
    return null;
  } catch (error) {
    return `is not a valid CSS selector (${(error as Error).message})`;
  }
}

export function regexError(pattern: string): string | null {
  if (!pattern) return 'must not be empty';
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`;
  }
}

export function httpUrlError(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `must be an http or https URL, not ${url.protocol.replace(/:$/, '')}`;
  return null;
}

class Reader {
  readonly errors: Errors = [];
  fail(path: string, message: string): void {
    this.errors.push({ path, message: `${path} ${message}` });
  }
  string(json: Json, key: string, path: string, check?: (value: string) => string | null): string | undefined {
    const value = json[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') return (this.fail(`${path}${key}`, 'must be a text'), undefined);
    const problem = check?.(value);
    if (problem) return (this.fail(`${path}${key}`, problem), undefined);
    return value;
  }
  integer(json: Json, key: string, path: string, fallback: number, min: number, max: number): number {
    const value = json[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.fail(`${path}${key}`, `must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  }
  boolean(json: Json, key: string, path: string, fallback: boolean): boolean {
    const value = json[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') return (this.fail(`${path}${key}`, 'must be true or false'), fallback);
    return value;
  }
  section(json: Json, key: string): Json {
    const value = json[key];
    if (value === undefined || value === null) return {};
    if (!isObject(value)) return (this.fail(key, 'must be an object'), {});
    return value;
  }
  stringMap(json: Json, key: string, path: string, nameCheck: RegExp): Record<string, string> | undefined {
    const value = json[key];
    if (value === undefined || value === null) return undefined;
    if (!isObject(value)) return (this.fail(`${path}${key}`, 'must be an object of names and texts'), undefined);
    const map: Record<string, string> = {};
    for (const [name, text] of Object.entries(value)) {
      if (!nameCheck.test(name)) this.fail(`${path}${key}.${name}`, 'is not a valid name');
      else if (typeof text !== 'string' || /[\r\n]/.test(text))
        this.fail(`${path}${key}.${name}`, 'must be a text on one line');
      else map[name] = text;
    }
    return map;
  }
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the fetcher sets itself. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
]);

function readRule(reader: Reader, json: unknown, path: string): FieldRule | undefined {
  if (!isObject(json)) return (reader.fail(path, 'must be an object'), undefined);
  const rule: FieldRule = {};
  const css = reader.string(json, 'css', `${path}.`, selectorError);
  if (css !== undefined) rule.css = css;
  const attribute = reader.string(json, 'attribute', `${path}.`, (value) =>
    /^[^\s"'>/=]+$/.test(value) ? null : 'is not a valid attribute name',
  );
  if (attribute !== undefined) rule.attribute = attribute;
  const regex = reader.string(json, 'regex', `${path}.`, regexError);
  if (regex !== undefined) rule.regex = regex;
  if (json.jsonPath !== undefined && json.jsonPath !== null) {
    if (!isObject(json.jsonPath)) reader.fail(`${path}.jsonPath`, 'must be an object with scriptSelector and path');
    else {
      const scriptSelector = reader.string(json.jsonPath, 'scriptSelector', `${path}.jsonPath.`, selectorError);
      const jsonPath = reader.string(json.jsonPath, 'path', `${path}.jsonPath.`, (value) => {
        const parsed = parseJsonPath(value);
        return 'error' in parsed ? parsed.error : null;
      });
      if (scriptSelector === undefined && !reader.errors.some((e) => e.path === `${path}.jsonPath.scriptSelector`)) {
        reader.fail(`${path}.jsonPath.scriptSelector`, 'is required');
      }
      if (jsonPath === undefined && !reader.errors.some((e) => e.path === `${path}.jsonPath.path`))
        reader.fail(`${path}.jsonPath.path`, 'is required');
      if (scriptSelector !== undefined && jsonPath !== undefined) rule.jsonPath = { scriptSelector, path: jsonPath };
    }
  }
  if (rule.attribute !== undefined && rule.css === undefined) reader.fail(`${path}.attribute`, 'needs a css selector');
  if (rule.jsonPath && (rule.css !== undefined || rule.attribute !== undefined))
    reader.fail(path, 'takes either css (+ attribute) or jsonPath, not both');
  rule.override = reader.boolean(json, 'override', `${path}.`, false) || undefined;
  if (rule.override === undefined) delete rule.override;
  if (rule.css === undefined && rule.regex === undefined && rule.jsonPath === undefined) {
    if (!reader.errors.some((e) => e.path.startsWith(path))) reader.fail(path, 'needs css, regex or jsonPath');
    return undefined;
  }
  return rule;
}

function readListing(reader: Reader, json: unknown): ListingSource | undefined {
  const path = 'sources.listing';
  if (!isObject(json)) return (reader.fail(path, 'must be an object'), undefined);
  const startUrl = reader.string(json, 'startUrl', `${path}.`, httpUrlError);
  const productLinkPattern = reader.string(json, 'productLinkPattern', `${path}.`, regexError);
  const nextPagePattern = reader.string(json, 'nextPagePattern', `${path}.`, regexError);
  for (const [key, value] of [
    ['startUrl', startUrl],
    ['productLinkPattern', productLinkPattern],
    ['nextPagePattern', nextPagePattern],
  ] as const) {
    if (value === undefined && !reader.errors.some((e) => e.path === `${path}.${key}`))
      reader.fail(`${path}.${key}`, 'is required');
  }
  const maxPages = reader.integer(json, 'maxPages', `${path}.`, 50, 1, 10_000);
  if (startUrl === undefined || productLinkPattern === undefined || nextPagePattern === undefined) return undefined;
  return { startUrl, productLinkPattern, nextPagePattern, maxPages };
}

export function validateScraperSettings(input: unknown): SettingsValidation {
  const reader = new Reader();
  let json: unknown = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (error) {
      return {
        ok: false,
        errors: [{ path: '', message: `The settings are not valid JSON (${(error as Error).message})` }],
      };
    }
  }
  if (!isObject(json)) return { ok: false, errors: [{ path: '', message: 'The settings must be a JSON object' }] };
  for (const key of Object.keys(json)) {
    if (!['sources', 'rules', 'fetch', 'validation', 'expectedCurrency'].includes(key))
      reader.fail(key, 'is not a setting');
  }
  const defaults = DEFAULT_SCRAPER_SETTINGS;

  const sourcesJson = reader.section(json, 'sources');
  const sources: ScraperSettings['sources'] = {
    knownUrls: reader.boolean(sourcesJson, 'knownUrls', 'sources.', defaults.sources.knownUrls),
  };
  const sitemapUrl = reader.string(sourcesJson, 'sitemapUrl', 'sources.', httpUrlError);
  if (sitemapUrl !== undefined && sitemapUrl !== '') sources.sitemapUrl = sitemapUrl;
  const sitemapProductPattern = reader.string(sourcesJson, 'sitemapProductPattern', 'sources.', regexError);
  if (sitemapProductPattern !== undefined) sources.sitemapProductPattern = sitemapProductPattern;
  if (sourcesJson.listing !== undefined && sourcesJson.listing !== null) {
    const listing = readListing(reader, sourcesJson.listing);
    if (listing) sources.listing = listing;
  }
  for (const key of Object.keys(sourcesJson)) {
    if (!['knownUrls', 'sitemapUrl', 'sitemapProductPattern', 'listing'].includes(key))
      reader.fail(`sources.${key}`, 'is not a setting');
  }

  const rulesJson = reader.section(json, 'rules');
  const rules: ScraperSettings['rules'] = {};
  for (const [field, ruleJson] of Object.entries(rulesJson)) {
    if (!(PRODUCT_FIELDS as readonly string[]).includes(field)) {
      reader.fail(`rules.${field}`, `is not a product field (one of ${PRODUCT_FIELDS.join(', ')})`);
      continue;
    }
    if (ruleJson === null) continue;
    const rule = readRule(reader, ruleJson, `rules.${field}`);
    if (rule) rules[field as ProductField] = rule;
  }

  const fetchJson = reader.section(json, 'fetch');
  const d = defaults.fetch;
  const fetch: FetchSettings = {
    timeoutMs: reader.integer(fetchJson, 'timeoutMs', 'fetch.', d.timeoutMs, 1_000, 120_000),
    maxBytes: reader.integer(fetchJson, 'maxBytes', 'fetch.', d.maxBytes, 10_000, 50 * 1024 * 1024),
    maxRedirects: reader.integer(fetchJson, 'maxRedirects', 'fetch.', d.maxRedirects, 0, 20),
    obeyRobots: reader.boolean(fetchJson, 'obeyRobots', 'fetch.', d.obeyRobots),
    concurrencyPerHost: reader.integer(fetchJson, 'concurrencyPerHost', 'fetch.', d.concurrencyPerHost, 1, 64),
    minDelayMs: reader.integer(fetchJson, 'minDelayMs', 'fetch.', d.minDelayMs, 0, 600_000),
    retries: reader.integer(fetchJson, 'retries', 'fetch.', d.retries, 0, 10),
    headless: reader.boolean(fetchJson, 'headless', 'fetch.', d.headless),
  };
  const userAgent = reader.string(fetchJson, 'userAgent', 'fetch.', (value) =>
    !value.trim()
      ? 'must not be empty'
      : /[\r\n]/.test(value)
        ? 'must be on one line'
        : value.length > 500
          ? 'is longer than 500 characters'
          : null,
  );
  if (userAgent !== undefined) fetch.userAgent = userAgent;
  const headers = reader.stringMap(fetchJson, 'headers', 'fetch.', HEADER_NAME);
  if (headers) {
    for (const name of Object.keys(headers)) {
      if (RESERVED_HEADERS.has(name.toLowerCase()))
        reader.fail(`fetch.headers.${name}`, 'is set by the fetcher itself');
    }
    fetch.headers = headers;
  }
  const cookies = reader.stringMap(fetchJson, 'cookies', 'fetch.', COOKIE_NAME);
  if (cookies) {
    for (const [name, value] of Object.entries(cookies)) {
      if (/[;,\s]/.test(value)) reader.fail(`fetch.cookies.${name}`, 'must not hold ";", "," or spaces');
    }
    fetch.cookies = cookies;
  }
  for (const key of Object.keys(fetchJson)) {
    if (!(key in d) && !['userAgent', 'headers', 'cookies'].includes(key))
      reader.fail(`fetch.${key}`, 'is not a setting');
  }

  const validationJson = reader.section(json, 'validation');
  let maxPriceJumpShare = defaults.validation.maxPriceJumpShare;
  const share = validationJson.maxPriceJumpShare;
  if (share !== undefined && share !== null) {
    if (typeof share !== 'number' || !Number.isFinite(share) || share <= 0 || share > 100) {
      reader.fail('validation.maxPriceJumpShare', 'must be a number above 0 (0.5 = 50 %) and at most 100');
    } else maxPriceJumpShare = share;
  }
  for (const key of Object.keys(validationJson)) {
    if (key !== 'maxPriceJumpShare') reader.fail(`validation.${key}`, 'is not a setting');
  }

  const settings: ScraperSettings = { sources, rules, fetch, validation: { maxPriceJumpShare } };
  const currency = reader.string(json, 'expectedCurrency', '', (value) =>
    /^[A-Za-z]{3}$/.test(value) ? null : 'must be a three-letter currency code (ISO 4217), e.g. CZK',
  );
  if (currency !== undefined) settings.expectedCurrency = currency.toUpperCase();

  return reader.errors.length ? { ok: false, errors: reader.errors } : { ok: true, settings };
}
