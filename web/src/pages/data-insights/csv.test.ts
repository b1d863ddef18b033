import { describe, expect, it } from 'vitest';
import { csvCell, insightsFileName, rounded, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+420 123', "'+420 123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
  ])('escapes a text starting like a formula: %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as numbers, negative ones included', () => {
    expect(csvCell(-3.2)).toBe('-3.2');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes separators, quotes and line ends', () => {
    expect(csvCell('Husky, s.r.o.')).toBe('"Husky, s.r.o."');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=a,b')).toBe('"\'=a,b"');
  });

  it('leaves empty values empty', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });
});

describe('toCsv', () => {
  it('writes the header and the rows, CRLF-ended', () => {
    expect(
      toCsv(
        ['Brand', 'Index'],
        [
          ['Husky', 96.8],
          ['=x', null],
        ],
      ),
    ).toBe("Brand,Index\r\nHusky,96.8\r\n'=x,\r\n");
  });
});

describe('rounded', () => {
  it('rounds as the table shows', () => {
    expect(rounded(96.84)).toBe(96.8);
    expect(rounded(96.85, 0)).toBe(97);
    expect(Object.is(rounded(-0.04), 0)).toBe(true);
    expect(rounded(null)).toBeNull();
    expect(rounded(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('insightsFileName', () => {
  it('names the kind, the website and the day', () => {
    expect(insightsFileName('brand-snapshot', 'Northwind Outdoor — Čechy', new Date(2026, 10, 7))).toBe(
      'brand-snapshot-northwind-outdoor-cechy-2026-11-07.csv',
    );
  });
});
