import { describe, expect, it } from 'vitest';
import type { MatchingPair, MatchingProduct } from '../queries.ts';
import {
  allowedDecisions,
  applyDecision,
  initialSelection,
  nextWaitingIndex,
  pairEntries,
  sameState,
} from './session.ts';

const pair = (
  id: string,
  status: MatchingPair['status'] = 'WAITING',
  stage: MatchingPair['stage'] = 'CANDIDATE',
): MatchingPair => ({
  id,
  status,
  stage,
  version: 1,
  score: 0.5,
  evidence: {
    gtinEqual: null,
    mpnEqual: null,
    brandEqual: null,
    nameSimilarity: null,
    sharedWords: [],
    sharedModelNumbers: [],
    relatedModelNumbers: [],
    modelNumbersConflict: null,
  },
  competitorProduct: {
    id: `cp-${id}`,
    externalId: id,
    name: id,
    brand: null,
    ean: null,
    mpn: null,
    price: 1,
    currency: 'CZK',
    availability: null,
    url: null,
    seenAt: '',
  },
  priceDifference: null,
  priceDifferencePercent: null,
  updatedAt: '',
});

const product = (groups: Record<string, MatchingPair[]>): MatchingProduct => ({
  product: {
    id: 'p1',
    itemId: 'SKU-1',
    name: 'Stan',
    brand: null,
    ean: null,
    mpn: null,
    category: null,
    price: 1,
    currency: 'CZK',
    imageUrl: null,
    url: null,
  },
  competitors: Object.entries(groups).map(([id, pairs]) => ({
    competitor: { id, name: id },
    matchingMode: 'confirmation',
    pairs,
  })),
  lease: null,
  waitingToMatch: Object.values(groups)
    .flat()
    .filter((p) => p.status === 'WAITING' && p.stage === 'CANDIDATE').length,
});

const states = (p: MatchingProduct) =>
  pairEntries(p).map(
    (e) => `${e.pair.id}:${e.pair.status}${e.pair.status === 'WAITING' ? `/${e.pair.stage}` : ''}:v${e.pair.version}`,
  );

describe('allowedDecisions', () => {
  it.each([
    ['WAITING', 'CANDIDATE', false, ['MATCH', 'NEVER_MATCH', 'SKIP']],
    ['SKIPPED', 'CANDIDATE', false, ['MATCH', 'NEVER_MATCH']],
    ['EXPIRED', 'CANDIDATE', false, ['MATCH', 'NEVER_MATCH']],
    ['NEVER_MATCH', 'CANDIDATE', true, ['MATCH']],
    ['MATCHED', 'CANDIDATE', false, []],
    ['MATCHED', 'CANDIDATE', true, ['NEVER_MATCH']],
    ['WAITING', 'CONFIRMATION', false, []],
    ['WAITING', 'CONFIRMATION', true, ['NEVER_MATCH']],
  ] as const)('%s/%s (may confirm: %s) allows %j', (status, stage, canConfirm, expected) => {
    expect([...allowedDecisions({ status, stage }, canConfirm)].sort()).toEqual([...expected].sort());
  });
});

describe('applyDecision', () => {
  const start = product({ a: [pair('a1'), pair('a2'), pair('a3', 'NEVER_MATCH')], b: [pair('b1')] });

  it('a match by someone who may confirm is MATCHED and supersedes the waiting pairs at that competitor only', () => {
    const after = applyDecision(start, 'a1', 'MATCH', true);
    expect(states(after)).toEqual(['a1:MATCHED:v2', 'a2:SKIPPED:v2', 'a3:NEVER_MATCH:v1', 'b1:WAITING/CANDIDATE:v1']);
    expect(after.waitingToMatch).toBe(1);
  });

  it("a User's match waits for confirmation (and supersedes too)", () => {
    const after = applyDecision(start, 'a2', 'MATCH', false);
    expect(states(after)).toEqual([
      'a1:SKIPPED:v2',
      'a2:WAITING/CONFIRMATION:v2',
      'a3:NEVER_MATCH:v1',
      'b1:WAITING/CANDIDATE:v1',
    ]);
  });

  it('never match and skip change the pair alone', () => {
    expect(states(applyDecision(start, 'a1', 'NEVER_MATCH', true))).toEqual([
      'a1:NEVER_MATCH:v2',
      'a2:WAITING/CANDIDATE:v1',
      'a3:NEVER_MATCH:v1',
      'b1:WAITING/CANDIDATE:v1',
    ]);
    const skipped = applyDecision(start, 'b1', 'SKIP', true);
    expect(states(skipped)).toEqual([
      'a1:WAITING/CANDIDATE:v1',
      'a2:WAITING/CANDIDATE:v1',
      'a3:NEVER_MATCH:v1',
      'b1:SKIPPED:v2',
    ]);
    expect(skipped.waitingToMatch).toBe(2);
  });

  it('leaves the product as it was', () => {
    applyDecision(start, 'a1', 'MATCH', true);
    expect(states(start)[0]).toBe('a1:WAITING/CANDIDATE:v1');
  });

  it('the product is done when nothing waits to match', () => {
    const done = applyDecision(applyDecision(start, 'a1', 'MATCH', true), 'b1', 'NEVER_MATCH', true);
    expect(done.waitingToMatch).toBe(0);
  });
});

describe('selection', () => {
  const entries = pairEntries(
    product({ a: [pair('a1', 'MATCHED'), pair('a2')], b: [pair('b1', 'SKIPPED'), pair('b2')] }),
  );

  it('starts on the first pair waiting to match', () => {
    expect(initialSelection(entries)).toBe(1);
    expect(initialSelection(pairEntries(product({ a: [pair('a1', 'MATCHED')] })))).toBe(0);
    expect(initialSelection([])).toBe(-1);
  });

  it('moves to the next pair waiting to match, going round', () => {
    expect(nextWaitingIndex(entries, 1)).toBe(3);
    expect(nextWaitingIndex(entries, 3)).toBe(1);
    expect(nextWaitingIndex(pairEntries(product({ a: [pair('a1', 'MATCHED')] })), 0)).toBe(-1);
  });
});

describe('sameState', () => {
  const base = product({ a: [pair('a1'), pair('a2')] });

  it('is true for an answer that shows the same pairs', () => {
    expect(sameState(base, structuredClone(base))).toBe(true);
  });

  it('is false when a pair moved, or the lease changed hands', () => {
    expect(sameState(base, applyDecision(base, 'a1', 'SKIP', true))).toBe(false);
    expect(
      sameState(base, {
        ...base,
        lease: { productId: 'p1', userId: 'u2', userEmail: null, mine: false, expiresAt: '' },
      }),
    ).toBe(false);
  });
});
