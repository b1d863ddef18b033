/**
 * The CSV column mapping editor's rules (feed field -> the CSV header holding it), the same as
 * the API's (api/src/graphql/resolvers/feeds.ts): ID, NAME and PRICE must be mapped, a field at
 * most once, a column name of 1-200 characters (matched case-insensitively by the API).
 */
import type { FeedColumn } from './queries.ts';

export const FEED_FIELDS = [
  'ID',
  'NAME',
  'PRICE',
  'BRAND',
  'GTIN',
  'MPN',
  'CATEGORY',
  'COST',
  'MAP',
  'RRP',
  'CURRENCY',
  'STOCK',
  'AVAILABILITY',
  'URL',
  'IMAGE',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];
export const REQUIRED_FIELDS: readonly FeedField[] = ['ID', 'NAME', 'PRICE'];
export const MAX_COLUMN_LENGTH = 200;

/** One row of the editor while it is being filled in. */
export interface MappingRow {
  field?: string;
  column?: string;
}

export type MappingProblem =
  | { kind: 'required'; fields: FeedField[] }
  | { kind: 'duplicate'; field: string }
  | { kind: 'noField'; row: number }
  | { kind: 'noColumn'; field: string }
  | { kind: 'columnTooLong'; field: string };

/** A new CSV feed starts with the required fields, their columns to fill in. */
export function initialMapping(): MappingRow[] {
  return REQUIRED_FIELDS.map((field) => ({ field, column: '' }));
}

/** What is wrong with the mapping, in row order; empty when the API will take it. */
export function mappingProblems(rows: readonly MappingRow[] | undefined): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const seen = new Set<string>();
  const mapped = new Set<string>();
  (rows ?? []).forEach((row, index) => {
    const column = row.column?.trim() ?? '';
    if (!row.field) {
      if (column) problems.push({ kind: 'noField', row: index + 1 });
      return;
    }
    if (seen.has(row.field)) problems.push({ kind: 'duplicate', field: row.field });
    seen.add(row.field);
    if (!column) problems.push({ kind: 'noColumn', field: row.field });
    else if (column.length > MAX_COLUMN_LENGTH) problems.push({ kind: 'columnTooLong', field: row.field });
    else mapped.add(row.field);
  });
  const missing = REQUIRED_FIELDS.filter(
    (field) => !mapped.has(field) && !problems.some((p) => 'field' in p && p.field === field),
  );
  if (missing.length) problems.unshift({ kind: 'required', fields: missing });
  return problems;
}

/** The mapping as the API's input: filled rows only, columns trimmed. */
export function mappingInput(rows: readonly MappingRow[] | undefined): FeedColumn[] {
  return (
    (rows ?? [])
      .filter((row): row is Required<MappingRow> => Boolean(row.field && row.column?.trim()))
      // The editor offers only FEED_FIELDS; the API refuses any other field.
      .map((row) => ({ field: row.field as FeedColumn['field'], column: row.column.trim() }))
  );
}

/** Fields still free for another row of the editor (a field is mapped at most once). */
export function freeFields(rows: readonly MappingRow[] | undefined): FeedField[] {
  const used = new Set((rows ?? []).map((row) => row.field));
  return FEED_FIELDS.filter((field) => !used.has(field));
}
