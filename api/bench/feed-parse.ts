/**
 * CPU time per row of a feed's reading in the API, without a database: the CSV reader
 * (csv-rows.ts, csv-parse) alone, then with each row validated (row.ts). The file is the one
 * bench/feed-import.ts uploads (generated into a temporary file, streamed). Each step runs twice:
 * the first round includes the JIT's warm-up.
 *
 * With --format xml: a Google Merchant XML file whose items carry a long description
 * (--item-kb), read in the file stream's 64 KB chunks by xml-rows.ts; prints the time and how many
 * characters the item searches looked at per character of the file (1 when nothing is rescanned).
 *
 *   pnpm --filter @console/api exec tsx bench/feed-parse.ts [--rows 300000]
 *   pnpm --filter @console/api exec tsx bench/feed-parse.ts --format xml [--rows 200] [--item-kb 1024]
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCsvRows } from '../src/feeds/csv-rows.ts';
import { validateRow } from '../src/feeds/row.ts';
import { readXmlRows } from '../src/feeds/xml-rows.ts';
import { BENCH_FEED_MAPPING, writeFeed } from './feed-file.ts';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string' },
    format: { type: 'string', default: 'csv' },
    'item-kb': { type: 'string', default: '1024' },
  },
});
const dir = mkdtempSync(path.join(tmpdir(), 'bench-feed-parse-'));

async function writeXmlFeed(file: string, rows: number, itemKb: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n',
  );
  const description = 'Long description, line after line.\n'
    .repeat(Math.ceil((itemKb * 1024) / 35))
    .slice(0, itemKb * 1024);
  for (let n = 1; n <= rows; n++) {
    const item = `<item>\n  <g:id>SKU-${n}</g:id>\n  <g:title>Product ${n}</g:title>\n  <description>${description}</description>\n  <g:price>${(n % 9000) + 10}.50 CZK</g:price>\n</item>\n`;
    if (!out.write(item)) await once(out, 'drain');
  }
  out.end('</channel>\n</rss>\n');
  await once(out, 'finish');
}

async function csv(rows: number) {
  const file = path.join(dir, 'feed.csv');
  await writeFeed(file, rows);
  for (const round of [1, 2]) {
    for (const validate of [false, true]) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      let read = 0;
      for await (const batch of readCsvRows(createReadStream(file), { mapping: BENCH_FEED_MAPPING, delimiter: ';' })) {
        for (const row of batch) {
          read++;
          if (validate) validateRow(row.fields);
        }
      }
      const used = process.cpuUsage(cpu);
      console.log(
        `round ${round} ${validate ? 'read + validate' : 'read          '} ${read.toLocaleString('en-US')} rows in ${Math.round(performance.now() - started)} ms: ` +
          `${((used.user + used.system) / read).toFixed(2)} us of CPU per row`,
      );
    }
  }
}

async function xml(rows: number, itemKb: number) {
  const file = path.join(dir, 'feed.xml');
  await writeXmlFeed(file, rows, itemKb);
  const size = statSync(file).size;
  for (const round of [1, 2]) {
    let scanned = 0;
    let read = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for await (const batch of readXmlRows(createReadStream(file), 'google_xml', {
      onScan: (characters) => (scanned += characters),
    }))
      read += batch.length;
    const used = process.cpuUsage(cpu);
    console.log(
      `round ${round} xml ${read.toLocaleString('en-US')} items of ${itemKb} KB (${(size / 1024 / 1024).toFixed(0)} MB) in ${Math.round(performance.now() - started)} ms: ` +
        `${((used.user + used.system) / 1000 / read).toFixed(2)} ms of CPU per item, ${(scanned / size).toFixed(2)} characters searched per character`,
    );
  }
}

try {
  if (options.format === 'xml') await xml(Number(options.rows ?? '200'), Number(options['item-kb']));
  else await csv(Number(options.rows ?? '300000'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
