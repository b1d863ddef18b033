import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './languages.ts';

describe('resolveLanguage', () => {
  it.each([
    [{ explicit: 'cs', saved: 'en', browser: ['en-US'] }, 'cs'],
    [{ explicit: 'de', saved: 'cs' }, 'cs'],
    [{ saved: null, browser: ['de-DE', 'cs-CZ'] }, 'cs'],
    [{ browser: ['de-DE'] }, 'en'],
    [{}, 'en'],
    [{ explicit: 'cs-CZ' }, 'cs'],
    [{ explicit: 'de', saved: 'cs', supported: ['en', 'cs', 'de'] }, 'de'],
    [{ explicit: 'pt-BR', supported: ['en', 'cs', 'pt-BR'] }, 'pt-BR'],
    [{ explicit: 'de-AT', supported: ['en', 'cs', 'de'] }, 'de'],
    [{ saved: 'de', browser: ['cs-CZ'], supported: ['en', 'cs', 'de'] }, 'de'],
    [{ saved: 'de', browser: ['cs-CZ'] }, 'cs'],
    [{ browser: ['sk-SK', 'de-DE'], supported: ['en', 'cs', 'de'] }, 'de'],
    [{ explicit: '', saved: '', browser: [] }, 'en'],
  ])('%j -> %s', (sources, language) => {
    expect(resolveLanguage(sources)).toBe(language);
  });
});
