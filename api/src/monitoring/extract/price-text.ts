/**
 * Prices as shops show them, in Czech, English and German: '1 299,90 Kč', '1.299,- €',
 * '€1.299,00', '$1,299.00', 'od 990 Kč', 'ab 49,90 €', '1 000 – 1 500 Kč', 'Cena na dotaz'.
 * The number itself is read by the matching area's parsePrice (decimal and thousands
 * separators), the currency by the feeds' parseCurrency, so feeds, matching and scraping agree.
 */
import { parseCurrency } from '../../feeds/price.ts';
import { parsePrice } from '../../matching/price.ts';

export interface ShopPrice {
  amount: number | null;
  currency: string | null;
  /** Several amounts: a range ('1 000 – 1 500 Kč'); the amount is the lowest. */
  range: { low: number; high: number } | null;
  /** 'from 990 Kč', 'od 990 Kč', 'ab 990 €': the lowest of several variants. */
  from: boolean;
  /** 'Call for price', 'Cena na dotaz', 'Preis auf Anfrage'. */
  onRequest: boolean;
  /** A currency word or symbol that is no known currency. */
  unknownCurrency: string | null;
}

const ON_REQUEST =
  /\b(call for price|price on request|price upon request|contact us for (a )?price|na dotaz|na vyžádání|auf anfrage|preis auf anfrage)\b/iu;
const FROM = /(^|\s)(from|od|ab|už od|already from|starting at|ab nur)\s*$/iu;
const SYMBOLS = '€|\\$|US\\$|£|Kč|Kc|zł|Ft|Fr\\.';
/** ISO 4217 codes a European shop shows (a known list: 'VAT 1 299' is no currency). */
const CODES = 'CZK|EUR|USD|GBP|PLN|HUF|CHF|SEK|NOK|DKK|RON|BGN|CAD|AUD|JPY|CNY';
/** A currency (symbol or code) next to a number, either side; the number with its separators. */
const AMOUNT = new RegExp(
  `(?<before>${SYMBOLS}|\\b(?:${CODES})\\b)?[\\s\\u00a0\\u202f]*(?<number>\\d(?:[\\d.,'\\u00a0\\u202f]|\\s(?=\\d{3}(?!\\d)))*)[\\s\\u00a0\\u202f]*(?<after>${SYMBOLS}|(?:${CODES})\\b)?`,
  'gu',
);
const RANGE_BETWEEN = /^\s*(-|–|—|to|bis|až|do)\s*$/iu;
const SYMBOL_CURRENCY: Record<string, string> = { US$: 'USD', 'Fr.': 'CHF', Kc: 'CZK' };

function currencyOf(text: string | undefined): { code: string | null; unknown: string | null } {
  if (!text) return { code: null, unknown: null };
  const code = SYMBOL_CURRENCY[text] ?? parseCurrency(text);
  return code ? { code, unknown: null } : { code: null, unknown: text };
}

/** Whether a text (a page's visible text) says the price is given on request only. */
export const statesPriceOnRequest = (text: string) => ON_REQUEST.test(text);

/** The price in a shop's visible text (a price element's text, not a whole page). */
export function parseShopPrice(text: string): ShopPrice {
  const result: ShopPrice = {
    amount: null,
    currency: null,
    range: null,
    from: false,
    onRequest: false,
    unknownCurrency: null,
  };
  // '1.299,- €', '499,–': the dash stands for "no decimals"
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/(\d)[.,][-–—]+/g, '$1')
    .trim();
  if (!clean) return result;
  if (ON_REQUEST.test(clean)) {
    result.onRequest = true;
    return result;
  }
  const amounts: { amount: number; index: number; end: number }[] = [];
  for (const match of clean.matchAll(AMOUNT)) {
    const groups = match.groups!;
    const number = groups.number!.replace(/[\s\u00a0\u202f']/g, '').replace(/[.,]+$/, '');
    const amount = parsePrice(number);
    if (amount === null) continue;
    if (amounts.length === 0) {
      const currency = currencyOf(groups.before ?? groups.after);
      result.currency = currency.code;
      result.unknownCurrency = currency.unknown;
      result.from = FROM.test(clean.slice(0, match.index));
    } else if (!result.currency) {
      const currency = currencyOf(groups.before ?? groups.after);
      result.currency = currency.code;
    }
    amounts.push({ amount: Math.round(amount * 100) / 100, index: match.index, end: match.index + match[0].length });
    if (amounts.length === 2) break;
  }
  const [first, second] = amounts;
  if (!first) return result;
  result.amount = first.amount;
  if (second && RANGE_BETWEEN.test(clean.slice(first.end, second.index))) {
    result.range = { low: Math.min(first.amount, second.amount), high: Math.max(first.amount, second.amount) };
    result.amount = result.range.low;
  }
  return result;
}

/**
 * A price from structured data (JSON-LD, microdata `content`, meta tags): schema.org writes
 * '1299.90' (a dot decimal, no grouping), read so; anything else is read like shop text.
 */
export function parseMachinePrice(value: unknown): ShopPrice {
  if (typeof value === 'number') {
    return {
      amount: Number.isFinite(value) ? value : null,
      currency: null,
      range: null,
      from: false,
      onRequest: false,
      unknownCurrency: null,
    };
  }
  if (typeof value !== 'string') return parseShopPrice('');
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    return {
      amount: Math.round(Number(trimmed) * 100) / 100,
      currency: null,
      range: null,
      from: false,
      onRequest: false,
      unknownCurrency: null,
    };
  }
  return parseShopPrice(trimmed);
}
