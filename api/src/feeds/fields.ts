/** What one feed row may say about a product, whatever its format, and the raw row a parser hands on. */

export const FEED_FIELDS = [
  'id',
  'name',
  'brand',
  'gtin',
  'mpn',
  'category',
  'price',
  'cost',
  'map',
  'rrp',
  'currency',
  'stock',
  'availability',
  'url',
  'image',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

/** The fields a CSV mapping must name (the other formats always have them). */
export const REQUIRED_FIELDS: readonly FeedField[] = ['id', 'name', 'price'];

export type RawFields = Partial<Record<FeedField, string>>;

export interface RowProblem {
  field: string;
  reason: string;
}

/** One record of the file, as text: its first line, its fields, and what made it unreadable. */
export interface RawRow {
  line: number;
  fields: RawFields;
  /** The parser could not read the record (e.g. a broken XML element): the row is rejected. */
  broken?: RowProblem;
}

/** A file that cannot be read on: the run fails here. */
export class FeedFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null = null,
  ) {
    super(message);
    this.name = 'FeedFileError';
  }
}
