/**
 * Why a page, a discovery or a held price could not be used, or why a run ended as it did, as a code with the values its
 * sentence names (README.md, "Failed pages"). The console words a code in the user's language; the
 * English sentence here is the one stored beside it (the `reason` column, logs, and any console
 * that does not know the code yet). One place writes both, so the two cannot say different things.
 *
 * Three values qualify any code and are added to its sentence: `attempts` (the fetch was tried that
 * many times), `retryAfterSeconds` (the site asked to retry later than a run waits) and `more`
 * (further problems of the same source, of which this is the first).
 */

export type ReasonValues = Readonly<Record<string, string | number>>;

const text = (values: ReasonValues, name: string): string => String(values[name] ?? '');

/** Bytes as the API's English has always written them: kB below a megabyte, MB from one. */
export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} kB`;

const bytesOf = (values: ReasonValues, name: string) => formatBytes(Number(values[name]));

/** A block or captcha page, answered with an error status or in place of the product. */
const blockedAt = (values: ReasonValues, what: string) =>
  values.status === undefined
    ? `${text(values, 'url')}: ${what}`
    : `${text(values, 'url')} answered HTTP ${values.status}: ${what}`;

const SENTENCES = {
  // fetching
  INVALID_URL: (v: ReasonValues) => `"${text(v, 'url')}" is not a valid URL`,
  NOT_HTTP: (v: ReasonValues) => `${text(v, 'url')}: only http and https pages are fetched`,
  PRIVATE_ADDRESS: (v: ReasonValues) =>
    `${text(v, 'host')} is a private or local address; pages are fetched only from public addresses`,
  PRIVATE_HOST: (v: ReasonValues) =>
    `${text(v, 'host')} resolves to a private or local address; pages are fetched only from public addresses`,
  ROBOTS_UNREADABLE: (v: ReasonValues) =>
    `robots.txt of ${text(v, 'origin')} could not be read (${text(v, 'detail')}); the site is not crawled until it can be`,
  ROBOTS_HTTP_STATUS: (v: ReasonValues) =>
    `robots.txt of ${text(v, 'origin')} answered HTTP ${text(v, 'status')}; the site is not crawled until it answers`,
  ROBOTS_DISALLOWED: (v: ReasonValues) =>
    `robots.txt of ${text(v, 'origin')} disallows ${text(v, 'path')} for ${text(v, 'agent')}`,
  TIMEOUT: (v: ReasonValues) => `${text(v, 'url')} did not answer within ${text(v, 'seconds')} s`,
  TIMEOUT_CONNECTION: (v: ReasonValues) => `${text(v, 'url')} did not answer in time (${text(v, 'detail')})`,
  NETWORK: (v: ReasonValues) => `${text(v, 'url')} could not be fetched: ${text(v, 'detail')}`,
  UNDECOMPRESSABLE: (v: ReasonValues) =>
    `${text(v, 'url')} sent a body that does not decompress (${text(v, 'encoding')}): ${text(v, 'detail')}`,
  TOO_LARGE_DECLARED: (v: ReasonValues) =>
    `${text(v, 'url')} is ${bytesOf(v, 'sizeBytes')}, above the limit of ${bytesOf(v, 'limitBytes')}`,
  TOO_LARGE: (v: ReasonValues) =>
    `${text(v, 'url')} is larger than the limit of ${bytesOf(v, 'limitBytes')}; reading stopped`,
  TOO_LARGE_DECOMPRESSED: (v: ReasonValues) =>
    `${text(v, 'url')} is larger than the limit of ${bytesOf(v, 'limitBytes')} once decompressed`,
  INVALID_REDIRECT: (v: ReasonValues) => `${text(v, 'url')} redirects to an invalid address "${text(v, 'location')}"`,
  REDIRECT_LOOP: (v: ReasonValues) => `${text(v, 'url')} redirects in a loop (back to ${text(v, 'target')})`,
  TOO_MANY_REDIRECTS: (v: ReasonValues) => `${text(v, 'url')} redirects more than ${text(v, 'max')} times`,
  NOT_HTML: (v: ReasonValues) =>
    `${text(v, 'url')} is ${text(v, 'contentType')}, not ${v.expected === 'xml' ? 'XML' : 'an HTML page'}`,
  HTTP_STATUS: (v: ReasonValues) => `${text(v, 'url')} answered HTTP ${text(v, 'status')}`,
  RENDER_FAILED: (v: ReasonValues) => `${text(v, 'url')} could not be rendered in Chromium: ${text(v, 'detail')}`,
  BLOCK_PAGE: (v: ReasonValues) => blockedAt(v, `the page is a block or captcha page ("${text(v, 'title')}")`),
  CAPTCHA: (v: ReasonValues) => blockedAt(v, 'the page shows a captcha in place of the product'),
  // the page's content
  CALL_FOR_PRICE: (v: ReasonValues) => `${text(v, 'url')}: The page states no price ("call for price")`,
  ZERO_PRICE: (v: ReasonValues) => `${text(v, 'url')}: The page states a price of 0`,
  NEGATIVE_PRICE: (v: ReasonValues) => `${text(v, 'url')}: The page states a negative price`,
  CURRENCY_MISMATCH: (v: ReasonValues) =>
    `${text(v, 'url')}: The page's currency ${text(v, 'currency')} differs from the scraper's ${text(v, 'expected')}`,
  NO_PRODUCT: (v: ReasonValues) =>
    `${text(v, 'url')}: The page states no product (no structured data and no rule matched)`,
  NO_PRICE: (v: ReasonValues) =>
    v.url === undefined ? 'the page shows no price' : `${text(v, 'url')}: The page states no price`,
  NO_NAME: () => 'the page names no product (no name found)',
  NO_CURRENCY: () => 'the page names no currency and the scraper expects none',
  PRICE_TOO_HIGH: (v: ReasonValues) => `price ${text(v, 'price')} is implausibly high`,
  PRICE_JUMP: (v: ReasonValues) =>
    `${text(v, 'url')}: The price moved from ${text(v, 'previous')} to ${text(v, 'price')} (${text(v, 'percent')} %, more than the ${text(v, 'allowed')} % allowed); held for review`,
  HELD_PRICE_JUMP: (v: ReasonValues) =>
    `price ${text(v, 'price')} ${text(v, 'currency')} differs from the stored ${text(v, 'previous')} by ${text(v, 'percent')} % (more than the ${text(v, 'allowed')} % allowed): held for review`,
  // discovering product addresses
  SITEMAP_NOT_MODIFIED: (v: ReasonValues) => `${text(v, 'url')} answered 304 to an unconditional request`,
  SITEMAP_UNREADABLE: (v: ReasonValues) => `The sitemap ${text(v, 'url')} cannot be read: ${text(v, 'detail')}`,
  SITEMAP_LIMIT: (v: ReasonValues) => `more than ${text(v, 'max')} sitemaps; the rest was not read`,
  LISTING_LIMIT: (v: ReasonValues) =>
    `more than ${text(v, 'max')} listing pages; the rest was not read (raise maxPages)`,
  UNEXPECTED: (v: ReasonValues) => text(v, 'detail'),
  // a run's end
  RUN_ERROR: (v: ReasonValues) => `The run stopped on an error: ${text(v, 'detail')}`,
  SETTINGS_INVALID: (v: ReasonValues) => `The scraper's settings are invalid: ${text(v, 'detail')}`,
  WORKER_STOPPED: () =>
    'The worker running this run stopped; what it had written stays, the next run goes on from the stored products.',
  CANCELLED: () => 'Cancelled: the products written before the cancel stay.',
  NOTHING_USABLE: () => 'No page of the run could be read (see its failed pages).',
} satisfies Record<string, (values: ReasonValues) => string>;

export type ReasonCode = keyof typeof SENTENCES;
export const REASON_CODES = Object.keys(SENTENCES) as ReasonCode[];

export interface Reason {
  code: ReasonCode;
  values: ReasonValues;
}

/** The English sentence of a reason, with its qualifying values. */
export function describe(why: Reason): string {
  let sentence = SENTENCES[why.code](why.values);
  if (why.values.attempts !== undefined) sentence += ` (after ${why.values.attempts} attempts)`;
  if (why.values.retryAfterSeconds !== undefined)
    sentence += `; the site asks to retry after ${why.values.retryAfterSeconds} s`;
  if (why.values.more !== undefined) sentence += `; ${why.values.more} more problems`;
  return sentence;
}

/** A reason and its English sentence, to spread into a failure: `{ ...because('HTTP_STATUS', { url, status }) }`. */
export function because(code: ReasonCode, values: ReasonValues = {}): { reason: string; why: Reason } {
  const why = { code, values };
  return { reason: describe(why), why };
}

/** The same reason with more values (a count of attempts, say). */
export const qualified = (why: Reason, values: ReasonValues) => because(why.code, { ...why.values, ...values });

/** Values as stored beside a failure: each text cut at 1,000 characters, as the reason is. */
export const storedValues = (values: ReasonValues): ReasonValues =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, 1000) : value]),
  );

/** Values as the API gives them: name and text pairs. */
export const namedValues = (values: ReasonValues | null | undefined) =>
  Object.entries(values ?? {}).map(([name, value]) => ({ name, value: String(value) }));
