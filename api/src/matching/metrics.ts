/**
 * Quality of candidate lists against a known mapping: recall@k over the shop's products that
 * have a true pair, and precision / coverage of automatic matches.
 */

export interface RankedPair {
  leftId: string;
  rightId: string;
  rank: number;
  score: number;
}

/** leftId -> the set of true rightIds */
export type Truth = Map<string, Set<string>>;

export function truthFromPairs(pairs: Iterable<[string, string]>): Truth {
  const truth: Truth = new Map();
  for (const [left, right] of pairs) {
    if (!truth.has(left)) truth.set(left, new Set());
    truth.get(left)!.add(right);
  }
  return truth;
}

/** Share of the left products with a true pair whose first k candidates hold a true pair. */
export function recallAtK(candidates: RankedPair[], truth: Truth, k: number): number {
  if (truth.size === 0) return 0;
  const hit = new Set<string>();
  for (const c of candidates) if (c.rank <= k && truth.get(c.leftId)?.has(c.rightId)) hit.add(c.leftId);
  return hit.size / truth.size;
}

export interface AutomaticQuality {
  matches: number;
  correct: number;
  /** correct / matches (1 when there are none) */
  precision: number;
  /** correct / all true pairs */
  coverage: number;
}

export function automaticQuality(automatic: { leftId: string; rightId: string }[], truth: Truth): AutomaticQuality {
  const correct = automatic.filter((m) => truth.get(m.leftId)?.has(m.rightId)).length;
  let pairs = 0;
  for (const rights of truth.values()) pairs += rights.size;
  return {
    matches: automatic.length,
    correct,
    precision: automatic.length === 0 ? 1 : correct / automatic.length,
    coverage: pairs === 0 ? 0 : correct / pairs,
  };
}

/**
 * recall@k under the possible readings of equal scores. A ranked list puts equal scores in some
 * order (the evaluations: by competitor product id, which is no evidence); a true pair tied with
 * others at the cut may be in or out depending on that order alone.
 * - `listed`: the list's own order (what recallAtK counts);
 * - `expected`: the mean over every order of the tied candidates (a tie of k candidates with one
 *   true at rank 1 counts 1/k);
 * - `tieIsMiss`: every false candidate tied with the true pair placed before it;
 * - `tieIsHit`: the true pair placed first among its ties.
 * Lists are best first; a list's entries share one leftId.
 */
export interface TieReadings {
  listed: number;
  expected: number;
  tieIsMiss: number;
  tieIsHit: number;
}

export function recallReadings(
  lists: readonly (readonly { leftId: string; rightId: string; score: number }[])[],
  truth: Truth,
  k: number,
): TieReadings {
  const sums: TieReadings = { listed: 0, expected: 0, tieIsMiss: 0, tieIsHit: 0 };
  if (truth.size === 0) return sums;
  for (const list of lists) {
    const expected = list.length > 0 ? truth.get(list[0]!.leftId) : undefined;
    if (!expected) continue;
    const at = list.findIndex((p) => expected.has(p.rightId));
    if (at < 0) continue;
    const score = list[at]!.score;
    const first = list.findIndex((p) => p.score === score);
    const tied = list.filter((p) => p.score === score);
    const trueTied = tied.filter((p) => expected.has(p.rightId)).length;
    if (at < k) sums.listed++;
    if (first < k) sums.tieIsHit++;
    if (first + tied.length - trueTied < k) sums.tieIsMiss++;
    // The chance that a random order of the tie puts a true pair among its places before the cut.
    const places = Math.min(tied.length, k - first);
    let noneTrue = 1;
    for (let i = 0; i < places; i++) noneTrue *= Math.max(0, tied.length - trueTied - i) / (tied.length - i);
    if (places > 0) sums.expected += 1 - noneTrue;
  }
  return {
    listed: sums.listed / truth.size,
    expected: sums.expected / truth.size,
    tieIsMiss: sums.tieIsMiss / truth.size,
    tieIsHit: sums.tieIsHit / truth.size,
  };
}
