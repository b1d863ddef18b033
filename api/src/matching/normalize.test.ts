import { describe, expect, it } from 'vitest';
import { foldCase, normalizeText, words } from './normalize.ts';

describe('foldCase', () => {
  it.each([
    ['Žluťoučký KŮŇ', 'zlutoucky kun'],
    ['Crème Brûlée', 'creme brulee'],
    ['Straße', 'strasse'],
    ['PLAIN', 'plain'],
  ])('%s -> %s', (input, expected) => {
    expect(foldCase(input)).toBe(expected);
  });
});

describe('normalizeText', () => {
  it.each([
    ['Mléko polotučné 1 l', 'mleko polotucne 1000ml'],
    ['Mleko polotucne 1000 ml', 'mleko polotucne 1000ml'],
    ['Pivo 6x0,5 l', 'pivo 6x500ml'],
    ['Pivo 6 x 500ml', 'pivo 6x500ml'],
    ['Mouka 1,5 kg', 'mouka 1500g'],
    ['Cable 2 m', 'cable 2000mm'],
    ['Sony Turntable - PSLX350H', 'sony turntable pslx350h'],
    ['Sony PS-LX350H Belt Drive', 'sony pslx350h belt drive'],
    ['Panasonic CGA-S007A/1B Battery', 'panasonic cgas007a1b battery'],
    ['Washer/Dryer Stacking Kit', 'washer dryer stacking kit'],
    ['Wireless-N Router', 'wireless n router'],
    ['Cena 1 299,90 Kč', 'cena 1 299.90 kc'],
    ['Version 2.0.', 'version 2.0'],
    ['802.11n Wi-Fi', '80211n wi fi'],
    ['  many   spaces  ', 'many spaces'],
    ['TV 55"', 'tv 55in'],
    ['Canon CLI-8M Ink', 'canon cli8m ink'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('words', () => {
  it.each([
    ['', []],
    ['a b', ['a', 'b']],
  ])('%j -> %j', (input, expected) => {
    expect(words(input)).toEqual(expected);
  });
});
