import { describe, expect, it } from 'vitest';
import { createInput, formValuesOf, isHttpUrl, NEW_COMPETITOR, updateInput } from './competitorInput.ts';
import type { CompetitorRow } from './queries.ts';

const competitor: CompetitorRow = {
  id: 'c1',
  name: 'Alza.cz',
  url: 'https://www.alza.cz.example',
  matchingMode: 'confirmation',
  active: true,
  scrapingFrequency: 'daily',
  createdAt: '2026-01-01T00:00:00.000Z',
  productsCount: 3,
  lastDataAt: null,
};

describe('isHttpUrl', () => {
  it.each([
    ['https://shop.example', true],
    ['http://shop.example/path?q=1', true],
    ['  https://shop.example  ', true],
    ['shop.example', false],
    ['ftp://shop.example', false],
    ['javascript:alert(1)', false],
    ['https://', false],
    ['', false],
  ])('%j -> %s', (text, ok) => {
    expect(isHttpUrl(text)).toBe(ok);
  });
});

describe('createInput', () => {
  it('trims the name and address and keeps the choices', () => {
    expect(createInput({ ...NEW_COMPETITOR, name: '  Shop ', url: ' https://shop.example ' })).toEqual({
      name: 'Shop',
      url: 'https://shop.example',
      matchingMode: 'confirmation',
      active: true,
      scrapingFrequency: 'daily',
    });
  });
});

describe('updateInput', () => {
  it('is empty when nothing changed (spaces around the name do not count)', () => {
    expect(updateInput(competitor, { ...formValuesOf(competitor), name: ' Alza.cz ' })).toEqual({});
  });

  it('holds only the changed fields', () => {
    expect(updateInput(competitor, { ...formValuesOf(competitor), matchingMode: 'automatic', active: false })).toEqual({
      matchingMode: 'automatic',
      active: false,
    });
    expect(updateInput(competitor, { ...formValuesOf(competitor), url: 'https://alza.example ' })).toEqual({
      url: 'https://alza.example',
    });
  });
});
