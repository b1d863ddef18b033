import { describe, expect, it } from 'vitest';
import { csvProblem, importCounts, MAX_CSV_BYTES } from './importCsv.ts';

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
