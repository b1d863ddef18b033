/**
 * Calibration of automatic matching for a target precision, per competitor: from held-out
 * decisions (a reviewer's MATCHED or NEVER_MATCH on a product's best candidate, with the score
 * it had), the lowest score threshold whose automatic matches would have kept the target
 * precision, with the estimate behind it: precision, coverage and the number of decisions.
 * Too few decisions: no automatic matching, and how many more are needed.
 */

export interface Decision {
  score: number;
  /** the reviewer matched the pair (true) or marked it never to match (false) */
  correct: boolean;
}

export interface CalibrationOptions {
  /** default 0.99 */
  targetPrecision?: number;
  /** decisions needed before anything is matched automatically (default 50) */
  minimumDecisions?: number;
  /** a threshold must rest on at least this many decisions at or above it (default 20) */
  minimumMatches?: number;
}

export type Calibration =
  | {
      automatic: true;
      threshold: number;
      targetPrecision: number;
      /** precision of the decisions at or above the threshold */
      estimatedPrecision: number;
      /** share of the correct decisions at or above the threshold */
      estimatedCoverage: number;
      /** decisions at or above the threshold */
      decisionsAbove: number;
      decisions: number;
    }
  | {
      automatic: false;
      targetPrecision: number;
      decisions: number;
      /** more decisions needed before a threshold can be chosen (0: enough, but none keeps the precision) */
      decisionsNeeded: number;
      reason: 'too-few-decisions' | 'precision-not-reached';
    };

export const DEFAULT_TARGET_PRECISION = 0.99;
export const MINIMUM_DECISIONS = 50;
export const MINIMUM_MATCHES = 20;
/** the lowest `minimumMatches` decisions above a threshold may err this many times more often than the target allows */
export const LOCAL_ERROR_FACTOR = 5;

/**
 * The lowest threshold at which the decisions scoring at least that much keep the target
 * precision, and so does every higher threshold resting on at least `minimumMatches` decisions
 * (tied scores are taken together).
 */
export function calibrateForPrecision(decisions: readonly Decision[], options: CalibrationOptions = {}): Calibration {
  const targetPrecision = options.targetPrecision ?? DEFAULT_TARGET_PRECISION;
  const minimumDecisions = options.minimumDecisions ?? MINIMUM_DECISIONS;
  const minimumMatches = options.minimumMatches ?? MINIMUM_MATCHES;
  if (!(targetPrecision > 0 && targetPrecision <= 1))
    throw new Error(`the target precision must be in (0, 1], not ${targetPrecision}`);
  const valid = decisions.filter((d) => Number.isFinite(d.score));
  if (valid.length < minimumDecisions) {
    return {
      automatic: false,
      targetPrecision,
      decisions: valid.length,
      decisionsNeeded: minimumDecisions - valid.length,
      reason: 'too-few-decisions',
    };
  }
  const sorted = [...valid].sort((a, b) => b.score - a.score);
  const totalCorrect = sorted.filter((d) => d.correct).length;
  let correct = 0;
  let chosen: { index: number; correct: number } | null = null;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]!.correct) correct++;
    if (sorted[i + 1] && sorted[i + 1]!.score === sorted[i]!.score) continue;
    const precision = correct / (i + 1);
    // The lowest decisions taken must not be much worse than the target either: a high share of
    // correct pairs above would otherwise hide a band of coin flips at the bottom.
    const window = sorted.slice(Math.max(0, i + 1 - minimumMatches), i + 1);
    const local = window.filter((d) => d.correct).length / window.length;
    if (precision < targetPrecision || local < 1 - LOCAL_ERROR_FACTOR * (1 - targetPrecision)) {
      if (i + 1 >= minimumMatches) break;
      continue;
    }
    if (i + 1 >= minimumMatches) chosen = { index: i, correct };
  }
  if (!chosen) {
    return {
      automatic: false,
      targetPrecision,
      decisions: valid.length,
      decisionsNeeded: 0,
      reason: 'precision-not-reached',
    };
  }
  const above = chosen.index + 1;
  return {
    automatic: true,
    threshold: sorted[chosen.index]!.score,
    targetPrecision,
    estimatedPrecision: chosen.correct / above,
    estimatedCoverage: totalCorrect === 0 ? 0 : chosen.correct / totalCorrect,
    decisionsAbove: above,
    decisions: valid.length,
  };
}
