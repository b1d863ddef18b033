import { describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { localeKeys } from './localeKeys.ts';

describe('locale files', () => {
  const enKeys = localeKeys(en);
  const csKeys = localeKeys(cs);

  it('cs.json has every key of en.json', () => {
    expect(enKeys.filter((key) => !csKeys.includes(key))).toEqual([]);
  });

  it('en.json has every key of cs.json', () => {
    expect(csKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it('has no empty texts', () => {
    const empty = (messages: unknown): boolean =>
      typeof messages === 'string' ? messages.trim() === '' : Object.values(messages as object).some(empty);
    expect(empty(en)).toBe(false);
    expect(empty(cs)).toBe(false);
  });
});

describe('localeKeys', () => {
  it('flattens nested keys and folds plural forms', () => {
    expect(localeKeys({ a: { b: 'x', n_one: '1', n_few: '2', n_other: '3' }, c: 'y' })).toEqual(['a.b', 'a.n', 'c']);
  });
});
