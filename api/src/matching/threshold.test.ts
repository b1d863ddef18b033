import { describe, expect, it } from 'vitest';
import { calibrateThreshold, selectAutomaticMatches } from './threshold.ts';

const policy = { threshold: 0.9, margin: 0.1 };
const pair = (leftId: string, rightId: string, score: number) => ({ leftId, rightId, score });

describe('selectAutomaticMatches', () => {
  it.each([
    ['a clear best candidate', [[pair('a', 'x', 0.95), pair('a', 'y', 0.5)]], ['a:x']],
    ['below the threshold', [[pair('a', 'x', 0.85)]], []],
    ['a close runner-up', [[pair('a', 'x', 0.95), pair('a', 'y', 0.9)]], []],
    ['a single candidate', [[pair('a', 'x', 0.91)]], ['a:x']],
    ['no candidates', [[]], []],
    ['two products claim one, clearly', [[pair('a', 'x', 0.99)], [pair('b', 'x', 0.88)]], ['a:x']],
    ['two products claim one, closely', [[pair('a', 'x', 0.99)], [pair('b', 'x', 0.95)]], []],
  ])('%s', (_name, lists, expected) => {
    expect(selectAutomaticMatches(lists, policy).map((m) => `${m.leftId}:${m.rightId}`)).toEqual(expected);
  });
});

describe('calibrateThreshold', () => {
  const labelled = (pattern: string) =>
    [...pattern].map((mark, index) => ({ score: 1 - index / 100, correct: mark === '+' }));

  it.each([
    ['all correct', '++++++++++', 0.5, 1, 0.91],
    ['an error at the end', '+++++++++-', 0.9, 1, 0.91],
    ['stops where precision first falls below', '++++-+++-+', 0.8, 1, 0.93],
    ['too few pairs', '+++', 0.99, 5, 1],
    ['an early error stops it', '+-++++++++', 0.99, 2, 1],
  ])('%s', (_name, pattern, target, minimum, expected) => {
    expect(calibrateThreshold(labelled(pattern), target, minimum)).toBeCloseTo(expected, 10);
  });
});
