/**
 * Catalogue CSV files as product inputs: columns by header name (id, name, description,
 * brand or manufacturer, price, ean or gtin, mpn); prices as shops write them.
 */
import { parseCsv, parseCsvRows } from './csv.ts';
import { parsePrice } from './price.ts';
import type { ProductInput } from './product.ts';

function column(record: Record<string, string>, ...names: string[]): string | null {
  for (const name of names) {
    const value = record[name]?.trim();
    if (value) return value;
  }
  return null;
}

export function productsFromCsv(text: string): ProductInput[] {
  const records = parseCsv(text);
  const first = records[0];
  if (first && (!('id' in first) || !('name' in first))) {
    throw new Error('the CSV needs the columns id and name');
  }
  return records
    .filter((record) => column(record, 'id'))
    .map((record) => ({
      id: column(record, 'id')!,
      name: column(record, 'name') ?? '',
      description: column(record, 'description'),
      brand: column(record, 'brand', 'manufacturer'),
      price: parsePrice(column(record, 'price')),
      gtin: column(record, 'gtin', 'ean', 'upc'),
      mpn: column(record, 'mpn', 'model'),
    }));
}

/** A two-column id mapping (left id, right id), with a header line. */
export function pairsFromCsv(text: string): [string, string][] {
  const [, ...rows] = parseCsvRows(text);
  return rows
    .filter((row) => row.length >= 2 && row[0]!.trim() && row[1]!.trim())
    .map((row) => [row[0]!.trim(), row[1]!.trim()]);
}
