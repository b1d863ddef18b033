/**
 * What a run hands selectAutomaticMatches of a product's list (run.ts automaticProposal): the best
 * candidate and the first candidate of another record, past any copies of the best.
 */
import { describe, expect, it } from 'vitest';
import type { ScoredCandidate } from './candidates.ts';
import { automaticProposal } from './run.ts';

/** A candidate with what automaticProposal reads: its id, score and record. */
const candidate = (id: string, score: number, record: string) =>
  ({ competitorProductId: id, score, record }) as ScoredCandidate;

const ids = (list: ScoredCandidate[]) => automaticProposal('p', list).map((pair) => pair.rightId);

describe('automaticProposal', () => {
  it('is the best candidate and its runner-up, each with its record', () => {
    expect(
      automaticProposal('p', [candidate('a', 0.9, 'A'), candidate('b', 0.05, 'B'), candidate('c', 0.01, 'C')]),
    ).toEqual([
      { leftId: 'p', rightId: 'a', score: 0.9, record: 'A' },
      { leftId: 'p', rightId: 'b', score: 0.05, record: 'B' },
    ]);
  });

  it('reaches past copies of the best to the first candidate of another record', () => {
    expect(ids([candidate('a1', 0.33, 'A'), candidate('a2', 0.33, 'A'), candidate('b', 0.32, 'B')])).toEqual([
      'a1',
      'b',
    ]);
    expect(
      ids([
        candidate('a1', 0.25, 'A'),
        candidate('a2', 0.25, 'A'),
        candidate('a3', 0.25, 'A'),
        candidate('b', 0.2, 'B'),
      ]),
    ).toEqual(['a1', 'b']);
    // a copy further down is no runner-up either
    expect(ids([candidate('a1', 0.5, 'A'), candidate('b', 0.3, 'B'), candidate('a2', 0.1, 'A')])).toEqual(['a1', 'b']);
  });

  it('is the best alone when every other candidate is a copy of it, and nothing for no candidate', () => {
    expect(ids([candidate('a1', 0.5, 'A'), candidate('a2', 0.5, 'A')])).toEqual(['a1']);
    expect(ids([candidate('a', 0.9, 'A')])).toEqual(['a']);
    expect(ids([])).toEqual([]);
  });
});
