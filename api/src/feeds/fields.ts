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

/**
 * Why a row is rejected, as a code the console words in the UI language (api/src/feeds/README.md,
 * "Rejected rows"), with the values its sentence names; `reason` says the same in English (the
 * API's own text, and what rows stored before the codes show).
 */
export const ROW_PROBLEM_CODES = [
  'MISSING',
  'TOO_LONG',
  'NOT_A_URL',
  'NOT_A_CURRENCY',
  'NOT_A_PRICE',
  'UNKNOWN_CURRENCY',
  'NEGATIVE',
  'TOO_LARGE',
  'OTHER_CURRENCY',
  'WRONG_CHECK_DIGIT',
  'NOT_A_GTIN',
  'NOT_A_WHOLE_NUMBER',
  'WRONG_FIELD_COUNT',
  'UNREADABLE_RECORD',
  'BROKEN_XML',
] as const;
export type RowProblemCode = (typeof ROW_PROBLEM_CODES)[number];

export interface RowProblemParams {
  /** TOO_LONG: the most characters allowed. */
  max?: number;
  /** The text read (NOT_A_CURRENCY, NOT_A_PRICE, UNKNOWN_CURRENCY, WRONG_CHECK_DIGIT, NOT_A_GTIN, NOT_A_WHOLE_NUMBER). */
  text?: string;
  /** OTHER_CURRENCY: the price's currency and the row's. */
  currency?: string;
  rowCurrency?: string;
  /** WRONG_FIELD_COUNT: the record's fields and the header's. */
  fieldCount?: number;
  expectedFieldCount?: number;
  /** BROKEN_XML: the element, where the parser stopped, and its (English) message; UNREADABLE_RECORD: the message. */
  element?: string;
  errorLine?: number;
  errorColumn?: number;
  detail?: string;
}

export interface RowProblem {
  field: string;
  code: RowProblemCode;
  reason: string;
  params?: RowProblemParams;
}

/** One record of the file, as text: its first line, its fields, and what made it unreadable. */
export interface RawRow {
  line: number;
  fields: RawFields;
  /** The parser could not read the record (e.g. a broken XML element): the row is rejected. */
  broken?: RowProblem;
}

/**
 * Why a run failed, as a code the console words in the UI language (api/src/feeds/README.md,
 * "Failed runs"), with the values its sentence names (texts and numbers); the English message
 * says the same.
 */
export const RUN_FAILURE_CODES = [
  'FILE_TOO_LARGE',
  'FETCH_TIMEOUT',
  'PRIVATE_ADDRESS',
  'FETCH_FAILED',
  'HTTP_STATUS',
  'NOT_HTTP',
  'TOO_MANY_REDIRECTS',
  'FEED_DELETED',
  'PLAN_LIMIT',
  'XML_ELEMENT_TOO_LONG',
  'NOT_THIS_FORMAT',
  'XML_TRUNCATED',
  'XML_ROOT_NOT_CLOSED',
  'CSV_NO_COLUMN',
  'CSV_BROKEN',
  'CSV_RECORD_TOO_LONG',
  'CSV_TOO_MANY_COLUMNS',
  'CSV_EMPTY',
  'SERVER_WENT_AWAY',
  'IMPORT_FAILED',
] as const;
export type RunFailureCode = (typeof RUN_FAILURE_CODES)[number];
export interface RunFailure {
  code: RunFailureCode;
  values?: Record<string, string | number>;
}

/** A file that cannot be read on: the run fails here. */
export class FeedFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly failure: RunFailure,
    readonly column: number | null = null,
  ) {
    super(message);
    this.name = 'FeedFileError';
  }
}
