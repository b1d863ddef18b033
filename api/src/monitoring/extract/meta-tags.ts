/**
 * OpenGraph and product meta tags (`og:title`, `og:image`, `og:url`, `product:price:amount`,
 * `product:price:currency`, `product:availability`, `product:brand`, `product:sale_price:amount`,
 * `product:original_price:amount`, ...) and `<link rel="canonical">`.
 */
import type { CheerioAPI } from 'cheerio';
import { parseCurrency } from '../../feeds/price.ts';
import { parseAvailability } from './availability.ts';
import { parseMachinePrice } from './price-text.ts';
import { absoluteUrl, type PartialProduct } from './schema-product.ts';
import { indexDocument } from './structured-data.ts';

export function readMetaTags($: CheerioAPI, pageUrl: string): { fields: PartialProduct; onRequest: boolean } {
  const meta = new Map<string, string>();
  const index = indexDocument($);
  for (const element of index.metas) {
    const key = (element.attribs.property ?? element.attribs.name ?? '').trim().toLowerCase();
    const content = element.attribs.content?.trim();
    if (key && content && !meta.has(key)) meta.set(key, content);
  }
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value !== undefined);
  const fields: PartialProduct = {};
  const ogType = meta.get('og:type')?.toLowerCase();
  const productPage =
    ogType === 'product' || ogType === 'og:product' || [...meta.keys()].some((key) => key.startsWith('product:'));
  if (productPage) {
    const name = first('og:title', 'twitter:title');
    if (name) fields.name = name;
  }
  const image = absoluteUrl(first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image'), pageUrl);
  if (image) fields.image = image;
  const canonical = absoluteUrl(index.canonicalLinks[0]?.attribs.href ?? first('og:url'), pageUrl);
  if (canonical) fields.canonicalUrl = canonical;

  const sale = parseMachinePrice(first('product:sale_price:amount', 'og:sale_price:amount'));
  const price = parseMachinePrice(first('product:price:amount', 'og:price:amount', 'product:price'));
  const original = parseMachinePrice(first('product:original_price:amount', 'product:regular_price:amount'));
  const amount = sale.amount ?? price.amount;
  if (amount !== null) fields.price = amount;
  const regular = sale.amount !== null && price.amount !== null ? price.amount : original.amount;
  if (regular !== null && amount !== null && regular > amount) fields.regularPrice = regular;
  const currencyText = first('product:sale_price:currency', 'product:price:currency', 'og:price:currency');
  const currency = (currencyText && parseCurrency(currencyText)) ?? sale.currency ?? price.currency;
  if (currency && amount !== null) fields.currency = currency;
  const availability = first('product:availability', 'og:availability');
  if (availability) fields.availability = parseAvailability(availability);
  const brand = first('product:brand', 'og:brand');
  if (brand) fields.brand = brand;
  const gtin = first('product:ean', 'product:gtin', 'product:upc', 'product:isbn')?.replace(/[\s-]/g, '');
  if (gtin && /^(\d{8}|\d{12,14})$/.test(gtin)) fields.gtin = gtin;
  const mpn = first('product:mfr_part_no', 'product:mpn');
  if (mpn) fields.mpn = mpn;
  return { fields, onRequest: amount === null && (price.onRequest || sale.onRequest) };
}
