import { describe, expect, it } from 'vitest';
import { pricePosition } from './pricePosition.ts';

const monitoring = {
  matchedProducts: 0,
  waitingMatches: 0,
  cheaper: 0,
  equal: 0,
  dearer: 0,
  averageDifferencePercent: null,
};

describe('pricePosition', () => {
  it('without a compared pair: unknown, no shares', () => {
    expect(pricePosition(monitoring)).toEqual({
      compared: 0,
      cheaperShare: 0,
      equalShare: 0,
      dearerShare: 0,
      verdict: 'unknown',
      averageAbsPercent: null,
    });
  });

  it('ours cheaper on average: a negative difference', () => {
    expect(pricePosition({ ...monitoring, cheaper: 6, equal: 1, dearer: 3, averageDifferencePercent: -4.25 })).toEqual({
      compared: 10,
      cheaperShare: 60,
      equalShare: 10,
      dearerShare: 30,
      verdict: 'cheaper',
      averageAbsPercent: 4.25,
    });
  });

  it.each([
    [12.5, 'dearer', 12.5],
    [0, 'same', 0],
  ] as const)('average %s -> %s', (average, verdict, abs) => {
    expect(pricePosition({ ...monitoring, dearer: 2, averageDifferencePercent: average })).toMatchObject({
      verdict,
      averageAbsPercent: abs,
      dearerShare: 100,
    });
  });

  it('rounds shares to whole percent', () => {
    expect(
      pricePosition({ ...monitoring, cheaper: 1, equal: 1, dearer: 1, averageDifferencePercent: 0 }),
    ).toMatchObject({ cheaperShare: 33, equalShare: 33, dearerShare: 33 });
  });
});
