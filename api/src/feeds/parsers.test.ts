import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csv-rows.ts';
import { FeedFileError, type RawRow } from './fields.ts';
import { MAX_ITEM_CHARS, readXmlRows, type XmlFormat } from './xml-rows.ts';

/** The text in chunks of `size` characters (so items and tags are cut across chunks). */
const streamOf = (text: string, size = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size))),
  );

async function collect(batches: AsyncGenerator<RawRow[]>): Promise<RawRow[]> {
  const all: RawRow[] = [];
  for await (const rows of batches) all.push(...rows);
  return all;
}
async function failure(rows: AsyncGenerator<RawRow[]>): Promise<FeedFileError> {
  try {
    await collect(rows);
  } catch (error) {
    if (error instanceof FeedFileError) return error;
    throw error;
  }
  throw new Error('expected the file to fail');
}

const GOOGLE = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
<title>Shop</title>
<link>https://shop.example</link>
<item>
  <g:id>A1</g:id>
  <g:title><![CDATA[<b>Tent</b> 2P]]></g:title>
  <g:brand>Husky &amp; Co</g:brand>
  <g:gtin>4006381333931</g:gtin>
  <g:mpn>T-2</g:mpn>
  <g:price>12.50 CZK</g:price>
  <g:google_product_category>Sporting Goods</g:google_product_category>
  <g:product_type>Outdoor &gt; Tents</g:product_type>
  <g:availability>in_stock</g:availability>
  <g:link>https://shop.example/a1</g:link>
  <g:image_link>https://shop.example/a1.jpg</g:image_link>
  <g:shipping><g:price>99 CZK</g:price></g:shipping>
</item>
<item>
  <g:id>A2</g:id>
  <g:title>Stove</g:title>
  <g:price>1 & 2</g:price>
</item>
<item><g:id>A3</g:id><title>Mat</title><g:price>5 CZK</g:price></item>
</channel>
</rss>
`;

const HEUREKA = `<?xml version="1.0" encoding="utf-8"?>
<SHOP>
  <SHOPITEM>
    <ITEM_ID>H1</ITEM_ID>
    <PRODUCTNAME>Batoh 30 l</PRODUCTNAME>
    <PRODUCT>Batoh 30 l modrý</PRODUCT>
    <MANUFACTURER>Deuter</MANUFACTURER>
    <EAN>4046051112343</EAN>
    <PRODUCTNO>D-30</PRODUCTNO>
    <PRICE_VAT>1 290</PRICE_VAT>
    <CATEGORYTEXT>Batohy | Turistické</CATEGORYTEXT>
    <URL>https://shop.example/h1</URL>
    <IMGURL>https://shop.example/h1.jpg</IMGURL>
    <DELIVERY_DATE>0</DELIVERY_DATE>
    <PARAM><PARAM_NAME>Barva</PARAM_NAME><VAL>modrá</VAL></PARAM>
  </SHOPITEM>
  <SHOPITEM><ITEM_ID>H2</ITEM_ID><PRODUCT>Lahev</PRODUCT><PRICE_VAT>199,90</PRICE_VAT></SHOPITEM>
</SHOP>`;

describe('readXmlRows', () => {
  it.each([1, 7, 100, 100_000])('reads a Google Merchant feed in chunks of %i characters', async (size) => {
    const rows = await collect(readXmlRows(streamOf(GOOGLE, size), 'google_xml'));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      line: 6,
      fields: {
        id: 'A1',
        name: '<b>Tent</b> 2P',
        brand: 'Husky & Co',
        gtin: '4006381333931',
        mpn: 'T-2',
        price: '12.50 CZK',
        category: 'Outdoor > Tents',
        availability: 'in_stock',
        url: 'https://shop.example/a1',
        image: 'https://shop.example/a1.jpg',
      },
    });
    // A broken element spoils its own row only, with its position.
    expect(rows[1]).toMatchObject({
      line: 20,
      fields: { id: 'A2', name: 'Stove' },
      broken: {
        field: 'price',
        code: 'BROKEN_XML',
        reason: expect.stringMatching(/broken XML element <g:price> at line \d+, column \d+/),
        params: expect.objectContaining({
          element: 'g:price',
          errorLine: expect.any(Number),
          detail: expect.any(String),
        }),
      },
    });
    expect(rows[2]).toEqual({ line: 25, fields: { id: 'A3', name: 'Mat', price: '5 CZK' } });
  });

  it.each([
    [
      'google_xml',
      '<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>C1</g:id><g:title>Tent</g:title><g:price>1299 CZK</g:price><g:cost_of_goods_sold>900 CZK</g:cost_of_goods_sold><g:map_price>1100 CZK</g:map_price><g:rrp>1499 CZK</g:rrp></item></channel></rss>',
    ],
    [
      'heureka_xml',
      '<SHOP><SHOPITEM><ITEM_ID>C1</ITEM_ID><PRODUCTNAME>Tent</PRODUCTNAME><PRICE_VAT>1299 CZK</PRICE_VAT><COST>900 CZK</COST><PRICE_MAP>1100 CZK</PRICE_MAP><PRICE_RRP>1499 CZK</PRICE_RRP></SHOPITEM></SHOP>',
    ],
  ] as const)('reads cost, MAP and RRP from a %s feed', async (format, text) => {
    const rows = await collect(readXmlRows(streamOf(text, 11), format));
    expect(rows.map((r) => r.fields)).toEqual([
      { id: 'C1', name: 'Tent', price: '1299 CZK', cost: '900 CZK', map: '1100 CZK', rrp: '1499 CZK' },
    ]);
  });

  it('reads a Heureka feed (PRODUCTNAME before PRODUCT, nested PARAM ignored)', async () => {
    const rows = await collect(readXmlRows(streamOf(HEUREKA, 13), 'heureka_xml'));
    expect(rows.map((r) => r.fields)).toEqual([
      {
        id: 'H1',
        name: 'Batoh 30 l',
        brand: 'Deuter',
        gtin: '4046051112343',
        mpn: 'D-30',
        price: '1 290',
        category: 'Batohy | Turistické',
        url: 'https://shop.example/h1',
        image: 'https://shop.example/h1.jpg',
        availability: '0',
      },
      { id: 'H2', name: 'Lahev', price: '199,90' },
    ]);
    expect(rows.map((r) => r.line)).toEqual([3, 17]);
  });

  it('searches each character once: a 2 MB item read in 2 KB chunks is not rescanned per chunk', async () => {
    const description = 'x'.repeat(2 * 1024 * 1024);
    const text = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n<item><g:id>BIG</g:id><description>${description}</description>\n<g:price>5 CZK</g:price></item>\n<item><g:id>NEXT</g:id></item>\n</channel></rss>`;
    let scanned = 0;
    const rows = await collect(
      readXmlRows(streamOf(text, 2048), 'google_xml', { onScan: (characters) => (scanned += characters) }),
    );
    expect(rows).toEqual([
      { line: 2, fields: { id: 'BIG', price: '5 CZK' } },
      { line: 4, fields: { id: 'NEXT' } },
    ]);
    // Read once (a few characters of each chunk twice, for a closing tag cut in two); per-chunk
    // rescans from the item's start would search about 1,000 times the item.
    expect(scanned).toBeGreaterThan(text.length * 0.9);
    expect(scanned).toBeLessThan(text.length * 1.1);
  });

  it('refuses an item that does not close within the limit, however it is chunked', async () => {
    const text = `<rss><channel>\n<item><g:id>A</g:id><description>${'y'.repeat(MAX_ITEM_CHARS + 10)}`;
    const error = await failure(readXmlRows(streamOf(text, 64 * 1024), 'google_xml'));
    expect(error.message).toContain('not closed within 4 MB');
    expect(error.failure).toEqual({ code: 'XML_ELEMENT_TOO_LONG', values: { element: 'item', megabytes: 4 } });
    expect(error.line).toBe(2);
  });

  it.each<[string, string, XmlFormat, number, string, FeedFileError['failure']]>([
    [
      'truncated inside an item',
      GOOGLE.slice(0, GOOGLE.indexOf('<g:title>Stove')),
      'google_xml',
      20,
      'ends inside the <item>',
      { code: 'XML_TRUNCATED', values: { element: 'item' } },
    ],
    [
      'truncated after an item',
      GOOGLE.slice(0, GOOGLE.indexOf('</channel>')),
      'google_xml',
      26,
      'ends before its root element closes',
      { code: 'XML_ROOT_NOT_CLOSED', values: { items: expect.any(Number) } },
    ],
    [
      'not a feed',
      '<html><body>Not found</body></html>',
      'google_xml',
      1,
      'is not a Google Merchant feed',
      { code: 'NOT_THIS_FORMAT', values: { format: 'GOOGLE_XML' } },
    ],
    [
      'a Google feed read as Heureka',
      GOOGLE,
      'heureka_xml',
      1,
      'is not a Heureka feed',
      { code: 'NOT_THIS_FORMAT', values: { format: 'HEUREKA_XML' } },
    ],
  ])('fails the file when %s, with the line', async (_case, text, format, line, message, failed) => {
    const error = await failure(readXmlRows(streamOf(text, 5), format));
    expect(error.message).toContain(message);
    expect(error.failure).toEqual(failed);
    expect(error.line).toBe(line);
  });
});

describe('readCsvRows', () => {
  const CSV =
    'ITEM,Name,Cena,EAN\nA1,Tent,"12,50 Kč",4006381333931\nA2,"Two\nlines",5,\nA3,Short\nA4,Rope,1,,extra\nA5,Mat,3,\n';
  it("reads mapped columns with the first line of each record; bad records are their rows' problems", async () => {
    const rows = await collect(
      readCsvRows(streamOf(CSV, 5), { mapping: { id: 'ITEM', name: 'name', price: 'Cena', gtin: 'EAN' } }),
    );
    expect(rows[0]).toEqual({ line: 2, fields: { id: 'A1', name: 'Tent', price: '12,50 Kč', gtin: '4006381333931' } });
    expect(rows[1]).toEqual({ line: 3, fields: { id: 'A2', name: 'Two\nlines', price: '5', gtin: '' } });
    expect(rows[2]).toMatchObject({
      line: 5,
      fields: { id: 'A3' },
      broken: {
        field: 'row',
        code: 'WRONG_FIELD_COUNT',
        reason: 'has 2 fields, the header has 4',
        params: { fieldCount: 2, expectedFieldCount: 4 },
      },
    });
    expect(rows[3]).toMatchObject({
      line: 6,
      fields: { id: 'A4' },
      broken: {
        field: 'row',
        code: 'WRONG_FIELD_COUNT',
        reason: 'has 5 fields, the header has 4',
        params: { fieldCount: 5, expectedFieldCount: 4 },
      },
    });
    expect(rows[4]).toEqual({ line: 7, fields: { id: 'A5', name: 'Mat', price: '3', gtin: '' } });
  });

  it('reads semicolon files by our field names when there is no mapping', async () => {
    const rows = await collect(
      readCsvRows(streamOf('\ufeffid;name;price\n1;A;2\n'), { mapping: null, delimiter: ';' }),
    );
    expect(rows).toEqual([{ line: 2, fields: { id: '1', name: 'A', price: '2' } }]);
  });

  it.each([
    [
      'a mapped column is missing',
      'ITEM,Name\n1,A\n',
      { id: 'ITEM', name: 'Name', price: 'Cena' },
      1,
      'no column "Cena"',
      { code: 'CSV_NO_COLUMN', values: { column: 'Cena' } },
    ],
    [
      'a quote is left open',
      'ITEM,Name,Cena\n1,A,2\n2,"B,3\n',
      { id: 'ITEM', name: 'Name', price: 'Cena' },
      3,
      'Broken CSV',
      { code: 'CSV_BROKEN', values: { detail: expect.stringContaining('Quote Not Closed') } },
    ],
    ['the file is empty', '', null, 1, 'empty', { code: 'CSV_EMPTY' }],
  ])('fails the file when %s', async (_case, text, mapping, line, message, failed) => {
    const error = await failure(readCsvRows(streamOf(text), { mapping }));
    expect(error.message).toContain(message);
    expect(error.failure).toEqual(failed);
    expect(error.line).toBe(line);
  });
});
