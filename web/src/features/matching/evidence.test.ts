import { describe, expect, it } from 'vitest';
import {
  comparePrices,
  equalIdentifiers,
  gtinKey,
  highlightName,
  isModelNumber,
  modelNumberLines,
  tokenKey,
} from './evidence.ts';

const marked = (name: string, other: string, evidence = {}) =>
  highlightName(name, other, evidence)
    .filter((segment) => segment.shared)
    .map((segment) => `${segment.shared}:${segment.text}`);

describe('tokenKey', () => {
  it.each([
    ['PS-LX350H', 'pslx350h'],
    ['Černá', 'cerna'],
    ['WH-1000XM5,', 'wh1000xm5'],
  ])('%s -> %s', (token, key) => expect(tokenKey(token)).toBe(key));
});

describe('isModelNumber', () => {
  it.each([
    ['XM5', true],
    ['PS-LX350H', true],
    ['AB-123', true],
    ['12345678', true],
    ['500ml', false],
    ['1l', false],
    ['6x0,5l', false],
    ['65"', false],
    ['128GB', false],
    ['black', false],
    ['A1', false],
  ])('%s: %s', (token, expected) => expect(isModelNumber(token)).toBe(expected));
});

describe('highlightName', () => {
  it('keeps every character of the name', () => {
    const name = 'Sluchátka Sony WH-1000XM5 (černá), 2 ks';
    expect(
      highlightName(name, 'x')
        .map((segment) => segment.text)
        .join(''),
    ).toBe(name);
  });

  it('marks shared model numbers apart from shared words, ignoring case, diacritics and dashes', () => {
    expect(marked('Sluchátka Sony WH-1000XM5 černá', 'SONY WH1000XM5 Sluchatka')).toEqual([
      'word:Sluchátka',
      'word:Sony',
      'model:WH-1000XM5',
    ]);
  });

  it('marks nothing the other name lacks, nor one-letter words', () => {
    expect(marked('Stan Husky AB-123 a zelená', 'Tent Vango CD-456 a blue')).toEqual([]);
  });

  it("takes the server's shared words and model numbers too (found through normalization the console does not repeat)", () => {
    expect(
      marked('Kávovar DeLonghi ECAM22110', 'DELONGHI ECAM 22.110 coffee machine', {
        sharedModelNumbers: ['ecam22110'],
      }),
    ).toEqual(['word:DeLonghi', 'model:ECAM22110']);
  });

  it('does not call a shared quantity a model number', () => {
    expect(marked('Mléko 500ml', 'Milk 500ml')).toEqual(['word:500ml']);
  });
});

describe('equalIdentifiers', () => {
  it.each([
    [{ ean: '8590000000017', mpn: 'AB-123' }, { ean: '08590000000017', mpn: 'ab123' }, ['gtin', 'mpn']],
    [{ ean: '8590000000017' }, { ean: '8590000000024' }, []],
    [{ ean: null, mpn: 'X1' }, { ean: null, mpn: 'x-1' }, ['mpn']],
    [{ ean: '', mpn: '' }, { ean: '', mpn: '' }, []],
    [{ ean: '123' }, { ean: '123' }, []],
  ])('%j and %j share %j', (left, right, expected) => {
    expect(equalIdentifiers(left, right)).toEqual(expected);
  });

  it('reads GTINs as digits padded to 14', () => {
    expect(gtinKey('859 0000 000017')).toBe('08590000000017');
    expect(gtinKey(undefined)).toBeNull();
  });
});

describe('comparePrices', () => {
  it.each([
    [900, 1000, { difference: -100, percent: -10, cheaper: 'us' }],
    [1100, 1000, { difference: 100, percent: 10, cheaper: 'them' }],
    [1000, 1000, { difference: 0, percent: 0, cheaper: 'equal' }],
    [10, 0, { difference: 10, percent: null, cheaper: 'them' }],
  ])('ours %d against theirs %d', (ours, theirs, expected) => {
    expect(comparePrices(ours, theirs)).toEqual(expected);
  });

  it('rounds the difference to cents', () => {
    expect(comparePrices(19.99, 19.89)?.difference).toBe(0.1);
  });

  it('has nothing to say without both prices', () => {
    expect(comparePrices(null, 10)).toBeNull();
    expect(comparePrices(10, undefined)).toBeNull();
  });
});

describe('modelNumberLines', () => {
  it('shows each code as its name writes it, two words apart included, and reads the relation', () => {
    expect(
      modelNumberLines('Nvidia 8400GS (512MB)', 'GeForce 8400 GS', [
        { ours: '8400gs', theirs: '8400gs', relation: 'PARTIAL', apart: 'THEIRS' },
      ]),
    ).toEqual([{ ours: '8400GS', theirs: '8400 GS', reading: 'apartTheirs' }]);
    expect(
      modelNumberLines('Panasonic NN-C994S', 'Panasonic NNC994SS oven', [
        { ours: 'nnc994s', theirs: 'nnc994ss', relation: 'PARTIAL', apart: null },
      ]),
    ).toEqual([{ ours: 'NN-C994S', theirs: 'NNC994SS', reading: 'variant' }]);
  });

  it('puts the strongest first, drops repeats and writes a code found in no name in capitals', () => {
    expect(
      modelNumberLines('Canon PG40BK', 'Canon ink', [
        { ours: 'pg40', theirs: 'pg40bk', relation: 'SIMILAR', apart: null },
        { ours: 'pg40bk', theirs: 'pg40bk', relation: 'EXACT', apart: null },
        { ours: 'pg40bk', theirs: 'pg40bk', relation: 'EXACT', apart: null },
      ]),
    ).toEqual([
      { ours: 'PG40BK', theirs: 'PG40BK', reading: 'same' },
      { ours: 'PG40', theirs: 'PG40BK', reading: 'family' },
    ]);
    expect(modelNumberLines('a', 'b', null)).toEqual([]);
  });
});
