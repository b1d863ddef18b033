import { describe, expect, it } from 'vitest';
import { BrandIndex } from './brand.ts';
import { gramsOf, joinCompounds, pairFeatures, type FeatureStatistics } from './features.ts';
import { prepareProduct } from './product.ts';
import { collectEvidence } from './score.ts';
import { WordStatistics } from './similarity.ts';

const brands = new BrandIndex(['Sony', 'Adobe', 'Bosch']);

function features(left: string, right: string) {
  const a = prepareProduct({ id: 'a', name: left }, brands);
  const b = prepareProduct({ id: 'b', name: right }, brands);
  const statistics: FeatureStatistics = {
    words: new WordStatistics(),
    codes: new WordStatistics(),
    grams: new WordStatistics(),
  };
  for (const product of [a, b]) {
    statistics.words.addDocument(product.words);
    statistics.codes.addDocument(product.nameCodes);
    statistics.grams.addDocument(gramsOf(product));
  }
  return pairFeatures(a, b, collectEvidence(a, b, statistics), statistics);
}

describe('pairFeatures: variants', () => {
  it.each([
    ['another colour', 'Sony WH-1000 headphones black', 'Sony WH-1000 headphones silver', 1],
    ['a colour and its synonym', 'Sony WH-1000 headphones grey', 'Sony WH-1000 headphones gray', 0],
    ['a Czech colour and the English one', 'Vysavač Bosch PC853 bílá', 'Bosch PC853 vacuum white', 0],
    ['another Czech colour', 'Vysavač Bosch PC853 bílá', 'Vysavač Bosch PC853 černý', 1],
    ['the colour on one side only', 'Sony WH-1000 headphones', 'Sony WH-1000 headphones black', 0],
    ['one of two colours shared', 'Sony printer black & white', 'Sony printer black', 0],
    ['an upgrade and a full version', 'Adobe Photoshop CS3 upgrade', 'Adobe Photoshop CS3 full version', 1],
    ['another platform', 'Adobe Photoshop CS3 for Mac', 'Adobe Photoshop CS3 Win XP', 1],
    ['another edition', 'Adobe Acrobat 8 Standard', 'Adobe Acrobat 8 Professional', 1],
    ['an edition and its synonym', 'Adobe Acrobat 8 Pro', 'Adobe Acrobat 8 Professional', 0],
  ] as const)('%s: variantConflict %d', (_, left, right, conflict) => {
    expect(features(left, right).variantConflict).toBe(conflict);
  });
});

describe('pairFeatures: variants one name states and the other does not', () => {
  it.each([
    ['our name states a platform, theirs none', 'Adobe Photoshop CS2 (Mac)', 'Adobe Photoshop CS2', 1, 0],
    ['their name states an edition and a platform, ours none', 'Quicken 2007', 'Quicken 2007 Deluxe for Mac', 0, 2],
    ['both state a colour (another one)', 'Sony WH-1000 black', 'Sony WH-1000 silver', 0, 0],
    ['synonyms count as the same kind', 'Bosch PC853 grey', 'Bosch PC853 gray', 0, 0],
    ['neither states one', 'Sony WH-1000 headphones', 'Sony WH-1000 headphones', 0, 0],
  ] as const)('%s: ours %d, theirs %d', (_, left, right, ours, theirs) => {
    const f = features(left, right);
    expect([f.variantOnlyOurs, f.variantOnlyTheirs]).toEqual([ours, theirs]);
  });
});

describe('joinCompounds: two words of one name written as one in the other', () => {
  it.each([
    ['print shop', ['the', 'print', 'shop', '22'], ['the', 'printshop', 'v22'], ['the', 'printshop', '22'], null],
    [
      'zone alarm, on the other side',
      ['zonealarm', 'pro'],
      ['zone', 'alarm', 'pro', '5'],
      null,
      ['zonealarm', 'pro', '5'],
    ],
    ['a code written apart', ['photoshop', 'cs2'], ['photoshop', 'cs', '2', 'mac'], null, ['photoshop', 'cs2', 'mac']],
  ] as const)('%s', (_, left, right, joinedLeft, joinedRight) => {
    const joined = joinCompounds(left, right);
    expect(joined?.left).toEqual(joinedLeft ?? left);
    expect(joined?.right).toEqual(joinedRight ?? right);
  });

  it('leaves names alone when the other has both words apart too, or no compound at all', () => {
    expect(joinCompounds(['print', 'shop', 'printshop'], ['printshop', 'print', 'shop'])).toBeNull();
    expect(joinCompounds(['sony', 'tv'], ['sony', 'television'])).toBeNull();
  });

  it('counts the joined word as shared in the word cosine', () => {
    expect(features('The Print Shop 22 Deluxe', 'The PrintShop 22 Deluxe').wordCosine).toBeCloseTo(1, 6);
    expect(features('The Print Shop 22 Deluxe', 'The Print Shop 22 Deluxe').wordCosine).toBeCloseTo(1, 6);
  });
});
