import { describe, expect, it } from 'vitest';
import { parsePrice, relativePriceDifference } from './price.ts';

describe('parsePrice', () => {
  it.each([
    ['$399.00', 399],
    ['$1,299.00', 1299],
    ['1 299,90 Kč', 1299.9],
    ['1\u00a0299,90\u00a0Kč', 1299.9],
    ['1.299,90 €', 1299.9],
    ['499,-', 499],
    ['CZK 29.90', 29.9],
    ['29,9', 29.9],
    ['1,299', 1299],
    ['1.000.000', 1000000],
    ['12', 12],
    ['', null],
    ['n/a', null],
    [null, null],
  ])('%s -> %s', (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });
});

describe('relativePriceDifference', () => {
  it.each([
    [100, 100, 0],
    [100, 80, 0.2],
    [80, 100, 0.2],
    [null, 100, null],
    [0, 100, null],
  ])('%s vs %s -> %s', (a, b, expected) => {
    expect(relativePriceDifference(a, b)).toBe(expected);
  });
});
