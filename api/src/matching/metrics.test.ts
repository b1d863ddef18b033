import { describe, expect, it } from 'vitest';
import { automaticQuality, recallAtK, truthFromPairs } from './metrics.ts';

const truth = truthFromPairs([
  ['a', 'x'],
  ['b', 'y'],
  ['b', 'y2'],
  ['c', 'z'],
]);
const ranked = [
  { leftId: 'a', rightId: 'x', rank: 1, score: 0.9 },
  { leftId: 'b', rightId: 'q', rank: 1, score: 0.8 },
  { leftId: 'b', rightId: 'y2', rank: 2, score: 0.7 },
  { leftId: 'c', rightId: 'q', rank: 1, score: 0.5 },
  { leftId: 'd', rightId: 'q', rank: 1, score: 0.5 },
];

describe('recallAtK', () => {
  it.each([
    [1, 1 / 3],
    [2, 2 / 3],
    [10, 2 / 3],
  ])('k=%s -> %s', (k, expected) => {
    expect(recallAtK(ranked, truth, k)).toBeCloseTo(expected, 10);
  });
});

describe('automaticQuality', () => {
  it.each([
    [[], { matches: 0, correct: 0, precision: 1, coverage: 0 }],
    [
      [
        { leftId: 'a', rightId: 'x' },
        { leftId: 'b', rightId: 'q' },
      ],
      { matches: 2, correct: 1, precision: 0.5, coverage: 0.25 },
    ],
  ])('%j', (automatic, expected) => {
    expect(automaticQuality(automatic, truth)).toEqual(expected);
  });
});
