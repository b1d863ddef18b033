import { describe, expect, it } from 'vitest';
import { BrandIndex } from './brand.ts';
import { prepareProduct, type ProductInput } from './product.ts';
import { collectEvidence, scoreEvidence, type CatalogueStatistics } from './score.ts';
import { WordStatistics } from './similarity.ts';

const brands = new BrandIndex(['Sony', 'Linksys', 'Kofola', 'Madeta', 'Denon']);
const catalogue: ProductInput[] = [
  { id: 'r1', name: 'Sony PS-LX350H Belt Drive Turntable', brand: 'Sony', price: 99 },
  { id: 'r2', name: 'Linksys EtherFast EF4116 Ethernet Switch', brand: 'Linksys' },
  { id: 'r3', name: 'Linksys EtherFast EF4124 Ethernet Switch', brand: 'Linksys' },
  { id: 'r4', name: 'Mléko polotučné 1 l', brand: 'Madeta', gtin: '8594001234561', price: 24.9 },
  { id: 'r5', name: 'Denon DP-29F Turntable', brand: 'Denon' },
];
const statistics: CatalogueStatistics = { words: new WordStatistics(), codes: new WordStatistics() };
const prepared = new Map(catalogue.map((product) => [product.id, prepareProduct(product, brands)]));
for (const product of prepared.values()) {
  statistics.words.addDocument(product.words);
  statistics.codes.addDocument([...product.nameCodes, ...product.descriptionCodes]);
}

const score = (left: ProductInput, rightId: string) => {
  const evidence = collectEvidence(prepareProduct(left, brands), prepared.get(rightId)!, statistics);
  return { evidence, score: scoreEvidence(evidence, statistics) };
};

describe('collectEvidence', () => {
  it('explains a match by model number', () => {
    const { evidence } = score({ id: 'l1', name: 'Sony Turntable - PSLX350H', price: 99 }, 'r1');
    expect(evidence).toMatchObject({
      matchedIdentifiers: [],
      brandEqual: true,
      sharedModelNumbers: ['pslx350h'],
      modelNumbersConflict: false,
      priceDifference: 0,
    });
    expect(evidence.sharedWords).toEqual(expect.arrayContaining(['sony', 'turntable', 'pslx350h']));
    expect(evidence.nameSimilarity).toBeGreaterThan(0.3);
  });

  it('explains a match by GTIN across units and diacritics', () => {
    const { evidence } = score(
      { id: 'l2', name: 'MADETA Mleko polotucne 1000 ml', gtin: '859-4001-23456-1', price: 26 },
      'r4',
    );
    expect(evidence.matchedIdentifiers).toEqual(['gtin']);
    expect(evidence.sharedWords).toEqual(expect.arrayContaining(['mleko', 'polotucne', '1000ml']));
    expect(evidence.priceDifference).toBeCloseTo(0.0423, 3);
  });

  it('notices conflicting model numbers and brands', () => {
    const { evidence } = score({ id: 'l3', name: 'Linksys EtherFast Switch EF4124', brand: 'Linksys' }, 'r2');
    expect(evidence.modelNumbersConflict).toBe(true);
    expect(score({ id: 'l4', name: 'Sony Turntable', brand: 'Sony' }, 'r5').evidence.brandEqual).toBe(false);
  });
});

describe('scoreEvidence', () => {
  it.each([
    ['identical model number and brand', { id: 'a', name: 'Sony Turntable - PSLX350H', price: 95 }, 'r1', 0.9, 1],
    ['identical GTIN', { id: 'b', name: 'Mléko 1l', gtin: '8594001234561' }, 'r4', 0.95, 1],
    ['the model number of the sibling', { id: 'c', name: 'Linksys EtherFast EF4124 Switch' }, 'r2', 0, 0.5],
    ['another brand', { id: 'd', name: 'Sony Turntable' }, 'r5', 0, 0.2],
  ])('%s scores between %s and %s', (_name, left, rightId, low, high) => {
    const { score: value } = score(left, rightId);
    expect(value).toBeGreaterThanOrEqual(low);
    expect(value).toBeLessThanOrEqual(high);
  });

  it('ranks the true sibling above the other', () => {
    const left = { id: 'e', name: 'Linksys EtherFast EF4124 Switch' };
    expect(score(left, 'r3').score).toBeGreaterThan(score(left, 'r2').score + 0.5);
  });
});
