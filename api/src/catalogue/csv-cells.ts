/**
 * Cells of the console's CSV exports (the products list's, the matching log's), before
 * `formatCsv` (matching/csv.ts) quotes them.
 */

/** A text cell: empty for no value; a cell a spreadsheet would run as a formula is prefixed with ' (text stays text). */
export const textCell = (value: string | null | undefined): string =>
  value == null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** A number cell: empty for no value. */
export const numberCell = (value: number | null): number | '' => (value == null ? '' : value);
