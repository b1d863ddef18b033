import { describe, expect, it } from 'vitest';
import { csvCell } from './format.ts';

describe('csvCell (price feed CSV)', () => {
  it.each([
    [null, ''],
    ['plain', 'plain'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['@sum', "'@sum"],
    ['a;b', '"a;b"'],
    [-5, '-5'],
    [12.5, '12.5'],
  ] as const)('%j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
