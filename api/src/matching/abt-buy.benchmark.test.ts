/**
 * The engine on the public Abt-Buy benchmark (read from ../shared/datasets/abt-buy beside the
 * repository, never copied into it). Skipped, with a message, where the data set is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pairsFromCsv, productsFromCsv } from './catalogue-csv.ts';
import { evaluate, matchCatalogues } from './evaluate.ts';
import { truthFromPairs } from './metrics.ts';

const DATASET = fileURLToPath(new URL('../../../../shared/datasets/abt-buy/', import.meta.url));
const present = existsSync(`${DATASET}abt.csv`);
if (!present) console.warn(`Abt-Buy benchmark skipped: ${DATASET} is absent`);

describe.skipIf(!present)('matching on Abt-Buy', () => {
  it('ranks the true pair first for >= 93% of products, within 10 for >= 99.5%, and matches >= 60% automatically at precision >= 0.99', async () => {
    const read = (file: string) => readFileSync(`${DATASET}${file}`, 'utf8');
    const run = await matchCatalogues(productsFromCsv(read('abt.csv')), productsFromCsv(read('buy.csv')), 10);
    const result = evaluate(run, truthFromPairs(pairsFromCsv(read('abt_buy_perfect_mapping.csv'))));
    console.info(
      `Abt-Buy: recall@1 ${result.recallAt1.toFixed(3)}, recall@10 ${result.recallAt10.toFixed(3)}, ` +
        `automatic precision ${result.automatic.precision.toFixed(3)} coverage ${result.automatic.coverage.toFixed(3)}, ` +
        `${run.seconds.toFixed(1)} s`,
    );
    expect(result.recallAt1).toBeGreaterThanOrEqual(0.93);
    expect(result.recallAt10).toBeGreaterThanOrEqual(0.995);
    expect(result.automatic.precision).toBeGreaterThanOrEqual(0.99);
    expect(result.automatic.coverage).toBeGreaterThanOrEqual(0.6);
  }, 240_000);
});
