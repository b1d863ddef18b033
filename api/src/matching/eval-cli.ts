/**
 * Command-line evaluation of the matching engine on two catalogue CSV files.
 *
 *   tsx api/src/matching/eval-cli.ts --left LEFT.csv --right RIGHT.csv --top 10 --out OUT.csv [--truth MAPPING.csv]
 *       [--score model|hand] [--model MODEL.json]
 *   tsx api/src/matching/eval-cli.ts --lodo [--datasets DIR] [--write-model FILE --model-version V]
 *
 * Writes the top candidates as CSV (left_id,right_id,rank,score); with --truth prints recall@1/3/5/10,
 * the TF-IDF-of-names baseline and the precision and coverage of automatic matches. Scores with the
 * shipped model (default-model.json), another model file, or the hand-set score. --lodo prints the
 * leave-one-dataset-out report on the development sets (lodo-report.ts); --write-model then
 * trains on all of them and writes the model.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatCsv } from './csv.ts';
import { evaluate, matchCatalogues } from './evaluate.ts';
import { readCatalogue, readPairs } from './labelled-set.ts';
import { measure } from './learned-eval.ts';
import { lodoReport, printLodoReport, writeDefaultModel } from './lodo-report.ts';
import { truthFromPairs } from './metrics.ts';
import { parseModel, type MatchingModel } from './model.ts';
import { tfidfBaseline } from './tfidf-baseline.ts';

const USAGE =
  'usage: eval-cli --left LEFT.csv --right RIGHT.csv --top 10 --out OUT.csv [--truth MAPPING.csv] [--score model|hand] [--model MODEL.json]\n' +
  '       eval-cli --lodo [--datasets DIR] [--write-model FILE --model-version VERSION]';

const read = (name: string) => ({ name, text: readFileSync(name, 'utf8') });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      left: { type: 'string' },
      right: { type: 'string' },
      top: { type: 'string', default: '10' },
      out: { type: 'string' },
      truth: { type: 'string' },
      score: { type: 'string', default: 'model' },
      model: { type: 'string' },
      lodo: { type: 'boolean', default: false },
      datasets: { type: 'string' },
      'write-model': { type: 'string' },
      'model-version': { type: 'string' },
    },
  });
  if (values.lodo) {
    if (values['write-model'] && !values['model-version']) {
      console.error(USAGE);
      process.exitCode = 2;
      return;
    }
    const started = performance.now();
    const { reports, prepared } = lodoReport(values.datasets);
    printLodoReport(reports);
    if (values['write-model']) {
      const model = writeDefaultModel(prepared, values['write-model'], values['model-version']!);
      console.log(
        `model ${model.version} trained on ${model.trainedOn.join(', ')} (${model.examples} products) -> ${values['write-model']}`,
      );
    }
    console.log(`time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  const top = Number(values.top);
  if (
    !values.left ||
    !values.right ||
    !values.out ||
    !Number.isInteger(top) ||
    top < 1 ||
    !['model', 'hand'].includes(values.score!)
  ) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const left = readCatalogue(read(values.left));
  const right = readCatalogue(read(values.right));
  const model: MatchingModel | 'hand' | undefined =
    values.score === 'hand'
      ? 'hand'
      : values.model
        ? parseModel(JSON.parse(readFileSync(values.model, 'utf8')))
        : undefined;
  const run = await matchCatalogues(left, right, top, model);
  writeFileSync(
    values.out,
    formatCsv(
      ['left_id', 'right_id', 'rank', 'score'],
      run.ranked.map((c) => [c.leftId, c.rightId, c.rank, c.score.toFixed(6)]),
    ),
  );
  console.log(
    `left products: ${left.length}, right products: ${right.length}, candidates written: ${run.ranked.length} -> ${values.out}`,
  );
  console.log(`time: ${run.seconds.toFixed(1)} s`);
  if (!values.truth) return;
  const pairs = readPairs(read(values.truth), left, right);
  const truth = truthFromPairs(pairs);
  const result = evaluate(run, truth);
  const f = (value: number) => value.toFixed(3);
  console.log(`score: ${run.lists[0]?.candidates[0]?.modelVersion ?? '-'}`);
  console.log(`true pairs: ${pairs.length} (left products with a pair: ${truth.size})`);
  console.log(
    `recall@1: ${f(result.recallAt1)}  recall@5: ${f(result.recallAt5)}  recall@10: ${f(result.recallAt10)}  recall@3: ${f(result.recallAt3)}`,
  );
  const baseline = measure(tfidfBaseline(left, right, 10), truth);
  console.log(
    `TF-IDF of names (word + character-trigram cosine): recall@1: ${f(baseline.recallAt1)}  recall@3: ${f(baseline.recallAt3)}  recall@10: ${f(baseline.recallAt10)}`,
  );
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
  const cv5 = result.crossValidated5;
  console.log(
    `5-fold calibration at 0.99 (calibration.ts; thresholds ${cv5.thresholds.map(f).join(' / ')}): ${cv5.matches} automatic, ` +
      `precision ${f(cv5.precision)}, coverage ${f(cv5.coverage)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
