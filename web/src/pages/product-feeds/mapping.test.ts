import { describe, expect, it } from 'vitest';
import { freeFields, initialMapping, mappingInput, mappingProblems } from './mapping.ts';

describe('mappingProblems (the CSV column mapping editor)', () => {
  it('a new mapping needs the columns of ID, NAME and PRICE', () => {
    expect(initialMapping()).toEqual([
      { field: 'ID', column: '' },
      { field: 'NAME', column: '' },
      { field: 'PRICE', column: '' },
    ]);
    expect(mappingProblems(initialMapping())).toEqual([
      { kind: 'noColumn', field: 'ID' },
      { kind: 'noColumn', field: 'NAME' },
      { kind: 'noColumn', field: 'PRICE' },
    ]);
  });

  it('accepts the required fields and optional ones, each with a column', () => {
    expect(
      mappingProblems([
        { field: 'ID', column: 'ITEM_ID' },
        { field: 'NAME', column: ' Product name ' },
        { field: 'PRICE', column: 'Price' },
        { field: 'GTIN', column: 'EAN' },
        {},
      ]),
    ).toEqual([]);
  });

  it('names the required fields that are not mapped at all', () => {
    expect(mappingProblems([{ field: 'NAME', column: 'name' }])).toEqual([
      { kind: 'required', fields: ['ID', 'PRICE'] },
    ]);
    expect(mappingProblems([])).toEqual([{ kind: 'required', fields: ['ID', 'NAME', 'PRICE'] }]);
    expect(mappingProblems(undefined)).toEqual([{ kind: 'required', fields: ['ID', 'NAME', 'PRICE'] }]);
  });

  it('refuses a field mapped twice, a blank column, a column over 200 characters and a column without a field', () => {
    expect(
      mappingProblems([
        { field: 'ID', column: 'id' },
        { field: 'ID', column: 'sku' },
        { field: 'NAME', column: '   ' },
        { field: 'PRICE', column: 'x'.repeat(201) },
        { column: 'brand' },
      ]),
    ).toEqual([
      { kind: 'duplicate', field: 'ID' },
      { kind: 'noColumn', field: 'NAME' },
      { kind: 'columnTooLong', field: 'PRICE' },
      { kind: 'noField', row: 5 },
    ]);
    expect(
      mappingProblems([
        { field: 'ID', column: 'x'.repeat(200) },
        { field: 'NAME', column: 'n' },
        { field: 'PRICE', column: 'p' },
      ]),
    ).toEqual([]);
  });
});

describe('mappingInput', () => {
  it('sends the filled rows with trimmed columns', () => {
    expect(
      mappingInput([
        { field: 'ID', column: ' ITEM_ID ' },
        { field: 'BRAND', column: '' },
        {},
        { field: 'PRICE', column: 'Price' },
      ]),
    ).toEqual([
      { field: 'ID', column: 'ITEM_ID' },
      { field: 'PRICE', column: 'Price' },
    ]);
  });
});

describe('freeFields', () => {
  it('offers each field once', () => {
    expect(freeFields(initialMapping())).toEqual([
      'BRAND',
      'GTIN',
      'MPN',
      'CATEGORY',
      'COST',
      'MAP',
      'RRP',
      'CURRENCY',
      'STOCK',
      'AVAILABILITY',
      'URL',
      'IMAGE',
    ]);
  });
});
