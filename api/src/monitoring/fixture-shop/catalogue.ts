/**
 * What the fixture shop sells: competitor shops (one page style and locale each) built from a
 * catalogue of products, and their prices from day to day, all deterministic from a seed
 * (README-scraping.md, "Fixture shop").
 */
import type { ScraperSettings } from '../scrape-types.ts';

export interface FixtureProduct {
  id: string;
  name: string;
  brand: string;
  gtin: string | null;
  mpn: string | null;
  price: number;
  availability: 'in_stock' | 'out_of_stock';
  image: string | null;
  category?: string;
}

/**
 * How a shop's product pages state their data: schema.org JSON-LD (+ OpenGraph), microdata
 * only, plain HTML only selectors can read, or an empty page a script fills in (headless).
 */
export type FixtureShopStyle = 'json-ld' | 'microdata' | 'selectors' | 'javascript';

export interface FixtureShopCatalogue {
  /** Path segment: /shops/<slug>/... */
  slug: string;
  name: string;
  style: FixtureShopStyle;
  locale: 'cs' | 'en' | 'de';
  currency: 'CZK' | 'EUR' | 'USD' | 'GBP';
  products: FixtureProduct[];
  /** Products per listing page (default 20). */
  pageSize?: number;
}

/** A small fast deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in [0, 1) for a key: the same key always gives the same number. */
export function hashUnit(...parts: (string | number)[]): number {
  let hash = 2166136261;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  return random(hash)();
}

/** The check digit of an EAN-13's first 12 digits. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

const BRANDS = ['Acme', 'Brema', 'Lumo', 'Vario', 'Orbit', 'Zvuk', 'Nordika', 'Kestrel', 'Tessa', 'Voltix'];
const KINDS: [string, string, number][] = [
  ['Mobilní telefon', 'phones', 6990],
  ['Sluchátka', 'audio', 1490],
  ['Rychlovarná konvice', 'kitchen', 790],
  ['Kávovar', 'kitchen', 8990],
  ['Tablet', 'tablets', 5490],
  ['Reproduktor', 'audio', 2290],
  ['Vysavač', 'home', 4990],
  ['Monitor', 'computers', 3990],
  ['Klávesnice', 'computers', 990],
  ['Chytré hodinky', 'wearables', 3490],
];
const MODELS = ['Nova', 'Aero', 'Pulse', 'Core', 'Flex', 'Prime', 'Zen', 'Max', 'Lite', 'Pro'];

/** A catalogue of `count` products, the same for the same seed. */
export function generateFixtureProducts(count: number, seed = 1): FixtureProduct[] {
  const next = random(seed);
  const products: FixtureProduct[] = [];
  for (let i = 0; i < count; i++) {
    const [kind, category, base] = KINDS[Math.floor(next() * KINDS.length)]!;
    const brand = BRANDS[Math.floor(next() * BRANDS.length)]!;
    const model = `${MODELS[Math.floor(next() * MODELS.length)]} ${100 + Math.floor(next() * 900)}`;
    products.push({
      id: `P${String(i + 1).padStart(5, '0')}`,
      name: `${kind} ${brand} ${model}`,
      brand,
      gtin: ean13(`859${String(seed % 1000).padStart(3, '0')}${String(i + 1).padStart(6, '0')}`),
      mpn: `${brand.slice(0, 3).toUpperCase()}-${model.replace(' ', '')}-${i + 1}`,
      price: Math.round(base * (0.6 + next() * 0.8)),
      availability: next() < 0.9 ? 'in_stock' : 'out_of_stock',
      image: `/images/${category}-${(i % 12) + 1}.jpg`,
      category,
    });
  }
  return products;
}

const SHOP_TEMPLATES: Omit<FixtureShopCatalogue, 'products'>[] = [
  { slug: 'elektro-hvezda', name: 'Elektro Hvězda', style: 'json-ld', locale: 'cs', currency: 'CZK' },
  { slug: 'technik-markt', name: 'Technik Markt', style: 'microdata', locale: 'de', currency: 'EUR' },
  { slug: 'nakup-levne', name: 'Nákup Levně', style: 'selectors', locale: 'cs', currency: 'CZK' },
  { slug: 'gadget-cloud', name: 'Gadget Cloud', style: 'javascript', locale: 'en', currency: 'EUR' },
];

/** CZK catalogue prices as a shop in another currency would show them (a fixed rate). */
const RATES: Record<FixtureShopCatalogue['currency'], number> = { CZK: 1, EUR: 1 / 25, USD: 1 / 23, GBP: 1 / 29 };

/** A price as shops round them: whole crowns ending in 9, euros and dollars ending in .99. */
export function shopRounding(amount: number, currency: FixtureShopCatalogue['currency']): number {
  if (currency === 'CZK')
    return amount >= 100 ? Math.max(9, Math.round(amount / 10) * 10 - 1) : Math.max(1, Math.round(amount));
  return Math.round((Math.max(1, Math.round(amount)) - 0.01) * 100) / 100;
}

/**
 * The four competitor shops of a catalogue (catalogue prices are CZK): one per style, each
 * selling most of the catalogue at its own prices (within ±12 % of the catalogue's).
 */
export function fixtureShopsFor(products: FixtureProduct[], seed = 1): FixtureShopCatalogue[] {
  return SHOP_TEMPLATES.map((template) => ({
    ...template,
    products: products
      .filter((product) => hashUnit(seed, template.slug, product.id, 'sells') < 0.9)
      .map((product) => ({
        ...product,
        price: shopRounding(
          product.price * RATES[template.currency] * (0.88 + hashUnit(seed, template.slug, product.id, 'price') * 0.24),
          template.currency,
        ),
      })),
  }));
}

/** Settings a scraper of the shop works with (the README shows them; tests and the demo use them). */
export function fixtureScraperSettings(
  shop: Pick<FixtureShopCatalogue, 'slug' | 'style' | 'currency'>,
  baseUrl: string,
): Partial<ScraperSettings> {
  const root = `${baseUrl}/shops/${shop.slug}`;
  const settings: Partial<ScraperSettings> = {
    sources: {
      knownUrls: true,
      sitemapUrl: `${root}/sitemap.xml`,
      listing: {
        startUrl: `${root}/category`,
        productLinkPattern: '/p/[^/?#]+$',
        nextPagePattern: '/category\\?page=\\d+$',
        maxPages: 500,
      },
    },
    rules: {},
    expectedCurrency: shop.currency,
  };
  if (shop.style === 'selectors' || shop.style === 'javascript') {
    settings.rules = {
      name: { css: 'h1.product-title' },
      price: { css: '.price-now' },
      regularPrice: { css: '.price-before' },
      availability: { css: '.stock-status' },
      brand: { css: '.spec-brand' },
      mpn: { css: '.spec-mpn' },
      gtin: { css: '.spec-ean' },
      image: { css: 'img.product-photo', attribute: 'data-src' },
      canonicalUrl: { css: 'link[rel=canonical]', attribute: 'href' },
    };
  }
  return settings;
}
