/**
 * Evaluation of the learned score on labelled catalogue pairs, in memory: candidate lists with
 * their signals (memory-candidates.ts, features.ts), ranking with a model, recall@k, automatic
 * matching at a threshold calibrated on held-out labels of the same set (two folds), and the
 * leave-one-dataset-out report (train on the other sets, measure on the one left out).
 */
import { pairFeatures, type FeatureVector } from './features.ts';
import { MemoryCatalogue } from './memory-candidates.ts';
import {
  automaticQuality,
  recallAtK,
  recallReadings,
  truthFromPairs,
  type AutomaticQuality,
  type TieReadings,
  type Truth,
} from './metrics.ts';
import {
  DEFAULT_TRAINING_L2,
  HAND_PRIOR,
  scoreList,
  trainModel,
  type LabelledList,
  type MatchingModel,
} from './model.ts';
import { recordKey, type ProductInput } from './product.ts';
import { collectEvidence } from './score.ts';
import { calibrateForPrecision, DEFAULT_TARGET_PRECISION } from './calibration.ts';
import { selectAutomaticMatches, type ScoredPair } from './threshold.ts';

export interface LabelledSet {
  name: string;
  left: ProductInput[];
  right: ProductInput[];
  pairs: [string, string][];
}

export interface CandidateList {
  leftId: string;
  /** `record`: the competitor record's content (product.ts recordKey), equal for a record listed twice */
  candidates: { rightId: string; features: FeatureVector; record?: string }[];
}

export interface PreparedSet {
  name: string;
  truth: Truth;
  lists: CandidateList[];
}

/** Candidate lists with their signals for every left product of the set. */
export function prepareSet(set: LabelledSet): PreparedSet {
  const catalogue = new MemoryCatalogue(
    set.right,
    set.left.map((p) => p.brand),
  );
  const records = new Map(set.right.map((input) => [input.id, recordKey(input)]));
  const lists = set.left.map((input) => {
    const left = catalogue.prepare(input);
    const found = catalogue.candidatesFor(left);
    const features = found.map((right) =>
      pairFeatures(left, right, collectEvidence(left, right, catalogue.statistics), catalogue.statistics),
    );
    return {
      leftId: input.id,
      candidates: found.map((right, i) => ({
        rightId: right.id,
        features: features[i]!,
        record: records.get(right.id),
      })),
    };
  });
  return { name: set.name, truth: truthFromPairs(set.pairs), lists };
}

/** Every product's candidate list, labelled. */
export function examplesOf(set: PreparedSet): LabelledList[] {
  return set.lists.map((list) => ({
    candidates: list.candidates.map((c) => c.features),
    matches: list.candidates.map((c) => set.truth.get(list.leftId)?.has(c.rightId) ?? false),
  }));
}

/** Each product's candidates scored by the model, best first. */
export function rankWithModel(set: PreparedSet, model: MatchingModel): ScoredPair[][] {
  return set.lists.map((list) => {
    const scores = scoreList(
      model,
      list.candidates.map((c) => c.features),
    );
    return list.candidates
      .map((c, i) => ({
        leftId: list.leftId,
        rightId: c.rightId,
        score: scores[i]!.score,
        ...(c.record === undefined ? {} : { record: c.record }),
      }))
      .sort((a, b) => b.score - a.score || a.rightId.localeCompare(b.rightId));
  });
}

export interface SetQuality {
  recallAt1: number;
  recallAt3: number;
  recallAt10: number;
  /** automatic matches at thresholds calibrated on held-out folds of the same set */
  crossValidated: AutomaticQuality & { thresholds: number[] };
  misses: Misses;
  /** recall@1 and @3 under each reading of equal scores (metrics.ts recallReadings) */
  tieReadings: { at1: TieReadings; at3: TieReadings };
}

/**
 * Where the products whose true pair is not first went: not among the candidates at all (the
 * searches did not find it), among them but below rank 3 (the score ranked it), and the misses at
 * rank 1 whose true pair ties with the first (equal scores: the catalogue lists the product twice
 * with the same evidence; the order between them is no evidence).
 */
export interface Misses {
  notCandidate: number;
  belowRank3: number;
  tiedAtRank1: number;
}

export function missesOf(lists: ScoredPair[][], truth: Truth): Misses {
  const misses: Misses = { notCandidate: 0, belowRank3: 0, tiedAtRank1: 0 };
  for (const list of lists) {
    const expected = list.length > 0 ? truth.get(list[0]!.leftId) : undefined;
    if (!expected) continue;
    const rank = list.findIndex((p) => expected.has(p.rightId));
    if (rank < 0) misses.notCandidate++;
    else if (rank >= 3) misses.belowRank3++;
    if (rank > 0 && list[rank]!.score === list[0]!.score) misses.tiedAtRank1++;
  }
  // products with a true pair and no candidate at all
  const listed = new Set(lists.flatMap((list) => (list.length > 0 ? [list[0]!.leftId] : [])));
  for (const leftId of truth.keys()) if (!listed.has(leftId)) misses.notCandidate++;
  return misses;
}

/** A stable fold of a product (a hash of its id decides which fold it lands in; it is no evidence). */
function foldOf(id: string, folds: number): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % folds;
}

export const CALIBRATION_FOLDS = 5;

/**
 * A match to a copy of a true record (the same `record` listed twice: threshold.ts) is as right as
 * a match to the record the truth names, which is one of the copies by chance; it is credited as
 * that one. Matches without a `record`, and to no copy of a true record, stay as they are.
 */
export function creditCopies(matches: ScoredPair[], truth: Truth, lists: ScoredPair[][]): ScoredPair[] {
  const records = new Map<string, string>();
  for (const list of lists) for (const p of list) if (p.record !== undefined) records.set(p.rightId, p.record);
  return matches.map((m) => {
    const rights = truth.get(m.leftId);
    if (!rights || rights.has(m.rightId) || m.record === undefined) return m;
    const copy = [...rights].find((r) => records.get(r) === m.record);
    return copy === undefined ? m : { ...m, rightId: copy };
  });
}

/**
 * Automatic matching calibrated on held-out labels of the same set: for each fold, the threshold
 * is chosen (calibration.ts) from the other folds' automatic proposals and their labels, and
 * applied to the fold's products.
 */
export function crossValidatedAutomatic(
  lists: ScoredPair[][],
  truth: Truth,
  margin: number,
  targetPrecision = DEFAULT_TARGET_PRECISION,
  folds = CALIBRATION_FOLDS,
): AutomaticQuality & { thresholds: number[] } {
  const thresholds: number[] = [];
  const matches: ScoredPair[] = [];
  // Automatic matching runs over the whole catalogue (a competitor product claimed by two of our
  // products goes to neither): proposals and matches are selected over all lists, then split.
  const proposals = creditCopies(selectAutomaticMatches(lists, { threshold: 0, margin }), truth, lists);
  for (let fold = 0; fold < folds; fold++) {
    const calibration = calibrateForPrecision(
      proposals
        .filter((p) => foldOf(p.leftId, folds) !== fold)
        .map((p) => ({ score: p.score, correct: truth.get(p.leftId)?.has(p.rightId) ?? false })),
      { targetPrecision },
    );
    const threshold = calibration.automatic ? calibration.threshold : Infinity;
    thresholds.push(threshold);
    matches.push(
      ...selectAutomaticMatches(lists, { threshold, margin }).filter((m) => foldOf(m.leftId, folds) === fold),
    );
  }
  return { ...automaticQuality(creditCopies(matches, truth, lists), truth), thresholds };
}

/** The margin a learned score's automatic matches need over the runner-up. */
export const LEARNED_MARGIN = 0.1;

export function measure(lists: ScoredPair[][], truth: Truth, margin = LEARNED_MARGIN): SetQuality {
  const ranked = lists.flatMap((list) => list.map((p, i) => ({ ...p, rank: i + 1 })));
  return {
    recallAt1: recallAtK(ranked, truth, 1),
    recallAt3: recallAtK(ranked, truth, 3),
    recallAt10: recallAtK(ranked, truth, 10),
    crossValidated: crossValidatedAutomatic(lists, truth, margin),
    misses: missesOf(lists, truth),
    tieReadings: { at1: recallReadings(lists, truth, 1), at3: recallReadings(lists, truth, 3) },
  };
}

export interface LeaveOneOut {
  heldOut: string;
  model: MatchingModel;
  quality: SetQuality;
}

/** Train on all sets but one, measure on that one; each set in turn. */
export function leaveOneDatasetOut(sets: PreparedSet[], l2 = DEFAULT_TRAINING_L2): LeaveOneOut[] {
  return sets.map((heldOut) => {
    const training = sets.filter((s) => s !== heldOut);
    const model = trainModel(training.flatMap(examplesOf), {
      l2,
      prior: HAND_PRIOR,
      version: `lodo-${heldOut.name}`,
      trainedOn: training.map((s) => s.name),
    });
    return { heldOut: heldOut.name, model, quality: measure(rankWithModel(heldOut, model), heldOut.truth) };
  });
}
