import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './languages.ts';

describe('resolveLanguage', () => {
  it.each([
    [{ explicit: 'cs', saved: 'en', browser: ['en-US'] }, 'cs'],
    [{ explicit: 'de', saved: 'cs' }, 'cs'],
    [{ saved: null, browser: ['de-DE', 'cs-CZ'] }, 'cs'],
    [{ browser: ['de-DE'] }, 'en'],
    [{}, 'en'],
  ])('%j -> %s', (sources, language) => {
    expect(resolveLanguage(sources)).toBe(language);
  });
});
