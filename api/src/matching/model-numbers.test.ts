import { describe, expect, it } from 'vitest';
import { extractModelNumbers, isModelNumber, modelRelation, normalizeMpn, shorterVariants } from './model-numbers.ts';

describe('extractModelNumbers', () => {
  it.each([
    ['Sony Turntable - PSLX350H', ['pslx350h']],
    ['Sony PS-LX350H Belt Drive Turntable', ['pslx350h']],
    ['Panasonic CGA-S007A/1B Battery 3.7V', ['cgas007a1b']],
    ['Garmin Dash Mount - 010-10613-00', ['0101061300']],
    ['Office 2007 Home - 79G-00007', ['79g00007']],
    ['Speakers 200W 2.4GHz 1080p 4K 10x zoom 5-Port', []],
    ['Pivo 6x0,5 l Kč 29,90', []],
    ['Bose 161 Bookshelf', []],
    ['Logitech 961464-0403 and 961464', ['9614640403', '961464']],
  ])('%s -> %j', (input, expected) => {
    expect(extractModelNumbers(input)).toEqual(expected);
  });
});

describe('isModelNumber', () => {
  it.each([
    ['s2e', true],
    ['9500i', true],
    ['1080p', false],
    ['1080i', false],
    ['a1', false],
    ['kpra', false],
    ['12345', true],
    ['1234', false],
    ['500ml', false],
    ['6x500ml', false],
    ['2nd', false],
    ['wstk1', true],
    ['5port', false],
    ['kx5port', true],
  ])('%s -> %s', (input, expected) => {
    expect(isModelNumber(input)).toBe(expected);
  });
});

describe('modelRelation', () => {
  it.each([
    ['pslx350h', 'pslx350h', 'exact'],
    ['nnc994s', 'nnc994ss', 'partial'],
    ['961464', '9614640403', 'partial'],
    ['usgskb', 'ndsusgskb', null],
    ['usgs2kb', 'ndsusgs2kb', 'partial'],
    ['av23292', '23292', 'partial'],
    ['ef4116', 'ef4124', null],
    ['mmv4205bt', 'mmv4205baq', 'similar'],
    ['el6985b', 'el6985a', 'similar'],
    ['dc50w', 'dc50b', null],
    ['1234567', '1234589', null],
    ['s2e', '010es20a', null],
    ['abcd', 'abcdef', null],
    ['a123', 'a1234567890', null],
  ] as const)('%s ~ %s -> %s', (a, b, expected) => {
    expect(modelRelation(a, b)).toBe(expected);
  });
});

describe('normalizeMpn', () => {
  it.each([
    ['PS-LX350H', 'pslx350h'],
    ['CGA S007A/1B', 'cgas007a1b'],
    ['ab', null],
    ['', null],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeMpn(input)).toBe(expected);
  });
});

describe('shorterVariants', () => {
  it('lists prefixes and suffixes with a digit, at least half as long', () => {
    expect(shorterVariants('nnc994ss').sort()).toEqual(
      ['94ss', '994ss', 'c994ss', 'nc994ss', 'nnc9', 'nnc99', 'nnc994', 'nnc994s'].sort(),
    );
  });
});
