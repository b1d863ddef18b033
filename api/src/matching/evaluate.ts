/**
 * Runs the engine over two catalogues on an in-memory PGlite database and measures it against a
 * known mapping. Shared by the command-line tool and the benchmark test.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MatchingEngine, type Candidate } from './engine.ts';
import { automaticQuality, recallAtK, type AutomaticQuality, type RankedPair, type Truth } from './metrics.ts';
import { crossValidatedAutomatic } from './learned-eval.ts';
import type { MatchingModel } from './model.ts';
import type { ProductInput } from './product.ts';
import {
  calibrateThreshold,
  DEFAULT_AUTOMATIC_POLICY,
  selectAutomaticMatches,
  type AutomaticPolicy,
  type ScoredPair,
} from './threshold.ts';

export interface MatchRun {
  /** per left product, its candidates best first */
  lists: { leftId: string; candidates: Candidate[] }[];
  ranked: RankedPair[];
  seconds: number;
}

export async function matchCatalogues(
  left: ProductInput[],
  right: ProductInput[],
  top: number,
  model?: MatchingModel | 'hand',
): Promise<MatchRun> {
  const started = performance.now();
  const db = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
  try {
    const engine = await MatchingEngine.load(
      db,
      right,
      left.map((product) => product.brand),
      { model },
    );
    const lists = [];
    for (const product of left)
      lists.push({ leftId: product.id, candidates: await engine.candidatesFor(product, top) });
    const ranked = lists.flatMap(({ leftId, candidates }) =>
      candidates.map((c) => ({ leftId, rightId: c.rightId, rank: c.rank, score: c.score })),
    );
    return { lists, ranked, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
  }
}

function scoredLists(run: MatchRun): ScoredPair[][] {
  return run.lists.map(({ leftId, candidates }) =>
    candidates.map((c) => ({ leftId, rightId: c.rightId, score: c.score })),
  );
}

export interface Evaluation {
  recallAt1: number;
  recallAt3: number;
  recallAt5: number;
  recallAt10: number;
  automatic: AutomaticQuality & { policy: AutomaticPolicy };
  /** precision and coverage of automatic matches at other thresholds (same margin) */
  curve: (AutomaticQuality & { threshold: number })[];
  /** two-fold cross-validated calibration: thresholds fitted on one half, measured on the other */
  crossValidated: AutomaticQuality & { thresholds: [number, number] };
  /** five folds, calibrated by calibration.ts, matching over the whole catalogue (learned-eval.ts) */
  crossValidated5: AutomaticQuality & { thresholds: number[] };
}

const CURVE_THRESHOLDS = [0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99];

function foldOf(id: string): 0 | 1 {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % 2) as 0 | 1;
}

export function evaluate(run: MatchRun, truth: Truth, policy: AutomaticPolicy = DEFAULT_AUTOMATIC_POLICY): Evaluation {
  const lists = scoredLists(run);
  const automatic = selectAutomaticMatches(lists, policy);
  // cross-validation: calibrate on the products of one fold, apply to the other
  const thresholds: [number, number] = [0, 0];
  const crossMatches: ScoredPair[] = [];
  for (const fold of [0, 1] as const) {
    const training = lists.filter((list) => list[0] && foldOf(list[0].leftId) !== fold);
    const proposals = selectAutomaticMatches(training, { ...policy, threshold: 0 });
    const threshold = calibrateThreshold(
      proposals.map((p) => ({ score: p.score, correct: truth.get(p.leftId)?.has(p.rightId) ?? false })),
      0.99,
    );
    thresholds[fold] = threshold;
    const testing = lists.filter((list) => list[0] && foldOf(list[0].leftId) === fold);
    crossMatches.push(...selectAutomaticMatches(testing, { ...policy, threshold }));
  }
  return {
    recallAt1: recallAtK(run.ranked, truth, 1),
    recallAt3: recallAtK(run.ranked, truth, 3),
    recallAt5: recallAtK(run.ranked, truth, 5),
    recallAt10: recallAtK(run.ranked, truth, 10),
    automatic: { ...automaticQuality(automatic, truth), policy },
    curve: CURVE_THRESHOLDS.map((threshold) => ({
      threshold,
      ...automaticQuality(selectAutomaticMatches(lists, { ...policy, threshold }), truth),
    })),
    crossValidated: { ...automaticQuality(crossMatches, truth), thresholds },
    crossValidated5: crossValidatedAutomatic(lists, truth, policy.margin),
  };
}
