/**
 * Availability as structured data (schema.org ItemAvailability, as a URL or a bare name) or as
 * a shop's text in Czech, English or German -> in stock / out of stock / unknown. A buyer who can
 * order the product now and gets it shipped is "in stock"; back-order and pre-order are not.
 */
import type { Availability } from '../scrape-types.ts';

const SCHEMA: Record<string, Availability> = {
  instock: 'in_stock',
  instoreonly: 'in_stock',
  onlineonly: 'in_stock',
  limitedavailability: 'in_stock',
  madetoorder: 'in_stock',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  discontinued: 'out_of_stock',
  backorder: 'out_of_stock',
  preorder: 'out_of_stock',
  presale: 'out_of_stock',
  reserved: 'out_of_stock',
  // OpenGraph / Facebook catalogue values
  'in stock': 'in_stock',
  'out of stock': 'out_of_stock',
  'available for order': 'out_of_stock',
  preorder_: 'out_of_stock',
  discontinued_: 'out_of_stock',
};

/** Negative phrases first: "není skladem" contains "skladem". */
const OUT_OF_STOCK = [
  /\bout of stock\b/,
  /\bsold out\b/,
  /\bnot available\b/,
  /\bunavailable\b/,
  /\bcurrently unavailable\b/,
  /\bno longer available\b/,
  /\bdiscontinued\b/,
  /\bpre-?order\b/,
  /\bback-?order\b/,
  /\bnení skladem\b/,
  /\bneni skladem\b/,
  /\bvyprodáno\b/,
  /\bvyprodano\b/,
  /\bnedostupn/,
  /\bna objednávku\b/,
  /\bna objednavku\b/,
  /\bukončen/,
  /\bpředprodej\b/,
  /\bnicht lieferbar\b/,
  /\bnicht verfügbar\b/,
  /\bnicht auf lager\b/,
  /\bnicht vorrätig\b/,
  /\bausverkauft\b/,
  /\bvergriffen\b/,
  /\bvorbestell/,
  /\bderzeit nicht\b/,
];
const IN_STOCK = [
  /\bin stock\b/,
  /\bavailable\b/,
  /\bships (today|tomorrow|in)\b/,
  /\bready to ship\b/,
  /\bskladem\b/,
  /\bna skladě/,
  /\bna sklade\b/,
  /\bk odběru\b/,
  /\bdostupn[éáý]/,
  /\bihned\b/,
  /\bexpedujeme\b/,
  /\bauf lager\b/,
  /\blieferbar\b/,
  /\bsofort\b/,
  /\bvorrätig\b/,
  /\bverfügbar\b/,
];

/** schema.org value ('https://schema.org/InStock', 'http://schema.org/OutOfStock', 'InStock'), or null when it is none. */
export function schemaAvailability(value: string): Availability | null {
  const trimmed = value.trim();
  const name = trimmed
    .replace(/^https?:\/\/(www\.)?schema\.org\//i, '')
    .replace(/^schema:/i, '')
    .toLowerCase();
  if (name in SCHEMA) return SCHEMA[name]!;
  if (`${name}_` in SCHEMA) return SCHEMA[`${name}_`]!;
  return null;
}

export function parseAvailability(value: string | null | undefined): Availability {
  if (!value) return 'unknown';
  const schema = schemaAvailability(value);
  if (schema) return schema;
  const text = value.replace(/\s+/g, ' ').trim().toLowerCase();
  if (OUT_OF_STOCK.some((pattern) => pattern.test(text))) return 'out_of_stock';
  if (IN_STOCK.some((pattern) => pattern.test(text))) return 'in_stock';
  return 'unknown';
}
