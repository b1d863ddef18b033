/**
 * A schema.org Product (or ProductGroup) as a plain object -> the fields it states. JSON-LD gives
 * such objects directly; microdata and RDFa are read into the same shape (structured-data.ts),
 * so one reader interprets offers, AggregateOffer, several offers, sale and regular prices
 * (priceSpecification with a StrikethroughPrice / ListPrice, an Offer's highPrice) and variants.
 */
import { parseCurrency } from '../../feeds/price.ts';
import type { Availability, ExtractionWarning } from '../scrape-types.ts';
import { schemaAvailability, parseAvailability } from './availability.ts';
import { parseMachinePrice } from './price-text.ts';

export type SchemaNode = Record<string, unknown>;

export interface PartialProduct {
  name?: string;
  price?: number;
  regularPrice?: number;
  currency?: string;
  availability?: Availability;
  gtin?: string;
  mpn?: string;
  brand?: string;
  image?: string;
  canonicalUrl?: string;
}

export interface SchemaReading {
  fields: PartialProduct;
  warnings: ExtractionWarning[];
  /** A price stated as "on request" ('Call for price' in place of a number). */
  onRequest: boolean;
}

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** The type names of a node, without the vocabulary ('https://schema.org/Product' -> 'product'). */
export function typesOf(node: SchemaNode): string[] {
  return list(node['@type'] ?? node.type)
    .filter((type): type is string => typeof type === 'string')
    .map((type) =>
      type
        .replace(/^https?:\/\/(www\.)?schema\.org\//i, '')
        .replace(/^schema:/i, '')
        .toLowerCase(),
    );
}

const PRODUCT_TYPES = new Set([
  'product',
  'productgroup',
  'productmodel',
  'individualproduct',
  'vehicle',
  'car',
  'book',
]);
export const isProductNode = (node: SchemaNode) => typesOf(node).some((type) => PRODUCT_TYPES.has(type));

/** A text value: a string, a number, or a node's name / @value; the first of a list. */
export function textOf(value: unknown): string | undefined {
  for (const item of list(value)) {
    if (typeof item === 'string') {
      const text = item.replace(/\s+/g, ' ').trim();
      if (text) return text;
    } else if (typeof item === 'number') return String(item);
    else if (isNode(item)) {
      const text = textOf(item['@value'] ?? item.name);
      if (text) return text;
    }
  }
  return undefined;
}

export function absoluteUrl(value: string | undefined, pageUrl: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function urlOf(value: unknown, pageUrl: string): string | undefined {
  for (const item of list(value)) {
    const text =
      typeof item === 'string' ? item : isNode(item) ? textOf(item.url ?? item.contentUrl ?? item['@id']) : undefined;
    const url = absoluteUrl(text, pageUrl);
    if (url) return url;
  }
  return undefined;
}

/** GTIN digits (8, 12, 13 or 14 of them), from gtin13 / gtin / gtin14 / gtin12 / gtin8 / isbn. */
export function gtinOf(node: SchemaNode): string | undefined {
  for (const key of ['gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8', 'ean', 'isbn']) {
    const text = textOf(node[key]);
    if (!text) continue;
    const digits = text.replace(/^urn:gtin:|[\s-]/gi, '');
    if (/^(\d{8}|\d{12,14})$/.test(digits)) return digits;
  }
  return undefined;
}

interface OfferReading {
  price?: number;
  regularPrice?: number;
  currency?: string;
  availability?: Availability;
  onRequest: boolean;
  /** AggregateOffer low..high */
  range?: { low: number; high: number };
  url?: string;
}

const REGULAR_PRICE_TYPES = /(strikethroughprice|listprice|msrp|regularprice)$/i;

function currencyCode(value: unknown): string | undefined {
  const text = textOf(value);
  return text ? (parseCurrency(text) ?? undefined) : undefined;
}

function readPriceSpecifications(offer: SchemaNode, reading: OfferReading): void {
  for (const spec of list(offer.priceSpecification)) {
    if (!isNode(spec)) continue;
    const amount = parseMachinePrice(textOf(spec.price) ?? spec.price).amount ?? undefined;
    if (amount === undefined) continue;
    const type = textOf(spec.priceType) ?? '';
    if (REGULAR_PRICE_TYPES.test(type)) reading.regularPrice = amount;
    else if (reading.price === undefined) reading.price = amount;
    reading.currency ??= currencyCode(spec.priceCurrency);
  }
}

function readOffer(offer: SchemaNode, pageUrl: string): OfferReading {
  const reading: OfferReading = { onRequest: false };
  const types = typesOf(offer);
  const aggregate = types.includes('aggregateoffer');
  const priceValue = offer.price ?? (aggregate ? offer.lowPrice : undefined);
  const parsed = parseMachinePrice(
    isNode(priceValue) ? textOf(priceValue) : Array.isArray(priceValue) ? priceValue[0] : priceValue,
  );
  if (parsed.amount !== null) reading.price = parsed.amount;
  reading.onRequest = parsed.onRequest;
  reading.currency = currencyCode(offer.priceCurrency) ?? parsed.currency ?? undefined;
  readPriceSpecifications(offer, reading);
  const high = parseMachinePrice(textOf(offer.highPrice)).amount;
  if (aggregate) {
    const low = parseMachinePrice(textOf(offer.lowPrice)).amount ?? reading.price;
    if (low !== undefined && low !== null) reading.price = low;
    if (low !== undefined && low !== null && high !== null && high > low) reading.range = { low, high };
  } else if (high !== null && reading.price !== undefined && high > reading.price) {
    reading.regularPrice ??= high;
  }
  const availability = textOf(offer.availability);
  if (availability) reading.availability = schemaAvailability(availability) ?? parseAvailability(availability);
  reading.url = urlOf(offer.url, pageUrl);
  return reading;
}

/** An offer's own offers (AggregateOffer.offers) replace it when they state prices. */
function flattenOffers(value: unknown, pageUrl: string): OfferReading[] {
  const readings: OfferReading[] = [];
  for (const offer of list(value)) {
    if (!isNode(offer)) continue;
    const inner = list(offer.offers)
      .filter(isNode)
      .flatMap((child) => flattenOffers(child, pageUrl));
    const own = readOffer(offer, pageUrl);
    if (inner.some((reading) => reading.price !== undefined)) {
      for (const reading of inner) reading.currency ??= own.currency;
      readings.push(...inner);
    } else readings.push(own);
  }
  return readings;
}

const sameUrl = (a: string | undefined, b: string) => !!a && a.replace(/\/$/, '') === b.replace(/\/$/, '');
const formatAmount = (amount: number) => String(Math.round(amount * 100) / 100);

/** One offer from several: the one for this page's URL, else the lowest in stock, else the lowest. */
function chooseOffer(offers: OfferReading[], pageUrl: string, warnings: ExtractionWarning[]): OfferReading | undefined {
  const priced = offers.filter((offer) => offer.price !== undefined);
  if (!priced.length) return offers[0];
  const forPage = priced.filter((offer) => sameUrl(offer.url, pageUrl));
  if (forPage.length === 1) return forPage[0];
  const amounts = [...new Set(priced.map((offer) => offer.price!))];
  const inStock = priced.filter((offer) => offer.availability === 'in_stock');
  const pool = inStock.length ? inStock : priced;
  const chosen = pool.reduce((best, offer) => (offer.price! < best.price! ? offer : best));
  if (amounts.length > 1) {
    warnings.push({
      code: 'several_offers',
      message: `The page offers ${priced.length} prices from ${formatAmount(Math.min(...amounts))} to ${formatAmount(Math.max(...amounts))}; the lowest${inStock.length ? ' in stock' : ''} (${formatAmount(chosen.price!)}) is taken`,
      values: {
        count: priced.length,
        low: Math.min(...amounts),
        high: Math.max(...amounts),
        chosen: chosen.price!,
        inStock: inStock.length ? 'yes' : 'no',
      },
    });
  }
  if (chosen.availability === undefined) {
    const known = priced.map((offer) => offer.availability).filter(Boolean);
    if (known.includes('in_stock')) chosen.availability = 'in_stock';
    else if (known.length) chosen.availability = known[0];
  }
  return chosen;
}

export function readSchemaProduct(node: SchemaNode, pageUrl: string): SchemaReading {
  const warnings: ExtractionWarning[] = [];
  const fields: PartialProduct = {};
  const set = <K extends keyof PartialProduct>(key: K, value: PartialProduct[K] | undefined) => {
    if (value !== undefined && value !== '') fields[key] ??= value;
  };
  let offers = flattenOffers(node.offers, pageUrl);
  // A ProductGroup's variants: the variant for this page's URL, else one chosen by its offer.
  const variants = list(node.hasVariant).filter(isNode);
  let variant: SchemaNode | undefined;
  if (variants.length) {
    const byUrl = variants.find(
      (candidate) =>
        sameUrl(urlOf(candidate.url, pageUrl), pageUrl) ||
        flattenOffers(candidate.offers, pageUrl).some((offer) => sameUrl(offer.url, pageUrl)),
    );
    variant = byUrl ?? (variants.length === 1 ? variants[0] : undefined);
    if (variant) offers = flattenOffers(variant.offers, pageUrl);
    else if (!offers.some((offer) => offer.price !== undefined))
      offers = variants.flatMap((candidate) => flattenOffers(candidate.offers, pageUrl));
  }
  const offer = chooseOffer(offers, pageUrl, warnings);
  if (offer) {
    set('price', offer.price);
    set(
      'regularPrice',
      offer.regularPrice !== undefined && offer.price !== undefined && offer.regularPrice > offer.price
        ? offer.regularPrice
        : undefined,
    );
    set('currency', offer.currency);
    set('availability', offer.availability);
    if (offer.range) {
      warnings.push({
        code: 'price_range',
        message: `The page states a price range ${formatAmount(offer.range.low)} – ${formatAmount(offer.range.high)}; the lowest is taken`,
        values: { low: offer.range.low, high: offer.range.high },
      });
    }
  }
  const own = variant ?? node;
  set('name', textOf(own.name) ?? textOf(node.name));
  set('brand', textOf(own.brand) ?? textOf(node.brand) ?? textOf(node.manufacturer));
  set('gtin', gtinOf(own) ?? (variant || !variants.length ? gtinOf(node) : undefined));
  set('mpn', textOf(own.mpn) ?? (variant || !variants.length ? textOf(node.mpn) : undefined));
  set('image', urlOf(own.image, pageUrl) ?? urlOf(node.image, pageUrl));
  set('canonicalUrl', urlOf(own.url, pageUrl) ?? urlOf(node.url, pageUrl));
  if (!fields.availability) {
    const text = textOf(own.availability);
    if (text) set('availability', parseAvailability(text));
  }
  return { fields, warnings, onRequest: !!offer?.onRequest && offer.price === undefined };
}
