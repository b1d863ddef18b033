import { describe, expect, it } from 'vitest';
import { CsvFileError, parseCompetitorProductsCsv } from './competitor-products-csv.ts';

const HEADER = 'external_id,name,brand,ean,mpn,price,currency,availability,url';

describe('parseCompetitorProductsCsv', () => {
  it('reads valid rows, normalized', () => {
    const { rows, errors, total } = parseCompetitorProductsCsv(
      `${HEADER}\nA1,"Stan Alpine 2, zelený",Alpine,8594001234561,AL-2,"1 299,90 Kč",czk,skladem,https://x.example/a1\n`,
    );
    expect(errors).toEqual([]);
    expect(total).toBe(1);
    expect(rows).toEqual([
      {
        line: 2,
        externalId: 'A1',
        name: 'Stan Alpine 2, zelený',
        brand: 'Alpine',
        gtin: '08594001234561',
        mpn: 'AL-2',
        price: 1299.9,
        currency: 'CZK',
        availability: 'in_stock',
        url: 'https://x.example/a1',
      },
    ]);
  });

  it.each([
    ['external_id', ',Name,,,,10,,,', 'REQUIRED', {}],
    ['external_id', `${'x'.repeat(201)},Name,,,,10,,,`, 'TOO_LONG', { max: 200 }],
    ['name', 'X1,,,,,10,,,', 'REQUIRED', {}],
    ['name', `X1,${'n'.repeat(501)},,,,10,,,`, 'TOO_LONG', { max: 500 }],
    ['ean', 'X1,Name,,8594001234568,,10,,,', 'NOT_A_GTIN', {}],
    ['price', 'X1,Name,,,,,,,', 'REQUIRED', {}],
    ['price', 'X1,Name,,,,abc,,,', 'NOT_A_PRICE', { text: 'abc' }],
    ['price', 'X1,Name,,,,-5,,,', 'NOT_A_PRICE', { text: '-5' }],
    ['price', 'X1,Name,,,,0,,,', 'NOT_A_PRICE', { text: '0' }],
    ['price', 'X1,Name,,,,"0,00 Kč",,,', 'NOT_A_PRICE', { text: '0,00 Kč' }],
    ['price', 'X1,Name,,,,0.0049,,,', 'NOT_A_PRICE', { text: '0.0049' }],
    ['price', 'X1,Name,,,,10000000000,,,', 'NOT_A_PRICE', { text: '10000000000' }],
    ['currency', 'X1,Name,,,,10,euro,,', 'NOT_A_CURRENCY', {}],
    ['availability', 'X1,Name,,,,10,,maybe,', 'NOT_AN_AVAILABILITY', {}],
    ['url', 'X1,Name,,,,10,,,javascript:alert(1)', 'NOT_AN_ADDRESS', {}],
  ])('reports a bad %s with its line and code (%#), and skips the row', (field, row, code, values) => {
    const { rows, errors } = parseCompetitorProductsCsv(`${HEADER}\nOK,Fine,,,,1,,,\n${row}\n`);
    expect(rows.map((r) => r.externalId)).toEqual(['OK']);
    expect(errors).toEqual([{ line: 3, field, code, reason: expect.any(String), ...values }]);
  });

  it('takes a price from one cent to the largest numeric(12, 2) holds (a price of 0 is no price: migration 113)', () => {
    const { rows, errors } = parseCompetitorProductsCsv(
      `${HEADER}\nA,One cent,,,,0.01,,,\nB,Dearest,,,,9999999999.99,,,\n`,
    );
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.price)).toEqual([0.01, 9_999_999_999.99]);
    expect(parseCompetitorProductsCsv(`${HEADER}\nZ,Zero,,,,0,,,\n`).errors[0]!.reason).toBe(
      'is no price from 0.01 to 9,999,999,999.99 (a price of 0 is no price): "0"',
    );
  });

  it('reports a repeated external_id; lines count multi-line fields', () => {
    const { rows, errors } = parseCompetitorProductsCsv(`${HEADER}\nA,"two\nlines",,,,1,,,\nA,Again,,,,2,,,\n`);
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([
      { line: 4, field: 'external_id', code: 'REPEATS', reason: 'repeats line 2', firstLine: 2 },
    ]);
  });

  it('keeps HTML as text', () => {
    expect(parseCompetitorProductsCsv(`${HEADER}\nH,<b>bold</b>,,,,1,,,\n`).rows[0]!.name).toBe('<b>bold</b>');
  });

  it.each([
    ['', /empty/],
    ['external_id,name\nA,B\n', /price/],
    [`${HEADER}\n"open,quote\n`, /not closed/],
  ])('refuses a bad file %j', (text, reason) => {
    expect(() => parseCompetitorProductsCsv(text)).toThrow(CsvFileError);
    expect(() => parseCompetitorProductsCsv(text)).toThrow(reason);
  });
});
