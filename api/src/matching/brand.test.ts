import { describe, expect, it } from 'vitest';
import { BrandIndex, brandKey } from './brand.ts';

describe('brandKey', () => {
  it.each([
    ['LG Electronics', 'lg'],
    ['SONY', 'sony'],
    ['Škoda Auto', 'skoda'],
    ['The Sharper Image', 'sharper'],
    ['', null],
    [null, null],
  ])('%s -> %s', (input, expected) => {
    expect(brandKey(input)).toBe(expected);
  });
});

describe('BrandIndex', () => {
  const index = new BrandIndex(['Sony', 'LG Electronics', 'Techcraft', 'Jacobs Douwe Egberts', 'Kofola']);

  it.each([
    ['Sony Turntable - PSLX350H', 'sony'],
    ['LG Washer Dryer Stacking Kit', 'lg'],
    ['Tech Craft Avalon Series TV Stand', 'techcraft'],
    ['KOFOLA Originál 2 l', 'kofola'],
    ['Unknown Brand Thing', null],
    ['', null],
  ])('infers %s -> %s', (name, expected) => {
    expect(index.inferFromName(name)).toBe(expected);
  });

  it.each([
    ['LG Electronics', 'LG WSTK1', 'lg'],
    ['Tech Craft', 'Stand', 'techcraft'],
    [null, 'Sony Remote', 'sony'],
    ['Newcomer', 'Newcomer Gadget', 'newcomer'],
    ['', 'Nothing known', null],
  ])('resolves brand %s with name %s -> %s', (brand, name, expected) => {
    expect(index.resolve(brand, name)).toBe(expected);
  });

  it('counts distinct brands', () => {
    expect(index.size).toBe(5);
  });
});
