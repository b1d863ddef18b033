import { describe, expect, it } from 'vitest';
import { automaticQuality, recallAtK, recallReadings, truthFromPairs } from './metrics.ts';

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

describe('recallReadings', () => {
  // a: the true pair ties at rank 1 with two identical records; b: first alone; c: tied at ranks
  // 2-3 with one other; d: no true pair among its candidates.
  const truthOfTies = truthFromPairs([
    ['a', 'a2'],
    ['b', 'b1'],
    ['c', 'c2'],
    ['d', 'd9'],
  ]);
  const lists = [
    [
      { leftId: 'a', rightId: 'a1', score: 0.5 },
      { leftId: 'a', rightId: 'a2', score: 0.5 },
      { leftId: 'a', rightId: 'a3', score: 0.5 },
    ],
    [
      { leftId: 'b', rightId: 'b1', score: 0.9 },
      { leftId: 'b', rightId: 'b2', score: 0.1 },
    ],
    [
      { leftId: 'c', rightId: 'c0', score: 0.9 },
      { leftId: 'c', rightId: 'c1', score: 0.4 },
      { leftId: 'c', rightId: 'c2', score: 0.4 },
    ],
    [{ leftId: 'd', rightId: 'd1', score: 0.9 }],
  ];

  it('counts a tie at the cut by the list order, by its expectation over every order, as a miss and as a hit', () => {
    const at1 = recallReadings(lists, truthOfTies, 1);
    expect(at1).toMatchObject({ listed: 1 / 4, tieIsMiss: 1 / 4, tieIsHit: 2 / 4 });
    expect(at1.expected).toBeCloseTo((1 + 1 / 3) / 4, 12);
    const at2 = recallReadings(lists, truthOfTies, 2);
    expect(at2.listed).toBe(2 / 4);
    expect(at2.expected).toBeCloseTo((1 + 2 / 3 + 1 / 2) / 4, 12);
    expect(at2.tieIsMiss).toBe(1 / 4);
    expect(at2.tieIsHit).toBe(3 / 4);
    expect(recallReadings(lists, truthOfTies, 3)).toEqual({
      listed: 3 / 4,
      expected: 3 / 4,
      tieIsMiss: 3 / 4,
      tieIsHit: 3 / 4,
    });
  });
});
