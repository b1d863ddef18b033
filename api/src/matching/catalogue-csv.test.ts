import { describe, expect, it } from 'vitest';
import { pairsFromCsv, productsFromCsv } from './catalogue-csv.ts';

describe('productsFromCsv', () => {
  it('reads columns by header name, whatever their order', () => {
    const csv =
      'Price,Name,ID,Manufacturer,EAN,description\n"1 299,90 Kč","Mléko, 1 l",7,Madeta,8594001234561,"two\nlines"\n';
    expect(productsFromCsv(csv)).toEqual([
      {
        id: '7',
        name: 'Mléko, 1 l',
        description: 'two\nlines',
        brand: 'Madeta',
        price: 1299.9,
        gtin: '8594001234561',
        mpn: null,
      },
    ]);
  });

  it.each([
    ['id,name\n1,\n', [{ id: '1', name: '', description: null, brand: null, price: null, gtin: null, mpn: null }]],
    ['id,name\n,nameless\n', []],
  ])('%j', (csv, expected) => {
    expect(productsFromCsv(csv)).toEqual(expected);
  });

  it('rejects a file without id and name', () => {
    expect(() => productsFromCsv('title\nx\n')).toThrow(/id and name/);
  });
});

describe('pairsFromCsv', () => {
  it('skips the header and blank rows', () => {
    expect(pairsFromCsv('"idA","idB"\n1,2\n\n3, 4\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });
});
