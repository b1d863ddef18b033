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
  ] as const)('%s: %s against %s, variantConflict %d', (_, left, right, conflict) => {
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
  ] as const)('%s: %s against %s, ours %d, theirs %d', (_, left, right, ours, theirs) => {
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

describe('pairFeatures: sizes', () => {
  it.each([
    ['inches written as a mark and as a word', 'Sony VAIO 15.6" laptop', 'Sony VAIO 15.6-Inch laptop', 1, 0],
    ['a decimal comma', 'Sony VAIO 15,6" laptop', 'Sony VAIO 15.6 in laptop', 1, 0],
    ['15.6 inches are not 156', 'Sony VAIO 15.6" laptop', 'Sony VAIO 156" screen', 0, 1],
    ['15.6 inches are not 16', 'Sony VAIO 15.6" laptop', 'Sony VAIO 16" laptop', 0, 1],
    ['millimetres', 'Sony cable 3.5 mm jack', 'Sony cable 3,5mm jack', 1, 0],
    ['3.5 mm are not 35 mm', 'Sony lens 3.5 mm', 'Sony lens 35 mm', 0, 1],
    ['pounds', 'Bosch kettle 1.5 lb', 'Bosch kettle 1.5 lbs', 1, 0],
    ['ounces', 'Bosch jar 12.5 oz', 'Bosch jar 125 oz', 0, 1],
    ['volts', 'Sony battery 3.7V', 'Sony battery 37 V', 0, 1],
    ['gigabytes and megabytes', 'Sony card 1.5 GB', 'Sony card 1500 MB', 1, 0],
    ['litres and millilitres', 'Bosch jug 1,5 l', 'Bosch jug 1500 ml', 1, 0],
  ] as const)('%s (%s / %s): sizeEqual %d, sizeConflict %d', (_, left, right, equal, conflict) => {
    const f = features(left, right);
    expect([f.sizeEqual, f.sizeConflict]).toEqual([equal, conflict]);
  });
});
