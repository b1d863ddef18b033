/**
 * Streaming CSV -> feed rows (csv-parse): the header row names the columns, the feed's column
 * mapping says which column holds which field. A record with the wrong number of fields or a
 * broken quote is a problem of that row; a quote left open at the end breaks the file.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { FEED_FIELDS, FeedFileError, REQUIRED_FIELDS, type FeedField, type RawRow } from './fields.ts';

export type ColumnMapping = Partial<Record<FeedField, string>>;

/**
 * No record may be longer than this (csv-parse's max_record_size, in characters): a quote left
 * open would otherwise gather the rest of a 2 GiB file into one field in memory. The file is
 * refused at that record and not read further.
 */
export const MAX_CSV_RECORD_CHARS = 1024 * 1024;
/** A header with more columns than this is no product feed. */
export const MAX_CSV_COLUMNS = 1000;

export interface CsvOptions {
  /** Our field -> the file's column; null: the columns are named after our fields. */
  mapping: ColumnMapping | null;
  delimiter?: string;
}

/** Which column index holds each mapped field; throws when a required or mapped column is absent. */
export function resolveColumns(header: string[], mapping: ColumnMapping | null): Array<[FeedField, number]> {
  const names = header.map((name) => name.trim().toLowerCase());
  const columns: Array<[FeedField, number]> = [];
  for (const field of FEED_FIELDS) {
    const column = mapping ? mapping[field] : field;
    if (!column) continue;
    const index = names.indexOf(column.trim().toLowerCase());
    if (index >= 0) columns.push([field, index]);
    else if (mapping || REQUIRED_FIELDS.includes(field)) {
      throw new FeedFileError(`The header has no column "${column}"${mapping ? ` (mapped to ${field})` : ''}`, 1, {
        code: 'CSV_NO_COLUMN',
        values: { column },
      });
    }
  }
  return columns;
}

/**
 * Resolves true once the stream has something to read, false once it has ended; rejects with its
 * error.
 */
/** A record the parser gives up on: the file breaks there (the parser's message, in English). */
function brokenCsv(message: string, line: number | null): FeedFileError {
  const detail = message.replace(/ at line \d+/, '');
  return new FeedFileError(`Broken CSV: ${detail}`, line, { code: 'CSV_BROKEN', values: { detail } });
}

function readable(stream: Readable): Promise<boolean> {
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.readableEnded || stream.destroyed) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const settle = (action: () => void) => () => {
      stream.off('readable', onReadable).off('end', onEnd).off('close', onEnd).off('error', onError);
      action();
    };
    const onReadable = settle(() => resolve(true));
    const onEnd = settle(() => (stream.errored ? reject(stream.errored) : resolve(false)));
    const onError = (error: Error) => settle(() => reject(error))();
    stream.on('readable', onReadable).on('end', onEnd).on('close', onEnd).on('error', onError);
  });
}

/**
 * The file's rows, in batches: every row csv-parse has ready is taken at once (its `read()` until
 * empty), not one awaited step per row; per-row async iteration cost about 3 us of a row's ~12 us
 * (bench/feed-parse.ts).
 */
export async function* readCsvRows(source: Readable, options: CsvOptions): AsyncGenerator<RawRow[]> {
  const parser = parse({
    bom: true,
    delimiter: options.delimiter ?? ',',
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_CSV_RECORD_CHARS,
  });
  // Records csv-parse could not read arrive here, ahead of the records before them.
  const skipped: RawRow[] = [];
  let fatal: FeedFileError | null = null;
  parser.on('skip', (error: Error & { lines?: number; code?: string }) => {
    // A quote left open swallows the rest of the file: that is no row's problem.
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') fatal ??= brokenCsv(error.message, error.lines ?? null);
    else if (error.code === 'CSV_MAX_RECORD_SIZE') {
      // Stop here: nothing more is parsed; the rest of the source is drained without being kept.
      fatal ??= new FeedFileError(
        `Broken CSV: a record is longer than ${MAX_CSV_RECORD_CHARS} characters (a quote left open?)`,
        error.lines ?? null,
        { code: 'CSV_RECORD_TOO_LONG', values: { max: MAX_CSV_RECORD_CHARS } },
      );
      source.unpipe(parser);
      source.resume();
      parser.destroy(fatal);
    } else
      skipped.push({
        line: error.lines ?? 0,
        fields: {},
        broken: {
          field: 'row',
          code: 'UNREADABLE_RECORD',
          reason: error.message.replace(/ at line \d+/, ''),
          params: { detail: error.message.replace(/ at line \d+/, '') },
        },
      });
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  let columns: Array<[FeedField, number]> | null = null;
  let width = 0;
  try {
    for (;;) {
      const rows: RawRow[] = [];
      let next: { record: string[]; info: { lines: number } } | null;
      while ((next = parser.read() as typeof next) !== null) {
        const { record, info } = next;
        let newlines = 0;
        for (const value of record) if (value.includes('\n')) newlines += value.split('\n').length - 1;
        const line = info.lines - newlines;
        while (skipped.length && skipped[0]!.line < line) rows.push(skipped.shift()!);
        if (!columns) {
          if (record.length > MAX_CSV_COLUMNS)
            throw new FeedFileError(
              `The header has ${record.length} columns; a feed has at most ${MAX_CSV_COLUMNS}`,
              line,
              { code: 'CSV_TOO_MANY_COLUMNS', values: { count: record.length, max: MAX_CSV_COLUMNS } },
            );
          columns = resolveColumns(record, options.mapping);
          width = record.length;
          continue;
        }
        const fields: RawRow['fields'] = {};
        for (const [field, index] of columns) {
          const value = record[index];
          if (value !== undefined) fields[field] = value;
        }
        if (record.length !== width) {
          rows.push({
            line,
            fields,
            broken: {
              field: 'row',
              code: 'WRONG_FIELD_COUNT',
              reason: `has ${record.length} fields, the header has ${width}`,
              params: { fieldCount: record.length, expectedFieldCount: width },
            },
          });
        } else rows.push({ line, fields });
      }
      if (rows.length) yield rows;
      if (!(await readable(parser))) break;
    }
  } catch (error) {
    if (error instanceof FeedFileError) throw error;
    const { message, lines } = error as Error & { lines?: number };
    if (typeof lines === 'number') throw brokenCsv(message, lines);
    throw error;
  }
  if (skipped.length) yield skipped.splice(0);
  if (fatal) throw fatal;
  if (!columns)
    throw new FeedFileError('The file is empty: a CSV feed starts with a header row', 1, { code: 'CSV_EMPTY' });
}
