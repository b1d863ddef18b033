/**
 * Catalogue and labelled-pair files checked before anything is matched or trained: an empty
 * catalogue, a catalogue of one product, an id given twice, or a pair naming an id that no
 * catalogue holds is an error naming the file and the line.
 */
import { productsFromRows } from './catalogue-csv.ts';
import { parseCsvRows } from './csv.ts';
import type { LabelledSet } from './learned-eval.ts';
import type { ProductInput } from './product.ts';

export interface NamedText {
  /** shown in errors (a file path) */
  name: string;
  text: string;
}

export class LabelledInputError extends Error {}

/** A catalogue file's products; at least two, each id once. */
export function readCatalogue(file: NamedText): ProductInput[] {
  const lines: number[] = [];
  const rows = parseCsvRows(file.text, lines);
  const [header, ...body] = rows;
  if (!header) throw new LabelledInputError(`${file.name}: the catalogue is empty (no header line, no products)`);
  const products = productsFromRows(header, body);
  if (products.length === 0)
    throw new LabelledInputError(`${file.name}: the catalogue holds no products (only a header line)`);
  const seen = new Map<string, number>();
  products.forEach((product) => {
    const line = lines[product.row + 1]!;
    const first = seen.get(product.input.id);
    if (first !== undefined) {
      throw new LabelledInputError(
        `${file.name} line ${line}: the id '${product.input.id}' is already on line ${first}`,
      );
    }
    seen.set(product.input.id, line);
  });
  if (products.length === 1) {
    throw new LabelledInputError(
      `${file.name}: the catalogue holds one product (line ${lines[products[0]!.row + 1]}); matching needs at least two`,
    );
  }
  return products.map((p) => p.input);
}

/** A labelled-pairs file (left id, right id, a header line): every id must be in its catalogue. */
export function readPairs(file: NamedText, left: ProductInput[], right: ProductInput[]): [string, string][] {
  const lines: number[] = [];
  const [, ...rows] = parseCsvRows(file.text, lines);
  const leftIds = new Set(left.map((p) => p.id));
  const rightIds = new Set(right.map((p) => p.id));
  const pairs: [string, string][] = [];
  rows.forEach((row, index) => {
    const line = lines[index + 1]!;
    const [a, b] = [row[0]?.trim() ?? '', row[1]?.trim() ?? ''];
    if (!a && !b) return;
    if (!a || !b) throw new LabelledInputError(`${file.name} line ${line}: a pair needs two ids`);
    if (!leftIds.has(a))
      throw new LabelledInputError(`${file.name} line ${line}: '${a}' is no product of the left catalogue`);
    if (!rightIds.has(b))
      throw new LabelledInputError(`${file.name} line ${line}: '${b}' is no product of the right catalogue`);
    pairs.push([a, b]);
  });
  return pairs;
}

export function readLabelledSet(
  name: string,
  files: { left: NamedText; right: NamedText; truth: NamedText },
): LabelledSet {
  const left = readCatalogue(files.left);
  const right = readCatalogue(files.right);
  return { name, left, right, pairs: readPairs(files.truth, left, right) };
}
