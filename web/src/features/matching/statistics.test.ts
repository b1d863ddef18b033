import { describe, expect, it } from 'vitest';
import { statisticSegments } from './statistics.ts';

describe('statisticSegments', () => {
  it('keeps the spec order and gives each its share', () => {
    const { total, segments } = statisticSegments({
      matched: 6,
      waitingToMatch: 2,
      waitingToConfirm: 1,
      skipped: 1,
      neverMatch: 0,
      expired: 0,
    });
    expect(total).toBe(10);
    expect(segments.map((s) => [s.key, s.count, s.percent])).toEqual([
      ['matched', 6, 60],
      ['waitingToMatch', 2, 20],
      ['waitingToConfirm', 1, 10],
      ['skipped', 1, 10],
      ['neverMatch', 0, 0],
      ['expired', 0, 0],
    ]);
  });

  it('reads missing keys and no statistics as zero', () => {
    expect(statisticSegments(null)).toEqual({
      total: 0,
      segments: ['matched', 'waitingToMatch', 'waitingToConfirm', 'skipped', 'neverMatch', 'expired'].map((key) => ({
        key,
        count: 0,
        percent: 0,
      })),
    });
    expect(statisticSegments({ matched: 3 }).total).toBe(3);
  });
});
