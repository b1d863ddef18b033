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

describe('pairFeatures: plain numbers', () => {
  it.each([
    ['no number shared', 'Sony Vegas 7', 'Sony Vegas 8', 1],
    ['a number shared', 'Sony Vegas 7 Pro', 'Sony Vegas Pro 7', 0],
    ['a number on one side only', 'Sony Vegas 7', 'Sony Vegas Pro', 0],
    ['a kit of 2 and a pack of two', 'Sony DDR3 memory 4GB kit of 2', 'Sony DDR3 memory 4GB 2 x 2GB 240 pin', 0],
    ['a speed with its unit and without', 'Sony DDR3 memory 1600MHz kit 2009', 'Sony DDR3 memory 1600 240 pin', 0],
    ['a capacity with its unit and without', 'Sony memory card 4 GB series 3', 'Sony memory card 4 series', 0],
    ['a size in inches and a plain number', 'Sony TV 42 inch 3 HDMI', 'Sony TV 42 BRAVIA', 0],
    ['another speed', 'Sony DDR3 memory 1333MHz kit 2009', 'Sony DDR3 memory 1600 240 pin', 1],
    ['1.6 GHz is no 16', 'Sony laptop 1.6GHz 2009', 'Sony laptop 16 cores', 1],
  ] as const)('%s: %s against %s, numberConflict %d', (_, left, right, conflict) => {
    expect(features(left, right).numberConflict).toBe(conflict);
  });
});

describe('pairFeatures: a size in inches written in a model number', () => {
  it.each([
    ['a projection screen', 'Elite Screens manual projection screen 150in', 'Elite M150XWV1 manual screen', 1],
    ['a TV, the other way round', 'Sony KDL42V4100 BRAVIA', 'Sony 42" BRAVIA LCD HDTV', 1],
    ['a size that is not the digits of the code', 'Elite Screens manual screen 150in', 'Elite M119XWS1 screen', 0],
    ['a part of the digits only', 'Sony TV 15in', 'Sony KDL150X', 0],
    ['a size in another unit', 'Sony cable 150 mm', 'Sony cable M150XW', 0],
    ['one digit', 'Sony TV 7in', 'Sony TV DPF7A', 0],
  ] as const)('%s: %s against %s, sizeInModelNumber %d', (_, left, right, expected) => {
    expect(features(left, right).sizeInModelNumber).toBe(expected);
  });
});
