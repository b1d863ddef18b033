/**
 * Command-line evaluation of the matching engine on two catalogue CSV files.
 *
 *   tsx api/src/matching/eval-cli.ts --left LEFT.csv --right RIGHT.csv --top 10 --out OUT.csv [--truth MAPPING.csv]
 *
 * Writes the top candidates as CSV (left_id,right_id,rank,score); with --truth prints recall@1/5/10
 * and the precision and coverage of automatic matches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pairsFromCsv, productsFromCsv } from './catalogue-csv.ts';
import { formatCsv } from './csv.ts';
import { evaluate, matchCatalogues } from './evaluate.ts';
import { truthFromPairs } from './metrics.ts';

const USAGE = 'usage: eval-cli --left LEFT.csv --right RIGHT.csv --top 10 --out OUT.csv [--truth MAPPING.csv]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      left: { type: 'string' },
      right: { type: 'string' },
      top: { type: 'string', default: '10' },
      out: { type: 'string' },
      truth: { type: 'string' },
    },
  });
  const top = Number(values.top);
  if (!values.left || !values.right || !values.out || !Number.isInteger(top) || top < 1) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const left = productsFromCsv(readFileSync(values.left, 'utf8'));
  const right = productsFromCsv(readFileSync(values.right, 'utf8'));
  const run = await matchCatalogues(left, right, top);
  writeFileSync(
    values.out,
    formatCsv(
      ['left_id', 'right_id', 'rank', 'score'],
      run.ranked.map((c) => [c.leftId, c.rightId, c.rank, c.score.toFixed(6)]),
    ),
  );
  console.log(`left products: ${left.length}, right products: ${right.length}, candidates written: ${run.ranked.length} -> ${values.out}`);
  console.log(`time: ${run.seconds.toFixed(1)} s`);
  if (!values.truth) return;
  const pairs = pairsFromCsv(readFileSync(values.truth, 'utf8'));
  const truth = truthFromPairs(pairs);
  const result = evaluate(run, truth);
  const f = (value: number) => value.toFixed(3);
  console.log(`true pairs: ${pairs.length} (left products with a pair: ${truth.size})`);
  console.log(`recall@1: ${f(result.recallAt1)}  recall@5: ${f(result.recallAt5)}  recall@10: ${f(result.recallAt10)}`);
  const auto = result.automatic;
  console.log(
    `automatic matches (threshold ${auto.policy.threshold}, margin ${auto.policy.margin}): ${auto.matches}, ` +
      `correct ${auto.correct}, precision ${f(auto.precision)}, coverage of true pairs ${f(auto.coverage)}`,
  );
  for (const point of result.curve) {
    console.log(
      `  at threshold ${point.threshold.toFixed(2)}: ${point.matches} automatic, precision ${f(point.precision)}, coverage ${f(point.coverage)}`,
    );
  }
  const cv = result.crossValidated;
  console.log(
    `cross-validated calibration (thresholds ${cv.thresholds.map(f).join(' / ')}): ${cv.matches} automatic, ` +
      `precision ${f(cv.precision)}, coverage ${f(cv.coverage)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
