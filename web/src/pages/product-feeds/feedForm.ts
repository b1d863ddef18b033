/** The create / edit form of a feed: its values, their checks, and the API's input made of them. */
import { initialMapping, mappingInput, type MappingRow } from './mapping.ts';
import type { FeedFormat, FeedRow, FeedSchedule, FeedSource } from './queries.ts';

export const FEED_FORMATS: readonly FeedFormat[] = ['CSV', 'GOOGLE_XML', 'HEUREKA_XML'];
export const FEED_SOURCES: readonly FeedSource[] = ['URL', 'UPLOAD'];
export const FEED_SCHEDULES: readonly FeedSchedule[] = ['MANUAL', 'DAILY'];
/** The CSV delimiters the API accepts, as stored; the tab is named in the select. */
export const CSV_DELIMITERS = [',', ';', '|', '\t'] as const;
export const MAX_NAME_LENGTH = 200;
export const MAX_URL_LENGTH = 2000;

/** The form's fields that a BAD_USER_INPUT of the API may name. */
export const FEED_FORM_FIELDS = [
  'name',
  'source',
  'url',
  'format',
  'columnMapping',
  'csvDelimiter',
  'schedule',
] as const;

export interface FeedFormValues {
  name: string;
  source: FeedSource;
  url?: string;
  format: FeedFormat;
  columnMapping?: MappingRow[];
  csvDelimiter?: string;
  schedule?: FeedSchedule;
}

export interface FeedSettingsInput {
  name: string;
  source: FeedSource;
  url: string | null;
  format: FeedFormat;
  columnMapping: { field: string; column: string }[] | null;
  csvDelimiter: string;
  schedule: FeedSchedule;
}

export function newFeedValues(): FeedFormValues {
  return {
    name: '',
    source: 'UPLOAD',
    url: '',
    format: 'CSV',
    columnMapping: initialMapping(),
    csvDelimiter: ',',
    schedule: 'MANUAL',
  };
}

export function feedValues(feed: FeedRow): FeedFormValues {
  return {
    name: feed.name,
    source: feed.source,
    url: feed.url ?? '',
    format: feed.format,
    columnMapping: feed.columnMapping?.length
      ? feed.columnMapping.map(({ field, column }) => ({ field, column }))
      : initialMapping(),
    csvDelimiter: feed.csvDelimiter,
    schedule: feed.schedule,
  };
}

/**
 * The settings the API stores: a URL only for a URL feed, a mapping and a delimiter that matter
 * only for CSV, and a schedule only for a URL feed (nothing fetches an uploaded file again).
 */
export function feedInput(values: FeedFormValues): FeedSettingsInput {
  const csv = values.format === 'CSV';
  const url = values.source === 'URL';
  return {
    name: values.name.trim(),
    source: values.source,
    url: url ? (values.url ?? '').trim() : null,
    format: values.format,
    columnMapping: csv ? mappingInput(values.columnMapping) : null,
    csvDelimiter: csv ? (values.csvDelimiter ?? ',') : ',',
    schedule: url ? (values.schedule ?? 'MANUAL') : 'MANUAL',
  };
}

/** An http(s) URL the API will take (the same shape it checks). */
export function isFeedUrl(value: string): boolean {
  const text = value.trim();
  if (!text || text.length > MAX_URL_LENGTH || !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
