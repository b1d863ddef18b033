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

describe('normalizeText: decimal sizes keep their value', () => {
  // every way of writing one size reads as one word (README.md, normalize.ts)
  it.each([
    ['Laptop 15.6"', 'laptop 15.6in'],
    ['Laptop 15.6 in', 'laptop 15.6in'],
    ['Laptop 15.6in', 'laptop 15.6in'],
    ['Laptop 15.6 in.', 'laptop 15.6in'],
    ['Laptop 15.6-inch', 'laptop 15.6in'],
    ['Laptop 15.6-Inch Display', 'laptop 15.6in display'],
    ['Laptop 15.6 inches', 'laptop 15.6in'],
    ['Laptop 15,6"', 'laptop 15.6in'],
    ['Laptop 15.6″', 'laptop 15.6in'],
    ['Laptop 15.6”', 'laptop 15.6in'],
    ["Laptop 15.6''", 'laptop 15.6in'],
    ['Laptop 15.6"-Black', 'laptop 15.6in black'],
    ['TV 156"', 'tv 156in'],
    ['Monitor 24-inch', 'monitor 24in'],
    ['Jack 3.5 mm', 'jack 3.5mm'],
    ['Jack 3,5mm', 'jack 3.5mm'],
    ['Cable 0.5 mm', 'cable 0.5mm'],
    ['Cable 1.5 m', 'cable 1500mm'],
    ['Cable 2.5 cm', 'cable 25mm'],
    ['Cable 6.5-ft', 'cable 6.5ft'],
    ['Weight 1.5 lb', 'weight 1.5lb'],
    ['Weight 2.25 lbs', 'weight 2.25lb'],
    ['Can 12.5 oz', 'can 12.5oz'],
    ['Can 0.5 oz', 'can 0.5oz'],
    ['Battery 3.7 V', 'battery 3.7v'],
    ['Battery 2x1.5V', 'battery 2x1.5v'],
    ['Speaker 2.5 W', 'speaker 2.5w'],
    ['Heater 0.75 kW', 'heater 750w'],
    ['Battery 2.6 mAh', 'battery 2.6mah'],
    ['Disk 2.5 TB', 'disk 2500000mb'],
    ['Card 0.5 GB', 'card 500mb'],
    ['Card 1.5 MB', 'card 1.5mb'],
    ['Router 2.4 GHz', 'router 2400000000hz'],
    ['Voda 0.33 l', 'voda 330ml'],
    ['Voda 6 x 0,33 l', 'voda 6x330ml'],
    ['Sirup 0.25 ml', 'sirup 0.25ml'],
    ['Mouka 0.5 g', 'mouka 0.5g'],
    ['Motor 5.5 ft', 'motor 5.5ft'],
    ['Drive 7.2 rpm', 'drive 7.2rpm'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it.each([
    ['a code with a decimal number stays a code', 'Canon PG-1.5mm', 'canon pg15mm'],
    ['a decimal without a unit stays', 'Version 2.0 Bluetooth 5.1', 'version 2.0 bluetooth 5.1'],
    ['codes keep losing their separators', 'Wi-Fi 802.11n', 'wi fi 80211n'],
    ['a Wi-Fi standard is no mass', 'Wi-Fi 802.11g', 'wi fi 80211g'],
    ['Wi-Fi standards', 'Router 802.11b/g 802.11 g', 'router 80211bg 802.11 g'],
    ['three in one', 'Printer 3-in-1', 'printer 3in1'],
  ])('%s: %s -> %s', (_, input, expected) => {
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
