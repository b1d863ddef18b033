import { describe, expect, it } from 'vitest';
import { clampedPage, lastPageOf } from './pages.ts';

describe('lastPageOf', () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [100, 10, 10],
  ])('%i rows by %i -> page %i', (total, pageSize, last) => {
    expect(lastPageOf(total, pageSize)).toBe(last);
  });
});

describe('clampedPage', () => {
  it.each([
    // page, pageSize, total, expected
    [1, 20, undefined, null],
    [5, 20, undefined, null],
    [1, 20, 0, null],
    [2, 20, 0, 1],
    [3, 20, 45, null],
    [4, 20, 45, 3],
    [9, 10, 40, 4],
  ])('page %i by %i of %s rows -> %s', (page, pageSize, total, expected) => {
    expect(clampedPage(page, pageSize, total)).toBe(expected);
    expect(clampedPage(page, pageSize, total, false)).toBe(expected);
  });

  it.each([
    [4, 20, 45],
    [2, 20, 0],
    [3, 20, 45],
  ])('page %i by %i of an estimated %i rows stays (null)', (page, pageSize, total) => {
    expect(clampedPage(page, pageSize, total, true)).toBeNull();
  });
});
