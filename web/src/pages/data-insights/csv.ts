/**
 * CSV of exactly what an insights table shows, built in the browser from the rows on screen.
 *
 * Numbers are written as numbers (decimal point, no grouping, the rounding the table shows), so a
 * spreadsheet reads them as such; text cells starting with = + - @ (or a tab / carriage return)
 * get a leading apostrophe, so a spreadsheet shows them instead of running them as a formula
 * (the rule of the price feed's CSV, api/src/pricing/feed/format.ts). Empty values are empty cells.
 */
import { csvFileName } from '../../features/products/downloadCsv.ts';

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header line and one line per row, lines ended by CRLF (what spreadsheet programs expect). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A figure rounded as the table shows it (one decimal unless told). */
export function rounded(value: number | null | undefined, digits = 1): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  // + 0 turns a rounded -0 into 0 (a table would write '-0.0').
  return Math.round(value * factor) / factor + 0;
}

/** `brand-snapshot-northwind-outdoor-2026-11-27.csv` (the products export's rule). */
export const insightsFileName = csvFileName;
