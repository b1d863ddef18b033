/**
 * The scraper settings form (detail/SettingsForm.tsx) and the settings JSON the API stores
 * (api/src/monitoring/scrape-types.ts): flat form values in sections, and back. Keys the form does
 * not show (headers, cookies, JSON paths of rules) are kept as they were.
 */

export const RULE_FIELDS = [
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
export type RuleField = (typeof RULE_FIELDS)[number];

export interface RuleValues {
  css?: string;
  attribute?: string;
  regex?: string;
}

export interface SettingsValues {
  knownUrls: boolean;
  sitemapUrl?: string;
  sitemapProductPattern?: string;
  listingStartUrl?: string;
  listingProductLinkPattern?: string;
  listingNextPagePattern?: string;
  userAgent?: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  obeyRobots: boolean;
  concurrencyPerHost: number;
  minDelayMs: number;
  retries: number;
  headless: boolean;
  /** Percent (50 = a price may move by half). */
  maxPriceJumpPercent: number;
  expectedCurrency?: string;
  rules: Partial<Record<RuleField, RuleValues>>;
}

type Json = Record<string, any>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function parseSettings(json: string | null | undefined): Json {
  try {
    const parsed = JSON.parse(json ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

export function toFormValues(settings: Json): SettingsValues {
  const sources = settings.sources ?? {};
  const fetch = settings.fetch ?? {};
  const rules: SettingsValues['rules'] = {};
  for (const field of RULE_FIELDS) {
    const rule = settings.rules?.[field];
    if (rule) rules[field] = { css: rule.css, attribute: rule.attribute, regex: rule.regex };
  }
  return {
    knownUrls: sources.knownUrls !== false,
    sitemapUrl: sources.sitemapUrl,
    sitemapProductPattern: sources.sitemapProductPattern,
    listingStartUrl: sources.listing?.startUrl,
    listingProductLinkPattern: sources.listing?.productLinkPattern,
    listingNextPagePattern: sources.listing?.nextPagePattern,
    userAgent: fetch.userAgent,
    timeoutMs: fetch.timeoutMs ?? 20_000,
    maxBytes: fetch.maxBytes ?? 5 * 1024 * 1024,
    maxRedirects: fetch.maxRedirects ?? 5,
    obeyRobots: fetch.obeyRobots !== false,
    concurrencyPerHost: fetch.concurrencyPerHost ?? 1,
    minDelayMs: fetch.minDelayMs ?? 1_000,
    retries: fetch.retries ?? 2,
    headless: fetch.headless === true,
    maxPriceJumpPercent: Math.round((settings.validation?.maxPriceJumpShare ?? 0.5) * 100),
    expectedCurrency: settings.expectedCurrency,
    rules,
  };
}

/** The settings JSON of form values, on top of `base` (what the scraper had). */
export function toSettings(values: SettingsValues, base: Json): Json {
  const listingStart = text(values.listingStartUrl);
  const rules: Json = {};
  for (const field of RULE_FIELDS) {
    const rule = values.rules?.[field] ?? {};
    const kept = base.rules?.[field] ?? {};
    const next = { ...kept, css: text(rule.css), attribute: text(rule.attribute), regex: text(rule.regex) };
    for (const key of ['css', 'attribute', 'regex'] as const) if (next[key] === undefined) delete next[key];
    if (Object.keys(next).length) rules[field] = next;
  }
  const currency = text(values.expectedCurrency)?.toUpperCase();
  const result: Json = {
    ...base,
    sources: {
      knownUrls: values.knownUrls,
      ...(text(values.sitemapUrl) ? { sitemapUrl: text(values.sitemapUrl) } : {}),
      ...(text(values.sitemapProductPattern) ? { sitemapProductPattern: text(values.sitemapProductPattern) } : {}),
      ...(listingStart
        ? {
            listing: {
              ...base.sources?.listing,
              startUrl: listingStart,
              productLinkPattern: text(values.listingProductLinkPattern) ?? '',
              nextPagePattern: text(values.listingNextPagePattern) ?? '',
            },
          }
        : {}),
    },
    rules,
    fetch: {
      ...base.fetch,
      userAgent: text(values.userAgent),
      timeoutMs: values.timeoutMs,
      maxBytes: values.maxBytes,
      maxRedirects: values.maxRedirects,
      obeyRobots: values.obeyRobots,
      concurrencyPerHost: values.concurrencyPerHost,
      minDelayMs: values.minDelayMs,
      retries: values.retries,
      headless: values.headless,
    },
    validation: { ...base.validation, maxPriceJumpShare: values.maxPriceJumpPercent / 100 },
  };
  if (result.fetch.userAgent === undefined) delete result.fetch.userAgent;
  if (currency) result.expectedCurrency = currency;
  else delete result.expectedCurrency;
  return result;
}
