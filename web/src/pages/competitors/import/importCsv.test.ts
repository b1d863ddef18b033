import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import type { ImportRowError } from '../queries.ts';
import { csvProblem, importCounts, MAX_CSV_BYTES, rowErrorText } from './importCsv.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en }, cs: { translation: cs } } });
});

describe('csvProblem', () => {
  it.each([
    ['', 'empty'],
    [' \n\t', 'empty'],
    ['external_id,name,price\nA,B,1', null],
  ])('%j -> %s', (text, problem) => {
    expect(csvProblem(text)).toBe(problem);
  });

  it('counts bytes, not characters, against the 5 MB limit', () => {
    expect(csvProblem('x'.repeat(MAX_CSV_BYTES))).toBeNull();
    expect(csvProblem('x'.repeat(MAX_CSV_BYTES + 1))).toBe('tooLarge');
    // Two bytes each in UTF-8: half as many characters already exceed it.
    expect(csvProblem('č'.repeat(MAX_CSV_BYTES / 2 + 1))).toBe('tooLarge');
  });
});

describe('importCounts', () => {
  it('imported counts new, changed and unchanged rows; rejected the skipped ones', () => {
    expect(
      importCounts({ rows: 6, inserted: 2, updated: 1, unchanged: 0, skipped: 3, refreshedProducts: 1, errors: [] }),
    ).toEqual({
      rows: 6,
      imported: 3,
      inserted: 2,
      updated: 1,
      unchanged: 0,
      rejected: 3,
      refreshedProducts: 1,
    });
  });
});

describe('rowErrorText', () => {
  const error = (values: Partial<ImportRowError>): ImportRowError => ({
    line: 3,
    field: 'price',
    code: 'NOT_A_PRICE',
    reason: 'the API’s English',
    max: null,
    firstLine: null,
    text: null,
    ...values,
  });

  it.each([
    ['en', error({ text: '0' }), 'Not a price from 0.01 to 9,999,999,999.99 (a price of 0 is no price): “0”'],
    ['cs', error({ text: '0' }), 'Není cena od 0,01 do 9 999 999 999,99 (cena 0 není cena): „0“'],
    ['cs', error({ field: 'name', code: 'TOO_LONG', max: 500 }), 'Delší než 500 znaků'],
    ['cs', error({ field: 'external_id', code: 'REPEATS', firstLine: 2 }), 'Opakuje external_id z řádku 2'],
    ['en', error({ code: 'REQUIRED' }), 'Required'],
  ] as const)('%s: %o reads "%s"', (language, row, text) => {
    expect(rowErrorText(row, i18next.getFixedT(language))).toBe(text);
  });

  it('words a code this build does not know with the API’s English reason', () => {
    expect(rowErrorText(error({ code: 'SOMETHING_NEW' as never }), i18next.getFixedT('cs'))).toBe('the API’s English');
  });
});
