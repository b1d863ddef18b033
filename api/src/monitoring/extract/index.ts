/**
 * A product page's HTML -> the product's fields, each reporting the strategy that produced it,
 * tried in order: the scraper's rules marked `override`, schema.org JSON-LD, microdata, RDFa,
 * OpenGraph / product meta tags, then the scraper's other rules. Pure: no I/O.
 * See README-scraping.md.
 */
import { type CheerioAPI, load } from 'cheerio';
import { parseCurrency } from '../../feeds/price.ts';
import {
  PRODUCT_FIELDS,
  type ExtractedProduct,
  type ExtractionSource,
  type ExtractionWarning,
  type ProductField,
  type ScraperSettings,
} from '../scrape-types.ts';
import { parseAvailability } from './availability.ts';
import { readMetaTags } from './meta-tags.ts';
import { parseMachinePrice, parseShopPrice, statesPriceOnRequest, type ShopPrice } from './price-text.ts';
import { RuleReader } from './rules.ts';
import { absoluteUrl, readSchemaProduct, type PartialProduct, type SchemaNode } from './schema-product.ts';
import { jsonLdProducts, microdataProducts, rdfaProducts, visibleText } from './structured-data.ts';

export { detectBlockPage } from './block-page.ts';

/** htmlparser2 (forgiving, several times faster than a spec parser on shop pages). */
export function parseHtml(html: string): CheerioAPI {
  return load(html, { xml: { xmlMode: false, decodeEntities: true } });
}

export function extractProduct(
  html: string,
  pageUrl: string,
  settings: Pick<ScraperSettings, 'rules' | 'expectedCurrency'>,
): ExtractedProduct {
  return extractFromDocument(parseHtml(html), pageUrl, settings);
}

interface StrategyReading {
  source: ExtractionSource;
  fields: PartialProduct;
  warnings: ExtractionWarning[];
  onRequest: boolean;
}

const sameUrl = (a: string | undefined, b: string) => !!a && a.replace(/[/?#]+$/, '') === b.replace(/[/?#]+$/, '');

/** Of several products on a page (related products marked up too), the page's own. */
function pickProduct(products: SchemaNode[], pageUrl: string, source: ExtractionSource): StrategyReading | null {
  let best: { reading: StrategyReading; score: number } | null = null;
  for (const node of products) {
    const reading = readSchemaProduct(node, pageUrl);
    const score =
      (sameUrl(reading.fields.canonicalUrl, pageUrl) ? 2 : 0) + (reading.fields.price !== undefined ? 1 : 0);
    if (!best || score > best.score) best = { reading: { source, ...reading }, score };
  }
  return best?.reading ?? null;
}

/** The field a price warning's English names ('price', 'regular price'), as the console names fields. */
const fieldKey = (field: string) => (field === 'price' ? 'price' : 'regularPrice');

function priceWarnings(price: ShopPrice, field: string): ExtractionWarning[] {
  const warnings: ExtractionWarning[] = [];
  if (price.range) {
    warnings.push({
      code: 'price_range',
      message: `The ${field} is a range ${price.range.low} – ${price.range.high}; the lowest is taken`,
      values: { field: fieldKey(field), low: price.range.low, high: price.range.high },
    });
  }
  if (price.from)
    warnings.push({
      code: 'price_from',
      message: `The ${field} is a "from" price (the lowest of several variants)`,
      values: { field: fieldKey(field) },
    });
  if (price.unknownCurrency)
    warnings.push({
      code: 'unknown_currency',
      message: `"${price.unknownCurrency}" is no known currency`,
      values: { text: price.unknownCurrency },
    });
  return warnings;
}

/** The rules (all, or those with `override`) as one strategy's reading. */
function readRules(
  $: CheerioAPI,
  pageUrl: string,
  settings: Pick<ScraperSettings, 'rules'>,
  overriding: boolean,
): StrategyReading | null {
  const entries = Object.entries(settings.rules).filter(([, rule]) => rule && !!rule.override === overriding);
  if (!entries.length) return null;
  const warnings: ExtractionWarning[] = [];
  const reader = new RuleReader($, warnings);
  const fields: PartialProduct = {};
  let onRequest = false;
  for (const [key, rule] of entries) {
    const field = key as ProductField;
    const raw = reader.read(field, rule!);
    if (raw === undefined) continue;
    const text = String(raw);
    switch (field) {
      case 'price':
      case 'regularPrice': {
        const price = typeof raw === 'number' ? parseMachinePrice(raw) : parseShopPrice(text);
        if (price.amount === null) {
          if (price.onRequest) onRequest = field === 'price';
          else
            warnings.push({
              code: 'unparsed_price',
              message: `The rule for ${field} found "${text.slice(0, 60)}", which is no price`,
              values: { field, text: text.slice(0, 60) },
            });
          break;
        }
        fields[field] = price.amount;
        if (price.currency && field === 'price') fields.currency ??= price.currency;
        warnings.push(...priceWarnings(price, field === 'price' ? 'price' : 'regular price'));
        break;
      }
      case 'currency': {
        const code = parseCurrency(text) ?? parseShopPrice(`1 ${text}`).currency;
        if (code) fields.currency = code;
        else
          warnings.push({
            code: 'unknown_currency',
            message: `The rule for currency found "${text.slice(0, 20)}", which is no known currency`,
            values: { field: 'currency', text: text.slice(0, 20) },
          });
        break;
      }
      case 'availability':
        fields.availability = parseAvailability(text);
        break;
      case 'gtin': {
        const digits = text.replace(/[\s-]/g, '');
        if (/^(\d{8}|\d{12,14})$/.test(digits)) fields.gtin = digits;
        else
          warnings.push({
            code: 'rule_no_match',
            message: `The rule for gtin found "${text.slice(0, 30)}", which is no GTIN`,
            values: { field: 'gtin', text: text.slice(0, 30) },
          });
        break;
      }
      case 'image':
      case 'canonicalUrl': {
        const url = absoluteUrl(text, pageUrl);
        if (url) fields[field] = url;
        break;
      }
      default:
        fields[field] = text;
    }
  }
  return { source: 'rule', fields, warnings, onRequest };
}

export function extractFromDocument(
  $: CheerioAPI,
  pageUrl: string,
  settings: Pick<ScraperSettings, 'rules' | 'expectedCurrency'>,
): ExtractedProduct {
  const warnings: ExtractionWarning[] = [];
  const jsonLd = jsonLdProducts($);
  warnings.push(...jsonLd.warnings);
  const meta = readMetaTags($, pageUrl);
  const readings = [
    readRules($, pageUrl, settings, true),
    pickProduct(jsonLd.products, pageUrl, 'json-ld'),
    pickProduct(microdataProducts($), pageUrl, 'microdata'),
    pickProduct(rdfaProducts($), pageUrl, 'rdfa'),
    { source: 'meta' as const, fields: meta.fields, warnings: [], onRequest: meta.onRequest },
    readRules($, pageUrl, settings, false),
  ].filter((reading): reading is StrategyReading => reading !== null);

  const product: ExtractedProduct = {
    name: null,
    price: null,
    regularPrice: null,
    currency: null,
    availability: 'unknown',
    gtin: null,
    mpn: null,
    brand: null,
    image: null,
    canonicalUrl: null,
    sources: {},
    warnings,
  };
  const fields = product as unknown as Record<ProductField, unknown>;
  let priceSource: StrategyReading | undefined;
  for (const field of PRODUCT_FIELDS) {
    for (const reading of readings) {
      const value = reading.fields[field];
      if (value === undefined || (field === 'availability' && value === 'unknown')) continue;
      // a regular price belongs with the price it was stated beside
      if (field === 'regularPrice' && priceSource && reading !== priceSource && reading.source !== 'rule') continue;
      fields[field] = value;
      product.sources[field] = reading.source;
      if (field === 'price') priceSource = reading;
      break;
    }
  }
  // the rules' warnings always count (a rule that finds nothing is worth knowing); others with their price
  for (const reading of readings) {
    if (reading.source === 'rule' || reading === priceSource) warnings.push(...reading.warnings);
  }
  if (product.regularPrice !== null && (product.price === null || product.regularPrice <= product.price)) {
    product.regularPrice = null;
    delete product.sources.regularPrice;
  }

  if (product.price === null) {
    // structured data leaves a price out when the shop shows "call for price" in its place
    if (readings.some((reading) => reading.onRequest) || statesPriceOnRequest(visibleText($, 'body'))) {
      warnings.push({
        code: 'call_for_price',
        message: 'The page states no price ("call for price" or "price on request")',
      });
    } else if (product.name === null) {
      warnings.push({
        code: 'no_product',
        message: 'The page states no product (no structured data and no rule matched)',
      });
    } else {
      warnings.push({ code: 'no_price', message: 'The page states no price' });
    }
  } else if (product.price === 0) {
    warnings.push({ code: 'zero_price', message: 'The page states a price of 0' });
  }
  if (product.price !== null && product.currency === null) {
    if (settings.expectedCurrency) {
      product.currency = settings.expectedCurrency;
      warnings.push({
        code: 'currency_assumed',
        message: `The page names no currency; ${settings.expectedCurrency} (the scraper's) is assumed`,
        values: { currency: settings.expectedCurrency },
      });
    } else {
      warnings.push({ code: 'no_currency', message: 'The page names no currency' });
    }
  }
  if (settings.expectedCurrency && product.currency && product.currency !== settings.expectedCurrency) {
    warnings.push({
      code: 'currency_mismatch',
      message: `The page's currency ${product.currency} differs from the scraper's ${settings.expectedCurrency}`,
      values: { currency: product.currency, expected: settings.expectedCurrency },
    });
  }
  return product;
}
