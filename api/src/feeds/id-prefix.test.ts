import { describe, expect, it } from 'vitest';
import { idPrefix } from './import.ts';

describe('the ids of the products a feed import adds', () => {
  it('are UUIDs of version 7: the time in milliseconds, 26 random bits, then a 48-bit counter', () => {
    const now = Date.UTC(2026, 10, 25, 8, 30);
    const prefix = idPrefix(now);
    const first = `${prefix}${'1'.padStart(12, '0')}`;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-000000000001$/);
    expect(parseInt(first.slice(0, 8) + first.slice(9, 13), 16)).toBe(now);
    // Later rows of the merge sort after earlier ones, and after every id of an earlier millisecond.
    expect(`${prefix}00000000000a` > first).toBe(true);
    expect(`${idPrefix(now + 1)}000000000001` > `${prefix}ffffffffffff`).toBe(true);
  });

  it('differ between merges started in the same millisecond', () => {
    const now = Date.now();
    const prefixes = new Set(Array.from({ length: 1000 }, () => idPrefix(now)));
    expect(prefixes.size).toBeGreaterThan(990);
  });
});
