import { describe, expect, it } from 'vitest';
import { diffRating, recencyContrast } from './product-ratings.ts';

describe('diffRating', () => {
  it.each([
    [null, 'unknown'],
    [undefined, 'unknown'],
    [Number.NaN, 'unknown'],
    [0, 'normal'],
    [4.99, 'normal'],
    [-4.99, 'normal'],
    [5, 'increased'],
    [-5, 'increased'],
    [14.99, 'increased'],
    [15, 'high'],
    [-15, 'high'],
    [250, 'high'],
  ] as const)('%s %% -> %s', (percent, expected) => {
    expect(diffRating(percent)).toBe(expected);
  });
});

describe('recencyContrast', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    [null, 'none'],
    ['not a date', 'none'],
    ['2026-11-23T12:00:00Z', 'short'],
    ['2026-11-22T12:00:00Z', 'short'],
    ['2026-11-21T12:00:01Z', 'short'],
    ['2026-11-21T12:00:00Z', 'middle'],
    ['2026-11-15T12:00:01Z', 'middle'],
    ['2026-11-15T12:00:00Z', 'long'],
    ['2025-01-01T00:00:00Z', 'long'],
  ] as const)('%s -> %s', (seenAt, expected) => {
    expect(recencyContrast(seenAt, now)).toBe(expected);
  });
  it('accepts a Date', () => {
    expect(recencyContrast(new Date(now.getTime() - 3_600_000), now)).toBe('short');
  });
});
