import { describe, expect, it } from 'vitest';
import { numberCell, textCell } from './csv-cells.ts';

describe('CSV export cells', () => {
  it('prefixes text a spreadsheet would run as a formula, and leaves other text as it is', () => {
    for (const formula of ['=1+1', '+420', '-5', '@SUM(A1)', '\tx', '\rx'])
      expect(textCell(formula)).toBe(`'${formula}`);
    expect(textCell('Kettle = 1.7 l')).toBe('Kettle = 1.7 l');
    expect(textCell(null)).toBe('');
    expect(textCell(undefined)).toBe('');
  });

  it('writes numbers as they are and no value as an empty cell', () => {
    expect(numberCell(0)).toBe(0);
    expect(numberCell(12.5)).toBe(12.5);
    expect(numberCell(null)).toBe('');
  });
});
