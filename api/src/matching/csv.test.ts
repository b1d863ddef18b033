import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv, parseCsvRows } from './csv.ts';

describe('parseCsvRows', () => {
  it.each([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['\ufeffa\n"x, y"\n', [['a'], ['x, y']]],
    ['a\n"line 1\nline 2"\n', [['a'], ['line 1\nline 2']]],
    ['a\n"say ""hi"""\n', [['a'], ['say "hi"']]],
    [
      'a,b\n1,\n',
      [
        ['a', 'b'],
        ['1', ''],
      ],
    ],
    ['a\n\n1\n', [['a'], ['1']]],
    ['', []],
  ])('%j', (input, expected) => {
    expect(parseCsvRows(input)).toEqual(expected);
  });

  it('rejects an unclosed quote', () => {
    expect(() => parseCsvRows('a\n"open')).toThrow(/not closed/);
  });
});

describe('parseCsv', () => {
  it('keys records by the lower-cased header', () => {
    expect(parseCsv('"ID","Name"\n1,"Sony, Inc"\n2\n')).toEqual([
      { id: '1', name: 'Sony, Inc' },
      { id: '2', name: '' },
    ]);
  });
});

describe('formatCsv', () => {
  it('quotes fields that need it and round-trips', () => {
    const text = formatCsv(
      ['id', 'name'],
      [
        [1, 'a, "b"'],
        [2, 'line\nbreak'],
      ],
    );
    expect(text).toBe('id,name\n1,"a, ""b"""\n2,"line\nbreak"\n');
    expect(parseCsv(text)).toEqual([
      { id: '1', name: 'a, "b"' },
      { id: '2', name: 'line\nbreak' },
    ]);
  });
});
