import { describe, expect, it } from 'vitest';
import { parseFeedPrice } from './price.ts';

describe('parseFeedPrice', () => {
  it.each([
    ['12.50 CZK', 12.5, 'CZK'],
    ['12,50 Kč', 12.5, 'CZK'],
    ['12,50Kč', 12.5, 'CZK'],
    ['1 299,90 Kč', 1299.9, 'CZK'],
    ['1\u00a0299,90', 1299.9, null],
    ['1.299,90 €', 1299.9, 'EUR'],
    ['€9.99', 9.99, 'EUR'],
    ['EUR 9.99', 9.99, 'EUR'],
    ['$1,299.00', 1299, 'USD'],
    ['499,-', 499, null],
    ['499,- Kč', 499, 'CZK'],
    ['0', 0, null],
    ['12.345', 12345, null],
    ['19.999', 19999, null],
    ['12.5', 12.5, null],
    ['10.005', 10005, null],
    ['3.14159', 3.14, null],
  ])('%s -> %s %s', (text, amount, currency) => {
    expect(parseFeedPrice(text)).toEqual({ amount, currency });
  });

  it.each([
    ['-12.50', 'must not be negative'],
    ['-12,50 Kč', 'must not be negative'],
    ['− 5', 'must not be negative'],
    ['', 'is not a price'],
    ['abc', 'is not a price'],
    ['N/A', 'is not a price'],
    ['12.50 XYZ', 'unknown currency'],
    ['12 apples', 'is not a price'],
    ['99999999999', 'is too large'],
    ['12.50 CZK 3', 'is not a price'],
  ])('%s is rejected (%s)', (text, reason) => {
    const result = parseFeedPrice(text);
    expect('error' in result && result.error).toContain(reason);
  });
});
