import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit, normalizeGtin } from './gtin.ts';

describe('normalizeGtin', () => {
  it.each([
    ['4006381333931', '04006381333931'],
    ['400 6381 33393 1', '04006381333931'],
    ['4006381333932', null],
    ['036000291452', '00036000291452'],
    ['0036000291452', '00036000291452'],
    ['96385074', '00000096385074'],
    ['10036000291459', '10036000291459'],
    ['8594001234567', null],
    ['8594001234561', '08594001234561'],
    ['12345', null],
    ['ABC4006381333931', null],
    ['00000000000000', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeGtin(input)).toBe(expected);
  });
});

describe('hasValidCheckDigit', () => {
  it.each([
    ['4006381333931', true],
    ['4006381333930', false],
    ['x', false],
  ])('%s -> %s', (input, expected) => {
    expect(hasValidCheckDigit(input)).toBe(expected);
  });
});
