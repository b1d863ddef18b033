/**
 * The report of `npm run match:eval -- --lodo [DIR]`: per development set, the TF-IDF-of-names
 * baseline, the learned score trained on the other sets (leave one dataset out) and the goals.
 * `--write-model FILE` trains on all sets and writes the model (the shipped default).
 */
import { writeFileSync } from 'node:fs';
import { loadDevelopmentSets } from './development-sets.ts';
import {
  examplesOf,
  leaveOneDatasetOut,
  measure,
  prepareSet,
  type PreparedSet,
  type SetQuality,
} from './learned-eval.ts';
import { truthFromPairs } from './metrics.ts';
import { DEFAULT_TRAINING_L2, HAND_PRIOR, trainModel, type MatchingModel } from './model.ts';
import { tfidfBaseline } from './tfidf-baseline.ts';

export interface SetReport {
  name: string;
  baseline: SetQuality;
  heldOut: SetQuality;
}

export function lodoReport(dir?: string): { reports: SetReport[]; prepared: PreparedSet[] } {
  const sets = loadDevelopmentSets(dir);
  const prepared = sets.map(prepareSet);
  const lodo = leaveOneDatasetOut(prepared);
  const reports = sets.map((set, i) => ({
    name: set.name,
    baseline: measure(tfidfBaseline(set.left, set.right, 10), truthFromPairs(set.pairs)),
    heldOut: lodo[i]!.quality,
  }));
  return { reports, prepared };
}

/** The default model: every development set, the hand-set weights as prior. */
export function trainDefaultModel(prepared: PreparedSet[], version: string): MatchingModel {
  return trainModel(prepared.flatMap(examplesOf), {
    l2: DEFAULT_TRAINING_L2,
    prior: HAND_PRIOR,
    version,
    trainedOn: prepared.map((set) => set.name),
  });
}

const f = (value: number) => value.toFixed(3);

export function printLodoReport(reports: SetReport[]): void {
  console.log('leave-one-dataset-out: trained on the other sets, measured on this one');
  console.log(
    'set              | TF-IDF r@1 r@3 r@10   | learned r@1 r@3 r@10  | automatic (5-fold calibrated at 0.99): matches precision coverage',
  );
  for (const r of reports) {
    const b = r.baseline;
    const h = r.heldOut;
    const cv = h.crossValidated;
    console.log(
      `${r.name.padEnd(16)} | ${f(b.recallAt1)} ${f(b.recallAt3)} ${f(b.recallAt10)} | ${f(h.recallAt1)} ${f(h.recallAt3)} ${f(h.recallAt10)} | ` +
        `${cv.matches} ${f(cv.precision)} ${f(cv.coverage)}`,
    );
  }
  console.log('misses (learned): true pair not among the candidates / among them below rank 3 / tied with the first');
  for (const r of reports) {
    const m = r.heldOut.misses;
    console.log(`  ${r.name.padEnd(16)} ${m.notCandidate} / ${m.belowRank3} / ${m.tiedAtRank1}`);
  }
  console.log(
    'equal scores (listed among themselves by competitor product id, which is no evidence): recall@k as listed / expected over every order / a tie counted as a miss / as a hit, learned (TF-IDF)',
  );
  for (const r of reports) {
    const reading = (q: SetQuality, k: 'at1' | 'at3') =>
      [q.tieReadings[k].listed, q.tieReadings[k].expected, q.tieReadings[k].tieIsMiss, q.tieReadings[k].tieIsHit]
        .map(f)
        .join(' / ');
    console.log(`  ${r.name.padEnd(16)} r@1 ${reading(r.heldOut, 'at1')} (${reading(r.baseline, 'at1')})`);
    console.log(`  ${''.padEnd(16)} r@3 ${reading(r.heldOut, 'at3')} (${reading(r.baseline, 'at3')})`);
  }
  console.log(
    'goals per set: learned r@1 >= TF-IDF r@1 + 0.03, r@3 >= 0.99, automatic precision >= 0.99 with coverage >= 0.5; abt-buy r@1 >= 0.93, r@10 >= 0.995',
  );
  for (const r of reports) {
    const h = r.heldOut;
    const met = [
      [`r@1 ${f(h.recallAt1)} >= ${f(r.baseline.recallAt1 + 0.03)}`, h.recallAt1 >= r.baseline.recallAt1 + 0.03],
      [`r@3 ${f(h.recallAt3)} >= 0.990`, h.recallAt3 >= 0.99],
      [`automatic precision ${f(h.crossValidated.precision)} >= 0.990`, h.crossValidated.precision >= 0.99],
      [`coverage ${f(h.crossValidated.coverage)} >= 0.500`, h.crossValidated.coverage >= 0.5],
      ...(r.name === 'abt-buy'
        ? ([
            [`r@1 ${f(h.recallAt1)} >= 0.930`, h.recallAt1 >= 0.93],
            [`r@10 ${f(h.recallAt10)} >= 0.995`, h.recallAt10 >= 0.995],
          ] as const)
        : []),
    ] as const;
    console.log(`  ${r.name}: ${met.map(([text, ok]) => `${ok ? 'met' : 'NOT met'}: ${text}`).join('; ')}`);
  }
}

export function writeDefaultModel(prepared: PreparedSet[], file: string, version: string): MatchingModel {
  const model = trainDefaultModel(prepared, version);
  writeFileSync(file, `${JSON.stringify(model, null, 2)}\n`);
  return model;
}
