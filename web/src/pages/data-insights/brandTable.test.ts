import { describe, expect, it } from 'vitest';
import { type BrandColumn, brandTableCsv, brandValues, cellOf, heatMapCsv, heatMapValue } from './brandTable.ts';

const husky = {
  brand: 'Husky',
  products: 12,
  matchedProducts: 9,
  coveragePercent: 75,
  priceIndex: 96.84,
  comparison: { cheaper: 5, same: 2, pricier: 2 },
  averageDifferencePercent: -3.16,
  cells: [
    { competitorId: 'c1', matchedProducts: 9, priceIndex: 95.55, comparison: { cheaper: 6, same: 1, pricier: 2 } },
    { competitorId: 'c2', matchedProducts: 0, priceIndex: null, comparison: { cheaper: 0, same: 0, pricier: 0 } },
  ],
};
const formula = {
  ...husky,
  brand: '=HYPERLINK("x")',
  products: 1,
  matchedProducts: 0,
  coveragePercent: 0,
  priceIndex: null,
  averageDifferencePercent: null,
  cells: [],
};
const header = Object.fromEntries(
  [
    'brand',
    'products',
    'matchedProducts',
    'coveragePercent',
    'priceIndex',
    'cheaper',
    'same',
    'pricier',
    'averageDifferencePercent',
  ].map((k) => [k, k]),
) as Record<BrandColumn, string>;

describe('brand table', () => {
  it('rounds the figures as the table shows them', () => {
    expect(brandValues(husky)).toEqual({
      brand: 'Husky',
      products: 12,
      matchedProducts: 9,
      coveragePercent: 75,
      priceIndex: 96.8,
      cheaper: 5,
      same: 2,
      pricier: 2,
      averageDifferencePercent: -3.2,
    });
  });

  it('writes the rows and the total as CSV; a brand that looks like a formula is escaped, missing figures are empty', () => {
    expect(brandTableCsv([husky, formula], { ...husky, brand: '' }, header, 'All brands').split('\r\n')).toEqual([
      'brand,products,matchedProducts,coveragePercent,priceIndex,cheaper,same,pricier,averageDifferencePercent',
      'Husky,12,9,75,96.8,5,2,2,-3.2',
      '"\'=HYPERLINK(""x"")",1,0,0,,5,2,2,',
      'All brands,12,9,75,96.8,5,2,2,-3.2',
      '',
    ]);
  });
});

describe('heat map', () => {
  it('shows the index or the chosen count; a competitor without matched products has no value (never a zero)', () => {
    expect(heatMapValue(cellOf(husky, 'c1'), 'INDEX')).toBe(95.6);
    expect(heatMapValue(cellOf(husky, 'c1'), 'CHEAPER')).toBe(6);
    expect(heatMapValue(cellOf(husky, 'c1'), 'SAME')).toBe(1);
    expect(heatMapValue(cellOf(husky, 'c1'), 'PRICIER')).toBe(2);
    expect(heatMapValue(cellOf(husky, 'c2'), 'CHEAPER')).toBeNull();
    expect(heatMapValue(cellOf(husky, 'c3'), 'INDEX')).toBeNull();
  });

  it('writes the current view as CSV, one column per competitor', () => {
    const competitors = [
      { id: 'c1', name: 'Alza' },
      { id: 'c2', name: '+Shop' },
    ];
    expect(heatMapCsv([husky], competitors, 'PRICIER', 'Brand')).toBe("Brand,Alza,'+Shop\r\nHusky,2,\r\n");
  });
});
