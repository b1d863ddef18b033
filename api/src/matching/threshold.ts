/**
 * Automatic matching: which candidates may be matched without a human, and the calibration of the
 * score threshold from labelled decisions so that automatic matches keep a target precision.
 */

/**
 * The score above which a candidate may be matched automatically. Calibrated with
 * calibrateThreshold on labelled pairs (the public Abt-Buy benchmark, cross-validated, see
 * eval-cli.ts); recalibrate from reviewers' decisions once a catalogue has enough of them.
 */
export const DEFAULT_AUTOMATIC_THRESHOLD = 0.9;

/** The best candidate must lead the next one by this much, or the choice is left to a human. */
export const DEFAULT_AUTOMATIC_MARGIN = 0.1;

export interface AutomaticPolicy {
  threshold: number;
  margin: number;
}

export const DEFAULT_AUTOMATIC_POLICY: AutomaticPolicy = {
  threshold: DEFAULT_AUTOMATIC_THRESHOLD,
  margin: DEFAULT_AUTOMATIC_MARGIN,
};

export interface ScoredPair {
  leftId: string;
  rightId: string;
  score: number;
}

/**
 * The automatic matches among candidate lists (each list best first): a product's best candidate
 * when it reaches the threshold and leads its runner-up by the margin, and no other product claims
 * the same competitor product with a score within the margin.
 */
export function selectAutomaticMatches(lists: ScoredPair[][], policy: AutomaticPolicy): ScoredPair[] {
  const proposals: ScoredPair[] = [];
  for (const list of lists) {
    const [best, second] = list;
    if (!best || best.score < policy.threshold) continue;
    if (second && best.score - second.score < policy.margin) continue;
    proposals.push(best);
  }
  const byRight = new Map<string, ScoredPair[]>();
  for (const proposal of proposals) {
    const claims = byRight.get(proposal.rightId) ?? [];
    claims.push(proposal);
    byRight.set(proposal.rightId, claims);
  }
  const accepted: ScoredPair[] = [];
  for (const claims of byRight.values()) {
    claims.sort((a, b) => b.score - a.score);
    const [first, runnerUp] = claims;
    if (first && (!runnerUp || first.score - runnerUp.score >= policy.margin)) accepted.push(first);
  }
  return accepted;
}

export interface LabelledScore {
  score: number;
  correct: boolean;
}

/**
 * The lowest threshold at which the pairs scoring at least that much reach the target precision
 * (and every higher threshold does too). `minimumMatches` guards against a threshold resting on a
 * handful of pairs. Returns 1 (nothing automatic) when no threshold qualifies.
 */
export function calibrateThreshold(labelled: LabelledScore[], targetPrecision = 0.99, minimumMatches = 20): number {
  const sorted = [...labelled].sort((a, b) => b.score - a.score);
  let correct = 0;
  let best = 1;
  let failed = false;
  for (let i = 0; i < sorted.length && !failed; i++) {
    const current = sorted[i]!;
    if (current.correct) correct++;
    const next = sorted[i + 1];
    if (next && next.score === current.score) continue;
    const precision = correct / (i + 1);
    if (precision < targetPrecision) {
      if (i + 1 >= minimumMatches) failed = true;
      continue;
    }
    if (i + 1 >= minimumMatches) best = current.score;
  }
  return best;
}
