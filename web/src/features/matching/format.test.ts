import { describe, expect, it } from 'vitest';
import { formatMoney, formatSignedMoney } from './format.ts';

describe('price formats', () => {
  it('writes an amount in its currency and language', () => {
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney(null, 'CZK', 'en')).toBe('—');
  });

  it('signs differences', () => {
    expect(formatSignedMoney(100, 'EUR', 'en')).toBe('+€100.00');
    expect(formatSignedMoney(-5.5, 'EUR', 'en')).toBe('−€5.50');
    expect(formatSignedMoney(0, 'EUR', 'en')).toBe('€0.00');
  });

  it('survives an unknown currency code', () => {
    expect(formatMoney(10, 'XX', 'en')).toBe('10 XX');
  });
});
