import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import type { ScrapeReasonCode } from '../../graphql/operations.ts';
import { extractionWarningText, scrapeReasonText } from './reasons.ts';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: en }, cs: { translation: cs } },
    // as the console sets it (providers/i18n/i18n.ts): React escapes what it renders
    interpolation: { escapeValue: false },
  });
});

const pairs = (values: Record<string, string | number>) =>
  Object.entries(values).map(([name, value]) => ({ name, value: String(value) }));
const reason = (code: ScrapeReasonCode | null, values: Record<string, string | number> = {}) => ({
  reason: 'the API’s English',
  code,
  values: pairs(values),
});
const PAGE = 'https://shop.example/p/1';

describe('scrapeReasonText', () => {
  it.each<[ReturnType<typeof reason>, 'en' | 'cs', string]>([
    [reason('HTTP_STATUS', { url: PAGE, status: 404 }), 'en', `${PAGE} answered HTTP 404`],
    [reason('HTTP_STATUS', { url: PAGE, status: 404 }), 'cs', `${PAGE} odpověděla HTTP 404`],
    [
      reason('HTTP_STATUS', { url: PAGE, status: 503, attempts: 3 }),
      'en',
      `${PAGE} answered HTTP 503 (after 3 attempts)`,
    ],
    [
      reason('HTTP_STATUS', { url: PAGE, status: 503, attempts: 3 }),
      'cs',
      `${PAGE} odpověděla HTTP 503 (po 3 pokusech)`,
    ],
    [
      reason('HTTP_STATUS', { url: PAGE, status: 429, retryAfterSeconds: 3600 }),
      'cs',
      `${PAGE} odpověděla HTTP 429; web žádá opakovat až za 3\u00a0600 s`,
    ],
    [
      reason('TOO_LARGE_DECLARED', { url: PAGE, sizeBytes: 6 * 1024 * 1024, limitBytes: 5 * 1024 * 1024 }),
      'en',
      `${PAGE} is 6 MB, above the limit of 5 MB`,
    ],
    [
      reason('TOO_LARGE', { url: PAGE, limitBytes: 1536 * 1024 }),
      'cs',
      `${PAGE} je větší než limit 1,5 MB; čtení bylo zastaveno`,
    ],
    [reason('TIMEOUT', { url: PAGE, seconds: 2.5 }), 'cs', `${PAGE} neodpověděla do 2,5 s`],
    [
      reason('NOT_HTML', { url: PAGE, contentType: 'application/pdf', expected: 'html' }),
      'cs',
      `${PAGE} je application/pdf, nikoli stránka HTML`,
    ],
    [
      reason('HELD_PRICE_JUMP', { price: '900.00', currency: 'CZK', previous: '300.00', percent: 200, allowed: 50 }),
      'cs',
      'Cena 900 CZK se liší od uložené 300 o 200 % (víc než povolených 50 %); zadrženo ke kontrole',
    ],
    [
      reason('PRICE_JUMP', { url: PAGE, previous: 1299.5, price: 99, percent: 92, allowed: 50 }),
      'en',
      `${PAGE}: the price moved from 1,299.50 to 99 (92 %, more than the 50 % allowed); held for review`,
    ],
    [
      reason('SITEMAP_LIMIT', { max: 1000, more: 1 }),
      'en',
      'More than 1000 sitemaps; the rest was not read; 1 more problem',
    ],
    [
      reason('SITEMAP_LIMIT', { max: 1000, more: 3 }),
      'cs',
      'Víc než 1000 sitemap; zbytek se nečetl; a 3 další problémy',
    ],
    [reason('CANCELLED'), 'cs', 'Zrušeno: produkty zapsané před zrušením zůstávají.'],
    [reason('NO_PRICE'), 'cs', 'Stránka neukazuje cenu'],
  ])('%# words %o in %s', (given, language, expected) => {
    expect(scrapeReasonText(given, i18next.getFixedT(language), language)).toBe(expected);
  });

  it('shows the English sentence of a reason stored before the codes, or of a code it does not know', () => {
    const t = i18next.getFixedT('cs');
    expect(scrapeReasonText(reason(null), t, 'cs')).toBe('the API’s English');
    expect(scrapeReasonText({ reason: null, code: null, values: [] }, t, 'cs')).toBe('');
    const unknown = { ...reason(null, { attempts: 2 }), code: 'A_LATER_CODE' as ScrapeReasonCode };
    expect(scrapeReasonText(unknown, t, 'cs')).toBe('the API’s English');
  });

  it('has a sentence in English and Czech for every code the API gives', () => {
    // The codes as generated from the API's schema (pnpm run codegen).
    const generated = readFileSync(new URL('../../graphql/operations.ts', import.meta.url), 'utf8');
    const union = /export type ScrapeReasonCode =([^;]*);/.exec(generated)?.[1] ?? '';
    const codes = [...union.matchAll(/'([A-Z_]+)'/g)].map((found) => found[1]!);
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) {
      expect(en.scrapers.reasons).toHaveProperty(code);
      expect(cs.scrapers.reasons).toHaveProperty(code);
    }
  });
});

describe('extractionWarningText', () => {
  const warning = (code: string, values: Record<string, string | number> = {}) => ({
    code,
    message: 'the API’s English',
    values: pairs(values),
  });
  it.each<[ReturnType<typeof warning>, 'en' | 'cs', string]>([
    [warning('no_price'), 'cs', 'Stránka neuvádí cenu'],
    [warning('rule_no_match', { field: 'price' }), 'en', 'The rule for "Price" found nothing on the page'],
    [
      warning('rule_no_match', { field: 'gtin', text: '12-34' }),
      'cs',
      'Pravidlo pro „GTIN/EAN“ našlo „12-34“, což není GTIN',
    ],
    [
      warning('price_range', { field: 'regularPrice', low: 1000, high: 1500 }),
      'cs',
      '„Běžná cena“ je rozpětí 1\u00a0000 – 1\u00a0500; bere se nejnižší',
    ],
    [
      warning('price_range', { low: 1000, high: 1500.5 }),
      'en',
      'The page states a price range 1,000 – 1,500.50; the lowest is taken',
    ],
    [
      warning('several_offers', { count: 3, low: 10, high: 12, chosen: 11, inStock: 'yes' }),
      'en',
      'The page offers 3 prices from 10 to 12; the lowest in stock (11) is taken',
    ],
    [
      warning('currency_mismatch', { currency: 'EUR', expected: 'CZK' }),
      'cs',
      'Měna stránky EUR se liší od měny scraperu CZK',
    ],
    [warning('a_later_code'), 'cs', 'the API’s English'],
  ])('%# words %o in %s', (given, language, expected) => {
    expect(extractionWarningText(given, i18next.getFixedT(language), language)).toBe(expected);
  });
});
