import { describe, expect, it } from 'vitest';
import { validateRow } from './row.ts';

const GOOD = { id: 'A-1', name: 'Tent 2P', price: '1 299,90 Kč', gtin: '4006381333931' };

describe('validateRow', () => {
  it('a good row becomes a product (GTIN to 14 digits, price and currency parsed)', () => {
    expect(
      validateRow({ ...GOOD, brand: ' Husky ', url: 'https://shop.example/a-1', availability: 'in stock', stock: '3' }),
    ).toEqual({
      product: {
        itemId: 'A-1',
        name: 'Tent 2P',
        brand: 'Husky',
        gtin: '04006381333931',
        mpn: null,
        category: null,
        price: 1299.9,
        cost: null,
        map: null,
        rrp: null,
        currency: 'CZK',
        stock: 3,
        availability: 'in_stock',
        url: 'https://shop.example/a-1',
        imageUrl: null,
      },
    });
  });

  it('cost, MAP and RRP are read like the price (the bounds of price suggestions)', () => {
    expect(validateRow({ ...GOOD, cost: '900,50', map: '1 100', rrp: '1499.00 CZK' })).toMatchObject({
      product: { cost: 900.5, map: 1100, rrp: 1499 },
    });
    expect(validateRow({ ...GOOD, map: 'cheap' })).toMatchObject({ problems: [{ field: 'map' }] });
  });

  it.each([
    ['Tent 2P', 'Tent 2P'],
    [' Tent 2P ', 'Tent 2P'],
    ['Tent  2P', 'Tent 2P'],
    ['Tent\t2P', 'Tent 2P'],
    ['Tent \n 2P', 'Tent 2P'],
    ['Tent\u00a02P', 'Tent 2P'],
    ['\ufeffTent 2P\u3000', 'Tent 2P'],
    ['Te\u0007nt 2P\u007f', 'Tent 2P'],
    ['Tent \u0000 2P', 'Tent 2P'],
  ])('the name %j is kept as %j (control characters go, whitespace runs become one space)', (name, kept) => {
    expect(validateRow({ ...GOOD, name })).toMatchObject({ product: { name: kept } });
  });

  it.each([
    ['missing id', { ...GOOD, id: '' }, 'id', 'MISSING', undefined, 'is missing'],
    ['blank id', { ...GOOD, id: '   ' }, 'id', 'MISSING', undefined, 'is missing'],
    ['missing name', { ...GOOD, name: undefined }, 'name', 'MISSING', undefined, 'is missing'],
    ['missing price', { ...GOOD, price: undefined }, 'price', 'MISSING', undefined, 'is missing'],
    ['negative price', { ...GOOD, price: '-12.50' }, 'price', 'NEGATIVE', undefined, 'must not be negative'],
    ['no price', { ...GOOD, price: 'call us' }, 'price', 'NOT_A_PRICE', { text: 'call us' }, 'is not a price'],
    ['price too large', { ...GOOD, price: '99999999999' }, 'price', 'TOO_LARGE', undefined, 'is too large'],
    ['unknown currency symbol', { ...GOOD, price: '12 XYZ' }, 'price', 'UNKNOWN_CURRENCY', { text: 'XYZ' }, 'unknown'],
    [
      'invalid EAN (check digit)',
      { ...GOOD, gtin: '4006381333932' },
      'gtin',
      'WRONG_CHECK_DIGIT',
      { text: '4006381333932' },
      'has a wrong check digit',
    ],
    ['invalid EAN (length)', { ...GOOD, gtin: '12345' }, 'gtin', 'NOT_A_GTIN', { text: '12345' }, 'is not an EAN/GTIN'],
    [
      'currency that contradicts the price',
      { ...GOOD, price: '12 €', currency: 'CZK' },
      'price',
      'OTHER_CURRENCY',
      { currency: 'EUR', rowCurrency: 'CZK' },
      'is in EUR',
    ],
    [
      'unknown currency',
      { ...GOOD, currency: 'Kronen' },
      'currency',
      'NOT_A_CURRENCY',
      { text: 'Kronen' },
      'is no currency code',
    ],
    ['stock', { ...GOOD, stock: 'many' }, 'stock', 'NOT_A_WHOLE_NUMBER', { text: 'many' }, 'is not a whole number'],
    ['url', { ...GOOD, url: 'javascript:alert(1)' }, 'url', 'NOT_A_URL', undefined, 'must be an http(s) URL'],
    ['long id', { ...GOOD, id: 'x'.repeat(201) }, 'id', 'TOO_LONG', { max: 200 }, 'is longer than 200 characters'],
  ])('%s is a problem of the row (%s, %s)', (_case, fields, field, code, params, reason) => {
    const result = validateRow(fields);
    expect('problems' in result).toBe(true);
    if ('problems' in result)
      expect(result.problems).toContainEqual({
        field,
        code,
        reason: expect.stringContaining(reason),
        ...(params ? { params } : {}),
      });
  });

  it('keeps the item id of a rejected row (so the product is not deactivated)', () => {
    expect(validateRow({ ...GOOD, price: '-1' })).toMatchObject({ itemId: 'A-1' });
  });

  it('reports every problem of a row', () => {
    const result = validateRow({ id: '', name: 'x', price: '-1', gtin: '1' });
    expect('problems' in result && result.problems.map((p) => p.field)).toEqual(['id', 'price', 'gtin']);
  });

  it.each([
    ['12,50 Kč', 12.5, 'CZK'],
    ['12.50 CZK', 12.5, 'CZK'],
    ['9.99 EUR', 9.99, 'EUR'],
    ['0', 0, 'CZK'],
  ])('price %s -> %s %s', (price, amount, currency) => {
    expect(validateRow({ ...GOOD, price })).toMatchObject({ product: { price: amount, currency } });
  });

  it('keeps HTML in a name as text, as written', () => {
    const name = '<b>Bold</b> tent <script>alert(1)</script> &amp; more';
    expect(validateRow({ ...GOOD, name })).toMatchObject({ product: { name } });
  });

  it.each([
    ['in_stock', 'in_stock'],
    ['out of stock', 'out_of_stock'],
    ['preorder', 'preorder'],
    ['0', 'in_stock'],
    ['7', 'preorder'],
    ['2026-12-01', 'preorder'],
    ['whenever', 'unknown'],
  ])('availability %s -> %s', (availability, expected) => {
    expect(validateRow({ ...GOOD, availability })).toMatchObject({ product: { availability: expected } });
  });
});
