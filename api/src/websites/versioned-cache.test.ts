import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

describe('VersionedCache', () => {
  it('returns an answer only for the version it was computed from', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('1', 'k', 'a');
    expect(cache.get('1', 'k')).toBe('a');
    expect(cache.get('2', 'k')).toBeUndefined();
  });

  it('drops every older answer when a newer version arrives', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('1', 'k1', 'a');
    cache.set('1', 'k2', 'b');
    cache.set('2', 'k1', 'c');
    expect(cache.size).toBe(1);
    expect(cache.get('2', 'k2')).toBeUndefined();
    expect(cache.get('2', 'k1')).toBe('c');
  });

  it('never keeps an answer of an older version than the current one', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('5', 'k', 'new');
    cache.set('4', 'k', 'old');
    expect(cache.get('5', 'k')).toBe('new');
    expect(cache.get('4', 'k')).toBeUndefined();
  });

  it('compares versions as numbers, not text', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('9', 'k', 'nine');
    cache.set('10', 'k', 'ten');
    expect(cache.get('10', 'k')).toBe('ten');
  });

  it('evicts the least recently used entries beyond its total weight', () => {
    const cache = new VersionedCache<string>(5);
    cache.set('1', 'a', 'A', 2);
    cache.set('1', 'b', 'B', 2);
    cache.get('1', 'a');
    cache.set('1', 'c', 'C', 2);
    expect(cache.get('1', 'b')).toBeUndefined();
    expect(cache.get('1', 'a')).toBe('A');
    expect(cache.get('1', 'c')).toBe('C');
  });

  it('does not keep an answer heavier than the whole cache', () => {
    const cache = new VersionedCache<string>(5);
    cache.set('1', 'big', 'X', 6);
    expect(cache.get('1', 'big')).toBeUndefined();
  });
});
