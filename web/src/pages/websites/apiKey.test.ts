import { describe, expect, it } from 'vitest';
import { maskApiKey } from './apiKey.ts';

describe('maskApiKey', () => {
  const key = `owk_${'0123456789abcdef'.repeat(4)}`;

  it('keeps the prefix and the last four characters', () => {
    expect(maskApiKey(key)).toBe('owk_••••••••••••cdef');
  });

  it('never shows the middle of the key', () => {
    expect(maskApiKey(key)).not.toContain('0123');
    expect(maskApiKey(key).length).toBeLessThan(key.length);
  });

  it.each([
    ['owk_short', 'owk_••••••••'],
    ['abc', '••••••••'],
    ['', '••••••••'],
    ['nounderscore0123456789', '••••••••••••6789'],
  ])('%j -> %j', (value, masked) => {
    expect(maskApiKey(value)).toBe(masked);
  });
});
