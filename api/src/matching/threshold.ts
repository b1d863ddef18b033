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
  /**
   * The competitor record's content, every field the engine reads (name, description, brand,
   * price, GTIN, MPN): two candidates with one `record` are the same record listed twice, which
   * nothing tells apart. Absent: every candidate is a record of its own.
   */
  record?: string;
}

const sameRecord = (a: ScoredPair, b: ScoredPair) => a.record !== undefined && a.record === b.record;

/**
 * The automatic matches among candidate lists (each list best first): a product's best candidate
 * when it reaches the threshold and leads its runner-up by the margin, and no other product claims
 * the same competitor product with a score within the margin. A copy of the best (the same
 * `record` listed twice, README.md "Automatic matches") is no runner-up: the runner-up is the
 * first candidate of another record, so a list must reach down to it; and a claim on a copy is a
 * claim on the same product.
 */
export function selectAutomaticMatches(lists: ScoredPair[][], policy: AutomaticPolicy): ScoredPair[] {
  const proposals: ScoredPair[] = [];
  for (const list of lists) {
    const [best] = list;
    if (!best || best.score < policy.threshold) continue;
    const second = list.find((candidate, i) => i > 0 && !sameRecord(candidate, best));
    if (second && best.score - second.score < policy.margin) continue;
    proposals.push(best);
  }
  const byRight = new Map<string, ScoredPair[]>();
  for (const proposal of proposals) {
    const claimed = proposal.record === undefined ? `id ${proposal.rightId}` : `record ${proposal.record}`;
    const claims = byRight.get(claimed) ?? [];
    claims.push(proposal);
    byRight.set(claimed, claims);
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
