/**
 * One feed row -> the product it describes, or the row's problems (field + reason). Pure: the
 * importer stages what this returns. Names and other texts are kept as text: HTML in a name is
 * stored as written and shown as text, never interpreted.
 */
import { normalizeGtin } from '../matching/gtin.ts';
import type { RawFields, RowProblem } from './fields.ts';
import { parseCurrency, parseFeedPrice } from './price.ts';

export interface FeedProduct {
  itemId: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  category: string | null;
  price: number;
  cost: number | null;
  /** Minimum advertised price and recommended retail price (price suggestions' bounds). */
  map: number | null;
  rrp: number | null;
  currency: string;
  stock: number | null;
  availability: 'in_stock' | 'out_of_stock' | 'preorder' | 'unknown' | null;
  url: string | null;
  imageUrl: string | null;
}

export type RowResult = { product: FeedProduct } | { itemId: string | null; problems: RowProblem[] };

export const DEFAULT_CURRENCY = 'CZK';
const LIMITS = { id: 200, name: 500, text: 500, url: 2000 } as const;

/**
 * What `clean` would change beyond the ends: a control character, whitespace other than a space,
 * or a space before more whitespace. Most values have none, and one test costs less than the two
 * replacements (a row has up to 13 values).
 */
// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /[\u0000-\u001f\u007f]|[^\S ]| \s/;

/** Control characters (but tab and newline) and surrounding whitespace go; runs of whitespace become one space. */
function clean(value: string | undefined): string | null {
  if (value === undefined) return null;
  // eslint-disable-next-line no-control-regex
  const text = NEEDS_CLEANING.test(value)
    ? value
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : value.trim();
  return text || null;
}

const AVAILABILITY: Record<string, FeedProduct['availability']> = {
  in_stock: 'in_stock',
  'in stock': 'in_stock',
  instock: 'in_stock',
  skladem: 'in_stock',
  out_of_stock: 'out_of_stock',
  'out of stock': 'out_of_stock',
  outofstock: 'out_of_stock',
  preorder: 'preorder',
  'pre-order': 'preorder',
  backorder: 'preorder',
};

/** Google: 'in_stock' / 'in stock'...; Heureka DELIVERY_DATE: 0 = in stock, a number of days or a date = later. */
export function parseAvailability(text: string): FeedProduct['availability'] {
  const key = text.trim().toLowerCase();
  if (key in AVAILABILITY) return AVAILABILITY[key]!;
  if (/^0+$/.test(key)) return 'in_stock';
  if (/^\d+$/.test(key) || /^\d{4}-\d{2}-\d{2}/.test(key)) return 'preorder';
  return 'unknown';
}

export function validateRow(fields: RawFields): RowResult {
  const problems: RowProblem[] = [];
  const text = (field: keyof RawFields, max: number): string | null => {
    const value = clean(fields[field]);
    if (value !== null && value.length > max) {
      problems.push({ field, code: 'TOO_LONG', reason: `is longer than ${max} characters`, params: { max } });
      return null;
    }
    return value;
  };
  const url = (field: 'url' | 'image'): string | null => {
    const value = text(field, LIMITS.url);
    if (value !== null && !/^https?:\/\/[^\s/]+/i.test(value)) {
      problems.push({ field, code: 'NOT_A_URL', reason: 'must be an http(s) URL' });
      return null;
    }
    return value;
  };

  const itemId = text('id', LIMITS.id);
  const missing = (field: string): RowProblem => ({ field, code: 'MISSING', reason: 'is missing' });
  if (itemId === null && !problems.length) problems.push(missing('id'));
  const name = text('name', LIMITS.name);
  if (name === null && !problems.some((p) => p.field === 'name')) problems.push(missing('name'));

  let currency =
    fields.currency !== undefined && clean(fields.currency) !== null
      ? parseCurrency(fields.currency)
      : DEFAULT_CURRENCY;
  if (currency === null) {
    const read = clean(fields.currency)!;
    problems.push({
      field: 'currency',
      code: 'NOT_A_CURRENCY',
      reason: `"${read}" is no currency code`,
      params: { text: read },
    });
    currency = DEFAULT_CURRENCY;
  }
  const amount = (field: 'price' | 'cost' | 'map' | 'rrp', required: boolean): number | null => {
    const value = clean(fields[field]);
    if (value === null) {
      if (required) problems.push(missing(field));
      return null;
    }
    const parsed = parseFeedPrice(value);
    if ('error' in parsed) {
      problems.push({
        field,
        code: parsed.code,
        reason: parsed.error,
        ...(parsed.text === undefined ? {} : { params: { text: parsed.text } }),
      });
      return null;
    }
    if (
      parsed.currency &&
      fields.currency !== undefined &&
      clean(fields.currency) !== null &&
      parsed.currency !== currency
    ) {
      problems.push({
        field,
        code: 'OTHER_CURRENCY',
        reason: `is in ${parsed.currency}, the row's currency is ${currency}`,
        params: { currency: parsed.currency, rowCurrency: currency ?? undefined },
      });
      return null;
    }
    if (parsed.currency && field === 'price') currency = parsed.currency;
    return parsed.amount;
  };
  const price = amount('price', true);
  const cost = amount('cost', false);
  const map = amount('map', false);
  const rrp = amount('rrp', false);

  const gtinText = clean(fields.gtin);
  let gtin: string | null = null;
  if (gtinText !== null) {
    gtin = normalizeGtin(gtinText);
    if (gtin === null) {
      const digits = gtinText.replace(/[\s\-.]/g, '');
      const wrongCheckDigit = /^\d+$/.test(digits) && [8, 12, 13, 14].includes(digits.length);
      problems.push({
        field: 'gtin',
        code: wrongCheckDigit ? 'WRONG_CHECK_DIGIT' : 'NOT_A_GTIN',
        reason: wrongCheckDigit
          ? `"${gtinText}" has a wrong check digit`
          : `"${gtinText}" is not an EAN/GTIN (8, 12, 13 or 14 digits)`,
        params: { text: gtinText },
      });
    }
  }

  const stockText = clean(fields.stock);
  let stock: number | null = null;
  if (stockText !== null) {
    if (/^-?\d{1,9}$/.test(stockText)) stock = Number(stockText);
    else
      problems.push({
        field: 'stock',
        code: 'NOT_A_WHOLE_NUMBER',
        reason: `"${stockText}" is not a whole number`,
        params: { text: stockText },
      });
  }
  const availabilityText = clean(fields.availability);

  const product = {
    brand: text('brand', LIMITS.text),
    mpn: text('mpn', LIMITS.text),
    category: text('category', LIMITS.text),
    url: url('url'),
    imageUrl: url('image'),
  };
  if (problems.length) return { itemId, problems };
  return {
    product: {
      itemId: itemId!,
      name: name!,
      ...product,
      gtin,
      price: price!,
      cost,
      map,
      rrp,
      currency,
      stock,
      availability: availabilityText === null ? null : parseAvailability(availabilityText),
    },
  };
}
