import { describe, expect, it } from 'vitest';
import { missesOf } from './learned-eval.ts';
import { truthFromPairs } from './metrics.ts';

const list = (leftId: string, ...scored: [string, number][]) =>
  scored.map(([rightId, score]) => ({ leftId, rightId, score }));

describe('missesOf', () => {
  it('tells a true pair the searches did not find from one the score ranked low, and counts ties at rank 1', () => {
    const truth = truthFromPairs([
      ['a', 'a1'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['d', 'd1'],
      ['e', 'e1'],
    ]);
    const lists = [
      list('a', ['a1', 0.9], ['x', 0.1]), // first: no miss
      list('b', ['x', 0.9], ['y', 0.5], ['z', 0.4], ['b1', 0.3]), // ranked 4th
      list('c', ['x', 0.9]), // not found
      list('d', ['d2', 0.7], ['d1', 0.7]), // tied with the first (listed twice)
      [], // e: no candidate at all
    ];
    expect(missesOf(lists, truth)).toEqual({ notCandidate: 2, belowRank3: 1, tiedAtRank1: 1 });
  });
});
