import { describe, expect, it } from 'vitest';
import {
  codesWrittenApart,
  extractModelNumbers,
  isModelNumber,
  type LocatedCode,
  modelNumbersConflict,
  modelRelation,
  normalizeMpn,
  relateModelNumbers,
  shorterVariants,
} from './model-numbers.ts';

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
    ['Dell Inspiron 15.6-Inch Laptop N5010', ['n5010']],
    ['Sony 7.2-Volt Battery 3.5-mm 6.5-ft NP-FM50', ['npfm50']],
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
    ['10db', false],
    ['200ct', false],
    ['2pk', false],
    ['25pk', false],
    ['6pc', false],
    ['11pt', false],
    ['3qt', false],
    ['5gal', false],
    ['pk25', true],
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

describe('codesWrittenApart', () => {
  // every two adjacent words that read as a model number; only a relation to a code of the other
  // name makes one evidence (relateModelNumbers)
  it.each([
    ['jaton px558 dt geforce 8400 gs card', ['jatonpx558', 'px558dt', 'geforce8400', '8400gs']],
    ['msm geforce gt 430 card', ['gt430', '430card']],
    ['adobe photoshop cs 2 mac', ['cs2']],
    ['nikon coolpix s60 pink', ['coolpixs60', 's60pink']],
    ['dsct300 dsct300b', []],
    ['2 4 6', []],
    ['pack of 2 pk', ['of2']],
  ])('%s -> %j', (name, expected) => {
    expect(codesWrittenApart(name.split(' '))).toEqual(expected);
  });
});

const side = (name: string, codes: string[]) => ({
  codes: codes.map((code): LocatedCode => ({ code, in: 'name' })),
  words: name.split(' '),
});

describe('relateModelNumbers', () => {
  it.each([
    // a code of one name written as two words of the other: a variant, never exact
    [
      'nvidia geforce 8400gs pcie',
      ['8400gs'],
      'jaton px558 geforce 8400 gs',
      ['px558'],
      [['8400gs', '8400gs', 'partial', 'right']],
    ],
    [
      'jaton px558 geforce 8400 gs',
      ['px558'],
      'nvidia geforce 8400gs pcie',
      ['8400gs'],
      [['8400gs', '8400gs', 'partial', 'left']],
    ],
    [
      'nikon coolpixs60pnk',
      ['coolpixs60pnk'],
      'nikon coolpix s60 26132',
      ['s60', '26132'],
      [['coolpixs60pnk', 'coolpixs60', 'partial', 'right']],
    ],
    // codes that relate in one word: the words apart add nothing
    [
      'asus engt430 gt430',
      ['engt430', 'gt430'],
      'evga gt430 gt 430',
      ['gt430'],
      [
        ['engt430', 'gt430', 'partial', undefined],
        ['gt430', 'gt430', 'exact', undefined],
      ],
    ],
    ['sony msmt2g', ['msmt2g'], 'sony ms pro duo mark2', ['mark2'], []],
  ] as const)('%s ~ %s', (leftName, leftCodes, rightName, rightCodes, expected) => {
    const related = relateModelNumbers(side(leftName, [...leftCodes]), side(rightName, [...rightCodes]));
    expect(related.map((r) => [r.left, r.right, r.relation, r.apart])).toEqual(expected);
  });
});

describe('modelNumbersConflict', () => {
  it.each([
    // the same runs of letters and digits, unrelated: another model of the same kind
    [['mb276lla'], ['mb277lla'], true],
    [['dsct500b'], ['dsct300', 'dsct300b'], true],
    [['ef4124'], ['ef4116'], true],
    [['26991'], ['98510'], true],
    // one shop's part number against another's catalogue number: no conflict
    [['msmt2g'], ['mark2'], false],
    [['pg40bk'], ['0615b002'], false],
    [['h890'], ['9661930403'], false],
    [['8400gs'], ['px558'], false],
    // one side without codes
    [[], ['mark2'], false],
  ] as const)('%j ~ %j -> %s', (left, right, expected) => {
    expect(modelNumbersConflict(left, right, [])).toBe(expected);
  });

  it('is no conflict when any pair relates', () => {
    const related = relateModelNumbers(side('a mb276lla', ['mb276lla']), side('b mb276ll', ['mb276ll']));
    expect(related).toHaveLength(1);
    expect(modelNumbersConflict(['mb276lla'], ['mb276ll'], related)).toBe(false);
  });
});
