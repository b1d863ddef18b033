/**
 * Catalogue CSV files as product inputs: columns by header name (id, name, description,
 * brand or manufacturer, price, ean or gtin, mpn); prices as shops write them.
 */
import { parseCsvRows } from './csv.ts';
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
  const [header, ...rows] = parseCsvRows(text);
  if (!header) return [];
  return productsFromRows(header, rows).map((product) => product.input);
}

/**
 * Products of a catalogue's rows (after the header), each with the index of its row; rows
 * without an id are left out.
 */
export function productsFromRows(header: string[], rows: string[][]): { row: number; input: ProductInput }[] {
  const columns = header.map((name) => name.trim().toLowerCase());
  if (rows.length > 0 && (!columns.includes('id') || !columns.includes('name'))) {
    throw new Error('the CSV needs the columns id and name');
  }
  return rows.flatMap((fields, row) => {
    const record = Object.fromEntries(columns.map((name, index) => [name, fields[index] ?? '']));
    const id = column(record, 'id');
    if (!id) return [];
    const input: ProductInput = {
      id,
      name: column(record, 'name') ?? '',
      description: column(record, 'description'),
      brand: column(record, 'brand', 'manufacturer'),
      price: parsePrice(column(record, 'price')),
      gtin: column(record, 'gtin', 'ean', 'upc'),
      mpn: column(record, 'mpn', 'model'),
    };
    return [{ row, input }];
  });
}

/** A two-column id mapping (left id, right id), with a header line. */
export function pairsFromCsv(text: string): [string, string][] {
  const [, ...rows] = parseCsvRows(text);
  return rows
    .filter((row) => row.length >= 2 && row[0]!.trim() && row[1]!.trim())
    .map((row) => [row[0]!.trim(), row[1]!.trim()]);
}
