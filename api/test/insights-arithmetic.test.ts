/**
 * Data insights' arithmetic (api/src/insights/arithmetic.ts), table-tested: price index,
 * difference in tenths of a percent, tolerance, comparison, movement, change, averages and
 * coverage of empty sets (null or 0 with a reason, never NaN).
 */
import { describe, expect, it } from 'vitest';
import {
  changePercent,
  compare,
  countComparisons,
  coveragePercent,
  differenceTenths,
  emptyReason,
  mean,
  movement,
  priceIndex,
  round2,
  toleranceTenths,
} from '../src/insights/arithmetic.ts';

describe('price index (own ÷ competitor × 100)', () => {
  it.each([
    [100, 100, 100],
    [90, 100, 90],
    [110, 100, 110],
    [1, 3, 33.333333],
    [250, 200, 125],
    [0, 100, null],
    [100, 0, null],
    [null, 100, null],
    [100, null, null],
    [-5, 100, null],
    [Number.NaN, 100, null],
  ] as const)('own %s, competitor %s → %s', (own, competitor, expected) => {
    const value = priceIndex(own, competitor);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 5);
  });
});

describe('difference in tenths of a percent (rounded half away from zero)', () => {
  it.each([
    [100, 100, 0],
    [101, 100, 10],
    [99, 100, -10],
    [101.04, 100, 10],
    [101.05, 100, 11],
    [98.95, 100, -11],
    [98.96, 100, -10],
    [200, 100, 1000],
    [50, 100, -500],
    [1.005, 1, 5],
    [0, 100, null],
    [100, null, null],
  ] as const)('own %s, competitor %s → %s', (own, competitor, expected) => {
    expect(differenceTenths(own, competitor)).toBe(expected);
  });
});

describe('tolerance (0..50 %, steps of 0.1; default 1)', () => {
  it.each([
    [undefined, 10],
    [null, 10],
    [0, 0],
    [1, 10],
    [2.5, 25],
    [0.3, 3],
    [50, 500],
  ] as const)('%s %% → %s tenths', (percent, tenths) => {
    expect(toleranceTenths(percent)).toBe(tenths);
  });
  it.each([[-0.1], [50.1], [0.05], [Number.NaN], [Number.POSITIVE_INFINITY]])('%s is refused', (percent) => {
    expect(() => toleranceTenths(percent)).toThrow(RangeError);
  });
});

describe('comparison: CHEAPER below −t, SAME within ±t (bounds included), PRICIER above +t', () => {
  it.each([
    [-11, 10, 'CHEAPER'],
    [-10, 10, 'SAME'],
    [0, 10, 'SAME'],
    [10, 10, 'SAME'],
    [11, 10, 'PRICIER'],
    [0, 0, 'SAME'],
    [1, 0, 'PRICIER'],
    [-1, 0, 'CHEAPER'],
    [-500, 500, 'SAME'],
  ] as const)('difference %s, tolerance %s → %s', (difference, tolerance, expected) => {
    expect(compare(difference, tolerance)).toBe(expected);
  });
  it('counts many differences, skipping those without prices', () => {
    expect(countComparisons([-20, -10, 0, 10, 20, null, 11], 10)).toEqual({ cheaper: 1, same: 3, pricier: 2 });
    expect(countComparisons([], 10)).toEqual({ cheaper: 0, same: 0, pricier: 0 });
  });
});

describe('dynamics: movement and change between the period start and now', () => {
  it.each([
    [100, 110, 'UP', 10],
    [100, 90, 'DOWN', -10],
    [100, 100, 'UNCHANGED', 0],
    [80, 100, 'UP', 25],
    [null, 100, null, null],
    [100, null, null, null],
    [0, 100, null, null],
  ] as const)('%s → %s: %s, %s %%', (start, now, expectedMovement, expectedChange) => {
    expect(movement(start, now)).toBe(expectedMovement);
    const change = changePercent(start, now);
    if (expectedChange === null) expect(change).toBeNull();
    else expect(change).toBeCloseTo(expectedChange, 9);
  });
});

describe('averages and coverage of empty sets', () => {
  it.each([
    [300, 3, 100],
    [0, 0, null],
    [5, 0, null],
    [Number.NaN, 2, null],
  ] as const)('mean(%s, %s) → %s', (sum, count, expected) => {
    expect(mean(sum, count)).toBe(expected);
  });
  it.each([
    [5, 10, 50],
    [0, 10, 0],
    [0, 0, 0],
    [3, 3, 100],
  ] as const)('coverage %s of %s → %s %%', (matched, products, expected) => {
    expect(coveragePercent(matched, products)).toBe(expected);
  });
  it.each([
    [0, 0, undefined, 'NO_PRODUCTS'],
    [5, 0, undefined, 'NO_MATCHED_PRODUCTS'],
    [5, 2, 0, 'NO_DATA_IN_PERIOD'],
    [5, 2, 3, null],
    [5, 2, undefined, null],
  ] as const)('products %s, matched %s, points %s → %s', (products, matched, points, expected) => {
    expect(emptyReason(products, matched, points)).toBe(expected);
  });
  it('rounds answers to two decimals and keeps null', () => {
    expect(round2(33.333333)).toBe(33.33);
    expect(round2(null)).toBeNull();
  });
});
