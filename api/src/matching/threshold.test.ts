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

describe('selectAutomaticMatches: a record listed twice', () => {
  const low = { threshold: 0.4, margin: 0.1 };
  const copy = (leftId: string, rightId: string, score: number, record: string) => ({ leftId, rightId, score, record });
  it.each([
    [
      'its copy is no runner-up',
      [[copy('a', 'x1', 0.45, 'X'), copy('a', 'x2', 0.45, 'X'), copy('a', 'y', 0.05, 'Y')]],
      ['a:x1'],
    ],
    ['copies only', [[copy('a', 'x1', 0.48, 'X'), copy('a', 'x2', 0.48, 'X')]], ['a:x1']],
    [
      'another record within the margin after the copies',
      [[copy('a', 'x1', 0.45, 'X'), copy('a', 'x2', 0.45, 'X'), copy('a', 'y', 0.4, 'Y')]],
      [],
    ],
    ['two records with equal scores', [[copy('a', 'x', 0.45, 'X'), copy('a', 'y', 0.45, 'Y')]], []],
    ['equal scores, no record known', [[pair('a', 'x1', 0.45), pair('a', 'x2', 0.45)]], []],
    [
      'two products claim copies of one record closely',
      [
        [copy('a', 'x1', 0.48, 'X'), copy('a', 'x2', 0.48, 'X')],
        [copy('b', 'x2', 0.47, 'X'), copy('b', 'x1', 0.47, 'X')],
      ],
      [],
    ],
    [
      'two products claim copies of one record, one clearly',
      [
        [copy('a', 'x1', 0.55, 'X'), copy('a', 'x2', 0.55, 'X')],
        [copy('b', 'x2', 0.42, 'X'), copy('b', 'x1', 0.42, 'X')],
      ],
      ['a:x1'],
    ],
  ])('%s', (_name, lists, expected) => {
    expect(selectAutomaticMatches(lists, low).map((m) => `${m.leftId}:${m.rightId}`)).toEqual(expected);
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
