/**
 * The reviewer's work on one product, as pure functions: the pairs in the order the page shows
 * them, which decisions a pair allows, and a decision applied on the screen before the server
 * answers (the same transitions as api/src/matching/STATE.md, so the versions sent next agree
 * with the server's), which lets the next product appear at once.
 */
import type { MatchingDecisionKind, MatchingPair, MatchingProduct } from '../queries.ts';

export type Decision = Extract<MatchingDecisionKind, 'MATCH' | 'NEVER_MATCH' | 'SKIP'>;

export interface PairEntry {
  pair: MatchingPair;
  competitor: { id: string; name: string };
}

/** Every pair of the product, competitor by competitor, in the server's order. */
export function pairEntries(product: MatchingProduct | null | undefined): PairEntry[] {
  return (product?.competitors ?? []).flatMap((group) =>
    group.pairs.map((pair) => ({ pair, competitor: group.competitor })),
  );
}

export const isWaitingToMatch = (pair: Pick<MatchingPair, 'status' | 'stage'>) =>
  pair.status === 'WAITING' && pair.stage === 'CANDIDATE';

/**
 * The decisions the queue offers for a pair (STATE.md): match from waiting, skipped, expired or
 * never-match; never match from waiting, skipped or expired, and (who may confirm) from matched or
 * waiting to confirm; skip only from waiting to match.
 */
export function allowedDecisions(pair: Pick<MatchingPair, 'status' | 'stage'>, canConfirm: boolean): Set<Decision> {
  const allowed = new Set<Decision>();
  const waiting = isWaitingToMatch(pair);
  if (waiting || pair.status === 'SKIPPED' || pair.status === 'EXPIRED' || pair.status === 'NEVER_MATCH')
    allowed.add('MATCH');
  if (waiting || pair.status === 'SKIPPED' || pair.status === 'EXPIRED') allowed.add('NEVER_MATCH');
  if (canConfirm && (pair.status === 'MATCHED' || (pair.status === 'WAITING' && pair.stage === 'CONFIRMATION')))
    allowed.add('NEVER_MATCH');
  if (waiting) allowed.add('SKIP');
  return allowed;
}

const moved = (
  pair: MatchingPair,
  status: MatchingPair['status'],
  stage: MatchingPair['stage'] = 'CANDIDATE',
): MatchingPair => ({
  ...pair,
  status,
  stage,
  version: pair.version + 1,
});

/**
 * The product after a decision on one pair: match makes it MATCHED (or waiting to confirm for
 * someone who may not confirm) and supersedes the other pairs waiting to match at the same
 * competitor (SKIPPED); never match and skip change the pair alone. Each changed pair's version
 * grows by one, as on the server.
 */
export function applyDecision(
  product: MatchingProduct,
  pairId: string,
  decision: Decision,
  canConfirm: boolean,
): MatchingProduct {
  const competitors = product.competitors.map((group) => {
    const target = group.pairs.find((pair) => pair.id === pairId);
    if (!target) return group;
    const pairs = group.pairs.map((pair) => {
      if (pair.id === pairId) {
        if (decision === 'MATCH') return canConfirm ? moved(pair, 'MATCHED') : moved(pair, 'WAITING', 'CONFIRMATION');
        return moved(pair, decision === 'SKIP' ? 'SKIPPED' : 'NEVER_MATCH');
      }
      return decision === 'MATCH' && isWaitingToMatch(pair) ? moved(pair, 'SKIPPED') : pair;
    });
    return { ...group, pairs };
  });
  const waitingToMatch = competitors.reduce((sum, group) => sum + group.pairs.filter(isWaitingToMatch).length, 0);
  return { ...product, competitors, waitingToMatch };
}

/** The first pair waiting to match after `from` (going round), else -1. */
export function nextWaitingIndex(entries: readonly PairEntry[], from: number): number {
  for (let step = 1; step <= entries.length; step += 1) {
    const index = (Math.max(from, -1) + step) % entries.length;
    if (isWaitingToMatch(entries[index]!.pair)) return index;
  }
  return -1;
}

/** Where the selection starts on a product: its first pair waiting to match, else its first pair. */
export function initialSelection(entries: readonly PairEntry[]): number {
  const waiting = nextWaitingIndex(entries, -1);
  return waiting >= 0 ? waiting : entries.length ? 0 : -1;
}

/** Whether two answers for a product show the same thing (every pair's status, stage and version, and the lease). */
export function sameState(a: MatchingProduct, b: MatchingProduct): boolean {
  const left = pairEntries(a);
  const right = pairEntries(b);
  return (
    a.product.id === b.product.id &&
    a.waitingToMatch === b.waitingToMatch &&
    (a.lease?.userId ?? null) === (b.lease?.userId ?? null) &&
    left.length === right.length &&
    left.every(({ pair }, index) => {
      const other = right[index]!.pair;
      return (
        pair.id === other.id &&
        pair.status === other.status &&
        pair.stage === other.stage &&
        pair.version === other.version
      );
    })
  );
}
