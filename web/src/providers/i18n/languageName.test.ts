import { describe, expect, it } from 'vitest';
import { languageName } from './languageName.ts';

describe('languageName', () => {
  it.each([
    ['de', 'Deutsch'],
    ['cs', 'Čeština'],
    ['en', 'English'],
    ['xx-invalid-code-!', 'xx-invalid-code-!'],
  ])('%s -> %s', (code, name) => {
    expect(languageName(code)).toBe(name);
  });
});
