import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRAPER_SETTINGS, type ExtractedProduct, type ScraperSettings } from '../scrape-types.ts';
import { detectBlockPage, extractProduct, parseHtml } from './index.ts';

const page = (name: string) => readFileSync(new URL(`./test-pages/${name}.html`, import.meta.url), 'utf8');
const settings = (extra: Partial<ScraperSettings> = {}): ScraperSettings => ({ ...DEFAULT_SCRAPER_SETTINGS, ...extra });
const codes = (product: ExtractedProduct) => product.warnings.map((warning) => warning.code);

describe('extractProduct on realistic shop pages', () => {
  it('JSON-LD in an @graph, with a strike-through price (cs)', () => {
    const url = 'https://www.elektrodum.cz/mobilni-telefony/acme-nova-5g-128gb-cerny';
    const product = extractProduct(page('cs-json-ld-graph'), url, settings({ expectedCurrency: 'CZK' }));
    expect(product).toMatchObject({
      name: 'Mobilní telefon Acme Nova 5G 128 GB černý',
      price: 6990,
      regularPrice: 8490,
      currency: 'CZK',
      availability: 'in_stock',
      gtin: '8594012345678',
      mpn: 'NOVA5G-128-BK',
      brand: 'Acme',
      image: 'https://www.elektrodum.cz/img/acme-nova-5g-1.jpg',
      canonicalUrl: url,
    });
    expect(new Set(Object.values(product.sources))).toEqual(new Set(['json-ld']));
    expect(product.warnings).toEqual([]);
  });

  it("microdata only, the page's own product and not the cross-selling one (de)", () => {
    const product = extractProduct(page('de-microdata'), 'https://www.technikhaus24.de/brema-cx-700', settings());
    expect(product).toMatchObject({
      name: 'Kaffeevollautomat Brema CX-700, Silber',
      price: 1299,
      currency: 'EUR',
      availability: 'in_stock',
      gtin: '4006381333931',
      mpn: 'CX700-SLV',
      brand: 'Brema',
      image: 'https://www.technikhaus24.de/media/catalog/brema-cx700.jpg',
    });
    expect(product.sources).toMatchObject({
      name: 'microdata',
      price: 'microdata',
      currency: 'microdata',
      gtin: 'microdata',
      brand: 'microdata',
    });
  });

  it('RDFa with a relative canonical link (en)', () => {
    const product = extractProduct(
      page('en-rdfa'),
      'https://gearbarn.example/products/lumo-4k-action-camera?ref=home',
      settings(),
    );
    expect(product).toMatchObject({
      name: 'Lumo 4K Action Camera with Waterproof Case',
      price: 299,
      currency: 'USD',
      availability: 'in_stock',
      gtin: '012345678905',
      mpn: 'LM-4K-22',
      brand: 'Lumo',
      canonicalUrl: 'https://gearbarn.example/products/lumo-4k-action-camera',
    });
    expect(product.sources).toMatchObject({ name: 'rdfa', price: 'rdfa', gtin: 'rdfa', canonicalUrl: 'meta' });
  });

  it('OpenGraph / product meta tags only (cs)', () => {
    const product = extractProduct(
      page('cs-meta-tags'),
      'https://kuchynskysvet.cz/konvice/vario-17-nerez?utm_source=x',
      settings(),
    );
    expect(product).toMatchObject({
      name: 'Rychlovarná konvice Vario 1,7 l nerez',
      price: 990,
      regularPrice: 1190,
      currency: 'CZK',
      availability: 'in_stock',
      gtin: '8590669123456',
      brand: 'Vario',
      image: 'https://kuchynskysvet.cz/foto/vario-17.jpg',
      canonicalUrl: 'https://kuchynskysvet.cz/konvice/vario-17-nerez',
    });
    expect(new Set(Object.values(product.sources))).toEqual(new Set(['meta']));
  });

  it("a page only selectors can read: the scraper's rules (cs, malformed HTML)", () => {
    const rules: ScraperSettings['rules'] = {
      name: { css: 'h1.detail-title' },
      price: { css: '.ceny .cena-akce' },
      regularPrice: { css: '.ceny .cena-puvodni' },
      availability: { css: '.dostupnost .stav' },
      brand: { css: 'td.vyrobce' },
      mpn: { css: 'td.kod' },
      gtin: { css: 'td.ean' },
      image: { css: 'img.main-photo', attribute: 'data-src' },
    };
    const product = extractProduct(
      page('cs-selectors-only'),
      'https://naradi-holub.cz/vrtaci-sroubovak-gsr-18v',
      settings({ rules }),
    );
    expect(product).toMatchObject({
      name: 'Vrtací šroubovák Bosko GSR 18V + 2× aku',
      price: 3699,
      regularPrice: 4290,
      currency: 'CZK',
      availability: 'in_stock',
      gtin: '3165140891234',
      mpn: '06019H4000',
      brand: 'Bosko',
      image: 'https://naradi-holub.cz/obrazky/gsr18v-velky.jpg',
    });
    expect(new Set(Object.values(product.sources))).toEqual(new Set(['rule']));
    expect(product.warnings).toEqual([]);
  });

  it('the same page without rules states no product', () => {
    const product = extractProduct(page('cs-selectors-only'), 'https://naradi-holub.cz/x', settings());
    expect(product.price).toBeNull();
    expect(codes(product)).toEqual(['no_product']);
  });

  it('AggregateOffer: the lowest price, with a warning (de)', () => {
    const product = extractProduct(page('de-aggregate-offer'), 'https://www.sportkiste.de/stride-pro', settings());
    expect(product).toMatchObject({
      name: 'Laufschuh Stride Pro',
      price: 89.95,
      currency: 'EUR',
      brand: 'Stride',
      availability: 'in_stock',
    });
    expect(product.image).toBe('https://www.sportkiste.de/bilder/stride-pro.webp');
    expect(codes(product)).toEqual(['price_range']);
  });

  it('several offers: the lowest in stock, with a warning (en)', () => {
    const product = extractProduct(page('en-several-offers'), 'https://homebits.example/orbit-blender', settings());
    expect(product).toMatchObject({
      price: 99,
      currency: 'GBP',
      availability: 'in_stock',
      gtin: '5012345678900',
      mpn: 'OB-1200',
      brand: 'Orbit',
    });
    expect(codes(product)).toEqual(['several_offers']);
    expect(product.warnings[0]!.message).toContain('from 79 to 109');
  });

  it("a ProductGroup: the variant of the page's URL", () => {
    const product = extractProduct(
      page('en-product-group'),
      'https://northwool.example/merino-crew?size=S',
      settings(),
    );
    expect(product).toMatchObject({
      name: 'Merino Crew Sweater – S',
      price: 120,
      currency: 'EUR',
      availability: 'out_of_stock',
      gtin: '00012345600012',
      brand: 'Northwool',
    });
    const other = extractProduct(page('en-product-group'), 'https://northwool.example/merino-crew', settings());
    expect(other).toMatchObject({ name: 'Merino Crew Sweater', price: 110, availability: 'in_stock', gtin: null });
    expect(codes(other)).toEqual(['several_offers']);
  });

  it('JSON embedded in a script, read with JSON paths (cs)', () => {
    const script = 'script:not([src])';
    const rules: ScraperSettings['rules'] = {
      name: { jsonPath: { scriptSelector: script, path: 'product.title' } },
      price: { jsonPath: { scriptSelector: script, path: 'product.pricing.current.withVat' } },
      regularPrice: { jsonPath: { scriptSelector: script, path: 'product.pricing.before.withVat' } },
      currency: { jsonPath: { scriptSelector: script, path: 'product.pricing.current.currency' } },
      gtin: { jsonPath: { scriptSelector: script, path: 'product.ean' } },
      brand: { jsonPath: { scriptSelector: script, path: 'product.manufacturer.name' } },
      availability: { jsonPath: { scriptSelector: script, path: 'product.stock.label' } },
    };
    const product = extractProduct(
      page('cs-embedded-state'),
      'https://zvukarna.cz/sluchatka/air-pro',
      settings({ rules }),
    );
    expect(product).toMatchObject({
      name: 'Sluchátka Zvuk Air Pro ANC',
      price: 2499,
      regularPrice: 2999,
      currency: 'CZK',
      gtin: '8595678901234',
      brand: 'Zvuk',
      availability: 'in_stock',
    });
  });

  it('a regular expression over a selected text, and a rule that overrides structured data', () => {
    const rules: ScraperSettings['rules'] = {
      price: { css: '.price-box .price', regex: '([\\d\\s]+)\\s*Kč', override: true },
      mpn: { regex: 'Skladem &?g?t?;?\\s*>?\\s*(\\d+) ks' },
    };
    const product = extractProduct(page('cs-json-ld-graph'), 'https://www.elektrodum.cz/x', settings({ rules }));
    expect(product.price).toBe(6990);
    expect(product.sources.price).toBe('rule');
    expect(product.sources.name).toBe('json-ld');
    // the structured data stated an mpn, so the (non-overriding) rule is not needed
    expect(product.mpn).toBe('NOVA5G-128-BK');
  });

  it('a rule that finds nothing is reported', () => {
    const product = extractProduct(
      page('cs-meta-tags'),
      'https://kuchynskysvet.cz/k',
      settings({ rules: { mpn: { css: '.no-such-thing' } } }),
    );
    expect(product.price).toBe(990);
    expect(codes(product)).toEqual(['rule_no_match']);
  });

  it('"call for price"', () => {
    const product = extractProduct(
      page('cs-call-for-price'),
      'https://gastro.cz/prowash-500',
      settings({ rules: { price: { css: '.product-price' } } }),
    );
    expect(product).toMatchObject({
      name: 'Průmyslová myčka ProWash 500',
      price: null,
      brand: 'ProWash',
      mpn: 'PW500',
    });
    expect(codes(product)).toEqual(['call_for_price']);
  });

  it('broken JSON-LD is skipped with a warning; microdata answers', () => {
    const product = extractProduct(page('broken-json-ld'), 'https://hausplus.de/vento-v8', settings());
    expect(product).toMatchObject({
      name: 'Akku-Staubsauger Vento V8',
      price: 249,
      currency: 'EUR',
      availability: 'out_of_stock',
    });
    expect(product.sources.price).toBe('microdata');
    expect(codes(product)).toEqual(['invalid_json_ld']);
  });

  it("currency: differing from the scraper's, or assumed when the page names none", () => {
    const mismatch = extractProduct(page('de-microdata'), 'https://x.de/p', settings({ expectedCurrency: 'CZK' }));
    expect(codes(mismatch)).toEqual(['currency_mismatch']);
    const html = '<html><body><h1>Lampa</h1><span class="p">1 290</span></body></html>';
    const rules = { name: { css: 'h1' }, price: { css: '.p' } };
    const assumed = extractProduct(html, 'https://x.cz/p', settings({ rules, expectedCurrency: 'CZK' }));
    expect(assumed).toMatchObject({ price: 1290, currency: 'CZK' });
    expect(assumed.sources.currency).toBeUndefined();
    expect(codes(assumed)).toEqual(['currency_assumed']);
    expect(codes(extractProduct(html, 'https://x.cz/p', settings({ rules })))).toEqual(['no_currency']);
  });

  it('a zero price and a "from" price are reported', () => {
    const html = (price: string) =>
      `<html><head><meta property="og:type" content="product"><meta property="og:title" content="Kabel"></head><body><b class="p">${price}</b></body></html>`;
    const rules = { price: { css: '.p' } };
    expect(codes(extractProduct(html('0 Kč'), 'https://x.cz/p', settings({ rules })))).toEqual(['zero_price']);
    const from = extractProduct(html('od 990 Kč'), 'https://x.cz/p', settings({ rules }));
    expect(from.price).toBe(990);
    expect(codes(from)).toEqual(['price_from']);
    const range = extractProduct(html('1 000 – 1 500 Kč'), 'https://x.cz/p', settings({ rules }));
    expect(range.price).toBe(1000);
    expect(codes(range)).toEqual(['price_range']);
  });
});

describe('detectBlockPage', () => {
  it('tells a captcha page from a product page', () => {
    expect(detectBlockPage(parseHtml(page('captcha')))?.code).toBe('BLOCK_PAGE');
    expect(detectBlockPage(parseHtml(page('cs-json-ld-graph')))).toBeNull();
    expect(
      detectBlockPage(parseHtml('<html><head><title>Just a moment...</title></head><body></body></html>')),
    ).toEqual({ code: 'BLOCK_PAGE', values: { title: 'Just a moment...' } });
    expect(
      detectBlockPage(
        parseHtml('<html><head><title>Shop</title></head><body><div class="g-recaptcha"></div></body></html>'),
      ),
    ).toEqual({ code: 'CAPTCHA', values: {} });
  });
});
