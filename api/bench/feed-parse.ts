/**
 * CPU time per row of a feed's reading in the API, without a database: the CSV reader
 * (csv-rows.ts, csv-parse) alone, then with each row validated (row.ts). The file is the one
 * bench/feed-import.ts uploads (generated into a temporary file, streamed). Each step runs twice:
 * the first round includes the JIT's warm-up.
 *
 *   pnpm --filter @console/api exec tsx bench/feed-parse.ts [--rows 300000]
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCsvRows } from '../src/feeds/csv-rows.ts';
import { validateRow } from '../src/feeds/row.ts';
import { BENCH_FEED_MAPPING, writeFeed } from './feed-file.ts';

const { values: options } = parseArgs({ options: { rows: { type: 'string', default: '300000' } } });
const dir = mkdtempSync(path.join(tmpdir(), 'bench-feed-parse-'));
const file = path.join(dir, 'feed.csv');
try {
  await writeFeed(file, Number(options.rows));
  for (const round of [1, 2]) {
    for (const validate of [false, true]) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      let rows = 0;
      for await (const batch of readCsvRows(createReadStream(file), { mapping: BENCH_FEED_MAPPING, delimiter: ';' })) {
        for (const row of batch) {
          rows++;
          if (validate) validateRow(row.fields);
        }
      }
      const used = process.cpuUsage(cpu);
      console.log(
        `round ${round} ${validate ? 'read + validate' : 'read          '} ${rows.toLocaleString('en-US')} rows in ${Math.round(performance.now() - started)} ms: ` +
          `${((used.user + used.system) / rows).toFixed(2)} us of CPU per row`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
