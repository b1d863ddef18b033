/**
 * Reading competitor products from CSV text (competitorProductsImport): the header by column
 * name, each row checked on its own. A row with errors is reported (line, field, reason) and
 * left out; the others are returned normalized, ready to store. Pure: no database.
 */
import { parseCsvRows } from '../matching/csv.ts';
import { normalizeGtin } from '../matching/gtin.ts';
import { isStorableCompetitorPrice, parsePrice } from '../matching/price.ts';

export const CSV_COLUMNS = [
  'external_id',
  'name',
  'brand',
  'ean',
  'mpn',
  'price',
  'currency',
  'availability',
  'url',
] as const;
export const REQUIRED_COLUMNS = ['external_id', 'name', 'price'] as const;
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const MAX_CSV_ROWS = 100_000;
export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'unknown'] as const;

export interface CompetitorProductRow {
  line: number;
  externalId: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  price: number;
  currency: string;
  availability: (typeof AVAILABILITIES)[number] | null;
  url: string | null;
}

/** Why a row was skipped, as a code the console words in its language (`reason` is the English). */
export type RowErrorCode =
  | 'REQUIRED'
  | 'TOO_LONG'
  | 'REPEATS'
  | 'NOT_A_GTIN'
  | 'NOT_A_PRICE'
  | 'NOT_A_CURRENCY'
  | 'NOT_AN_AVAILABILITY'
  | 'NOT_AN_ADDRESS';

export interface RowError {
  line: number;
  field: string;
  code: RowErrorCode;
  reason: string;
  /** TOO_LONG: the most characters allowed. */
  max?: number;
  /** REPEATS: the line that has the external_id first. */
  firstLine?: number;
  /** NOT_A_PRICE: the text read (at most 40 characters). */
  text?: string;
}

/** A problem with the file as a whole (the import is refused): which part and why. */
export class CsvFileError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const AVAILABILITY_WORDS: Record<string, (typeof AVAILABILITIES)[number]> = {
  in_stock: 'in_stock',
  instock: 'in_stock',
  'in stock': 'in_stock',
  skladem: 'in_stock',
  out_of_stock: 'out_of_stock',
  outofstock: 'out_of_stock',
  'out of stock': 'out_of_stock',
  vyprodáno: 'out_of_stock',
  preorder: 'preorder',
  'pre-order': 'preorder',
  předobjednávka: 'preorder',
  unknown: 'unknown',
};

export function parseCompetitorProductsCsv(text: string): {
  rows: CompetitorProductRow[];
  errors: RowError[];
  total: number;
} {
  if (Buffer.byteLength(text, 'utf8') > MAX_CSV_BYTES)
    throw new CsvFileError(`is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB`);
  let table: string[][];
  try {
    table = parseCsvRows(text);
  } catch (error) {
    throw new CsvFileError((error as Error).message.replace(/^CSV: /, ''));
  }
  const [header, ...body] = table;
  if (!header) throw new CsvFileError('is empty: a header line is required');
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length)
    throw new CsvFileError(`lacks the column(s) ${missing.join(', ')} (header: ${CSV_COLUMNS.join(',')})`);
  if (body.length > MAX_CSV_ROWS)
    throw new CsvFileError(`has ${body.length} rows; at most ${MAX_CSV_ROWS} are imported at once`);
  const index = new Map(columns.map((name, i) => [name, i]));
  const rows: CompetitorProductRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  // parseCsvRows drops blank lines, and a quoted field may span lines: count lines as we go.
  let line = 1;
  body.forEach((cells) => {
    line += 1;
    const get = (name: string) => {
      const i = index.get(name);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const rowErrors: RowError[] = [];
    const fail = (field: string, code: RowErrorCode, reason: string, values: Partial<RowError> = {}) =>
      rowErrors.push({ line, field, code, reason, ...values });
    const tooLong = (field: string, max: number) =>
      fail(field, 'TOO_LONG', `is longer than ${max} characters`, { max });
    const externalId = get('external_id');
    if (!externalId) fail('external_id', 'REQUIRED', 'is required');
    else if (externalId.length > 200) tooLong('external_id', 200);
    else if (seen.has(externalId)) {
      const firstLine = seen.get(externalId)!;
      fail('external_id', 'REPEATS', `repeats line ${firstLine}`, { firstLine });
    }
    const name = get('name');
    if (!name) fail('name', 'REQUIRED', 'is required');
    else if (name.length > 500) tooLong('name', 500);
    const brand = get('brand');
    if (brand.length > 200) tooLong('brand', 200);
    const ean = get('ean');
    const gtin = ean ? normalizeGtin(ean) : null;
    if (ean && !gtin)
      fail('ean', 'NOT_A_GTIN', 'is no valid EAN/GTIN (8, 12, 13 or 14 digits with a correct check digit)');
    const mpn = get('mpn');
    if (mpn.length > 200) tooLong('mpn', 200);
    const priceText = get('price');
    const price = parsePrice(priceText);
    if (!priceText) fail('price', 'REQUIRED', 'is required');
    else if (price === null || /-\s*\d/.test(priceText) || !isStorableCompetitorPrice(price)) {
      const text = priceText.slice(0, 40);
      fail(
        'price',
        'NOT_A_PRICE',
        `is no price from 0.01 to 9,999,999,999.99 (a price of 0 is no price): ${JSON.stringify(text)}`,
        { text },
      );
    }
    const currency = (get('currency') || 'CZK').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency))
      fail('currency', 'NOT_A_CURRENCY', 'must be a three-letter currency code (CZK, EUR, ...)');
    const availabilityText = get('availability').toLowerCase();
    const availability = availabilityText ? (AVAILABILITY_WORDS[availabilityText] ?? null) : null;
    if (availabilityText && !availability)
      fail('availability', 'NOT_AN_AVAILABILITY', `must be one of ${AVAILABILITIES.join(', ')}`);
    const url = get('url');
    if (url && (!/^https?:\/\/\S+$/i.test(url) || url.length > 2000))
      fail('url', 'NOT_AN_ADDRESS', 'must be an http:// or https:// address');
    if (externalId && !seen.has(externalId)) seen.set(externalId, line);
    if (rowErrors.length) errors.push(...rowErrors);
    else
      rows.push({
        line,
        externalId,
        name,
        brand: brand || null,
        gtin,
        mpn: mpn || null,
        price: price!,
        currency,
        availability,
        url: url || null,
      });
    line += cells.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  });
  return { rows, errors, total: body.length };
}
