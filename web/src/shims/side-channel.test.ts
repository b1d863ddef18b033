import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const getSideChannel = require('./side-channel.cjs') as () => {
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
  delete(key: unknown): boolean;
  assert(key: unknown): void;
};

describe('side-channel stand-in', () => {
  it.each([[{}], [[]], ['text'], [1], [null], [undefined]])('keeps a value for %j', (key) => {
    const channel = getSideChannel();
    expect(channel.has(key)).toBe(false);
    expect(() => channel.assert(key)).toThrow(TypeError);
    channel.set(key, 'value');
    expect(channel.get(key)).toBe('value');
    expect(channel.has(key)).toBe(true);
    expect(channel.delete(key)).toBe(true);
    expect(channel.get(key)).toBeUndefined();
  });

  it('tells objects apart by identity', () => {
    const channel = getSideChannel();
    channel.set({}, 1);
    expect(channel.get({})).toBeUndefined();
  });
});
