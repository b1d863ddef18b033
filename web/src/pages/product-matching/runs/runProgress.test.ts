import { describe, expect, it } from 'vitest';
import { isWorking, runPercent } from './runProgress.ts';

describe('matching run progress', () => {
  it('is the share of products done, whole once succeeded, never over 100', () => {
    expect(runPercent({ status: 'QUEUED', productsTotal: 0, productsDone: 0 })).toBe(0);
    expect(runPercent({ status: 'RUNNING', productsTotal: 600, productsDone: 200 })).toBe(33);
    expect(runPercent({ status: 'RUNNING', productsTotal: 10, productsDone: 12 })).toBe(100);
    expect(runPercent({ status: 'SUCCEEDED', productsTotal: 0, productsDone: 0 })).toBe(100);
    expect(runPercent({ status: 'FAILED', productsTotal: 10, productsDone: 4 })).toBe(40);
  });
  it('a queued or running run is at work', () => {
    expect(
      ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'].map((status) => isWorking({ status: status as never })),
    ).toEqual([true, true, false, false]);
  });
});
