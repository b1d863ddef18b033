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

export interface RowError {
  line: number;
  field: string;
  reason: string;
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
    const fail = (field: string, reason: string) => rowErrors.push({ line, field, reason });
    const externalId = get('external_id');
    if (!externalId) fail('external_id', 'is required');
    else if (externalId.length > 200) fail('external_id', 'is longer than 200 characters');
    else if (seen.has(externalId)) fail('external_id', `repeats line ${seen.get(externalId)}`);
    const name = get('name');
    if (!name) fail('name', 'is required');
    else if (name.length > 500) fail('name', 'is longer than 500 characters');
    const brand = get('brand');
    if (brand.length > 200) fail('brand', 'is longer than 200 characters');
    const ean = get('ean');
    const gtin = ean ? normalizeGtin(ean) : null;
    if (ean && !gtin) fail('ean', 'is no valid EAN/GTIN (8, 12, 13 or 14 digits with a correct check digit)');
    const mpn = get('mpn');
    if (mpn.length > 200) fail('mpn', 'is longer than 200 characters');
    const priceText = get('price');
    const price = parsePrice(priceText);
    if (!priceText) fail('price', 'is required');
    else if (price === null || /-\s*\d/.test(priceText) || !isStorableCompetitorPrice(price))
      fail(
        'price',
        `is no price from 0.01 to 9,999,999,999.99 (a price of 0 is no price): ${JSON.stringify(priceText.slice(0, 40))}`,
      );
    const currency = (get('currency') || 'CZK').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) fail('currency', 'must be a three-letter currency code (CZK, EUR, ...)');
    const availabilityText = get('availability').toLowerCase();
    const availability = availabilityText ? (AVAILABILITY_WORDS[availabilityText] ?? null) : null;
    if (availabilityText && !availability) fail('availability', `must be one of ${AVAILABILITIES.join(', ')}`);
    const url = get('url');
    if (url && (!/^https?:\/\/\S+$/i.test(url) || url.length > 2000))
      fail('url', 'must be an http:// or https:// address');
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
