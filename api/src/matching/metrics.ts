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
