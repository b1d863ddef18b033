import { describe, expect, it } from 'vitest';
import { usagePercent } from './usage.ts';

describe('usagePercent', () => {
  it.each([
    [0, 10, { percent: 0, status: 'normal' }],
    [3, 10, { percent: 30, status: 'normal' }],
    [2, 3, { percent: 67, status: 'normal' }],
    [10, 10, { percent: 100, status: 'exception' }],
    [12, 10, { percent: 100, status: 'exception' }],
    [0, 0, { percent: 0, status: 'normal' }],
    [1, 0, { percent: 100, status: 'exception' }],
  ])('%i of %i -> %j', (used, limit, result) => {
    expect(usagePercent(used, limit)).toEqual(result);
  });
});
