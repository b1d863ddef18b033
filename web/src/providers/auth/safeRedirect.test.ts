import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './safeRedirect.ts';

describe('sameOriginPath', () => {
  it.each([
    ['/products', '/products'],
    ['/products?page=2&sort=name#top', '/products?page=2&sort=name#top'],
    ['/users/abc-123', '/users/abc-123'],
    ['/a/../b', '/b'],
    ['https://evil.example/products', null],
    ['//evil.example/products', null],
    ['/\\evil.example', null],
    ['\\\\evil.example', null],
    ['javascript:alert(1)', null],
    ['products', null],
    ['/\tevil', null],
    ['/%0d%0aX', '/%0d%0aX'],
    ['', null],
    [null, null],
    [`/${'x'.repeat(3000)}`, null],
  ])('%j -> %j', (value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });
});
