import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  it.each([
    [0, 0, 1000],
    [1, 0, 2000],
    [2, 0.5, 4500],
    [5, 0, 32_000],
    [6, 0.999, 64_999],
    [7, 0, 64_000],
    [20, 0, 64_000],
  ])('retry %i with random %f waits %i ms', (attempt, random, delay) => {
    expect(backoffDelay(attempt, () => random)).toBe(delay);
  });
});
