import { describe, expect, it } from 'vitest';
import { filterKeys, languageRows } from './languageRows.ts';

describe('languageRows', () => {
  const bundled = { en: { a: 'A', b: { c: 'C' } }, cs: { a: 'A', b: { c: 'C' } } };
  it('lists built-in languages first, then custom ones by code, counting keys', () => {
    expect(
      languageRows(bundled, [
        { code: 'sk', messages: { a: 'A' }, updated: '2026-11-02T10:00:00Z' },
        { code: 'de', messages: null, updated: null },
        { code: 'cs', messages: { x: 'y' }, updated: 'ignored' },
      ]),
    ).toEqual([
      { code: 'en', builtIn: true, keys: 2, updated: null },
      { code: 'cs', builtIn: true, keys: 2, updated: null },
      { code: 'de', builtIn: false, keys: null, updated: null },
      { code: 'sk', builtIn: false, keys: 1, updated: '2026-11-02T10:00:00Z' },
    ]);
  });
});

describe('filterKeys', () => {
  it.each([
    ['', ['app.title', 'home.title', 'auth.signIn']],
    ['title', ['app.title', 'home.title']],
    [' SIGN ', ['auth.signIn']],
    ['nothing', []],
  ])('%j', (filter, keys) => {
    expect(filterKeys(['app.title', 'home.title', 'auth.signIn'], filter)).toEqual(keys);
  });
});
