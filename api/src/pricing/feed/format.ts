/**
 * The price feed's three formats, written row by row (api/src/pricing/README.md): a head, one
 * piece per row, a tail. JSON: {"website", "generatedAt", "acceptedOnly", "items": [...]}; CSV
 * with a header line; XML <prices><price>...</price></prices>. Pure.
 */
import { textCell } from '../../catalogue/csv-cells.ts';

export interface FeedRow {
  itemId: string;
  name: string;
  currency: string;
  currentPrice: number | null;
  suggestedPrice: number;
  change: number | null;
  changePercent: number | null;
  outcome: string;
  review: string;
}

export type FeedFormat = 'json' | 'csv' | 'xml';
export const FEED_FORMATS: readonly FeedFormat[] = ['json', 'csv', 'xml'];

export const CONTENT_TYPES: Record<FeedFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

const CSV_COLUMNS = [
  'item_id',
  'name',
  'currency',
  'current_price',
  'suggested_price',
  'change',
  'change_percent',
  'outcome',
  'review',
] as const;

/** A CSV cell: quoted when needed; text a spreadsheet would run as a formula is neutralised (`textCell`). */
export function csvCell(value: string | number | null): string {
  if (value == null) return '';
  const text = typeof value === 'string' ? textCell(value) : String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const xmlText = (value: string) =>
  value
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export interface FeedHead {
  websiteId: string;
  generatedAt: string;
  acceptedOnly: boolean;
}

export function feedHead(format: FeedFormat, head: FeedHead): string {
  if (format === 'json')
    return `{"website":${JSON.stringify(head.websiteId)},"generatedAt":${JSON.stringify(head.generatedAt)},"acceptedOnly":${head.acceptedOnly},"items":[`;
  if (format === 'csv') return `${CSV_COLUMNS.join(',')}\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<prices website="${xmlText(head.websiteId)}" generated="${xmlText(head.generatedAt)}" accepted-only="${head.acceptedOnly}">\n`;
}

export function feedRow(format: FeedFormat, row: FeedRow, first: boolean): string {
  if (format === 'json') return (first ? '' : ',') + JSON.stringify(row);
  if (format === 'csv') {
    return `${[row.itemId, row.name, row.currency, row.currentPrice, row.suggestedPrice, row.change, row.changePercent, row.outcome, row.review].map(csvCell).join(',')}\n`;
  }
  const element = (name: string, value: string | number | null) =>
    value == null ? '' : `<${name}>${xmlText(String(value))}</${name}>`;
  return `<price>${element('item_id', row.itemId)}${element('name', row.name)}${element('currency', row.currency)}${element('current_price', row.currentPrice)}${element('suggested_price', row.suggestedPrice)}${element('change', row.change)}${element('change_percent', row.changePercent)}${element('outcome', row.outcome)}${element('review', row.review)}</price>\n`;
}

export function feedTail(format: FeedFormat): string {
  if (format === 'json') return ']}\n';
  if (format === 'csv') return '';
  return '</prices>\n';
}
