/** The CSV reader's caps: a record that never ends (a quote left open) and a header of absurd width. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_CSV_COLUMNS, MAX_CSV_RECORD_CHARS, readCsvRows } from './csv-rows.ts';
import { FeedFileError } from './fields.ts';

async function drain(source: Readable) {
  const rows = [];
  for await (const batch of readCsvRows(source, { mapping: null })) rows.push(...batch);
  return rows;
}

/** A header, one good row, then an open quote followed by `size` bytes that never close it. */
function openQuoteFile(size: number, counter: { bytes: number }): Readable {
  const chunk = 'x'.repeat(64 * 1024);
  return Readable.from(
    (function* () {
      const head = 'id,name,price\n1,Lamp,10\n2,"never closed ';
      counter.bytes += head.length;
      yield head;
      for (let sent = 0; sent < size; sent += chunk.length) {
        counter.bytes += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

describe('CSV limits', () => {
  it('refuses the file at a record longer than the cap, without keeping the rest in memory', async () => {
    const counter = { bytes: 0 };
    const heapBefore = process.memoryUsage().heapUsed;
    const error = await drain(openQuoteFile(64 * 1024 * 1024, counter)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedFileError);
    expect((error as FeedFileError).message).toMatch(new RegExp(`longer than ${MAX_CSV_RECORD_CHARS} characters`));
    expect((error as FeedFileError).line).toBe(3);
    // The 64 MiB field was never held: the heap grew by far less than the file.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);
  });

  it('still reads a long record under the cap', async () => {
    const long = 'y'.repeat(MAX_CSV_RECORD_CHARS / 2);
    const rows = await drain(Readable.from([`id,name,price\n1,"${long}",10\n`]));
    expect(rows).toEqual([{ line: 2, fields: { id: '1', name: long, price: '10' } }]);
  });

  it.each([
    [MAX_CSV_COLUMNS, false],
    [MAX_CSV_COLUMNS + 1, true],
  ])('a header of %i columns is refused: %s', async (count, refused) => {
    const header = ['id', 'name', 'price', ...Array.from({ length: count - 3 }, (_, index) => `extra${index}`)].join(
      ',',
    );
    const result = drain(Readable.from([`${header}\n`]));
    if (refused)
      await expect(result).rejects.toThrow(new RegExp(`${count} columns; a feed has at most ${MAX_CSV_COLUMNS}`));
    else await expect(result).resolves.toEqual([]);
  });
});
