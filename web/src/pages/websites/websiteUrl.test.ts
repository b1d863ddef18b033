import { describe, expect, it } from 'vitest';
import { isWebsiteUrl } from './websiteUrl.ts';

describe('isWebsiteUrl', () => {
  it.each([
    ['https://shop.example', true],
    ['http://shop.example/cz?x=1', true],
    ['  https://shop.example  ', true],
    ['HTTPS://SHOP.EXAMPLE', true],
    ['shop.example', false],
    ['ftp://files.example', false],
    ['javascript:alert(1)', false],
    ['https://', false],
    ['https://shop example', false],
    [`https://shop.example/${'a'.repeat(2000)}`, false],
    ['', false],
  ])('%j -> %s', (value, valid) => {
    expect(isWebsiteUrl(value)).toBe(valid);
  });
});
