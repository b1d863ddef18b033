import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ean13, fixtureShopsFor, formatFixturePrice, generateFixtureProducts } from './index.ts';
import { startFixtureShop, type FixtureShop } from './server.ts';

describe('fixture shop', () => {
  let shop: FixtureShop;
  beforeAll(async () => {
    shop = await startFixtureShop({
      shops: fixtureShopsFor(generateFixtureProducts(400, 9), 9),
      seed: 9,
      crawlDelaySeconds: 2,
    });
  });
  afterAll(() => shop.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await request(`${shop.url}${path}`, { headers });
    const body = Buffer.from(await response.body.arrayBuffer());
    return { status: response.statusCode, headers: response.headers, body };
  };

  it('the same seed gives the same catalogue and the same price changes; ~5 % change per day', async () => {
    expect(generateFixtureProducts(50, 9)).toEqual(generateFixtureProducts(50, 9));
    expect(generateFixtureProducts(50, 9)).not.toEqual(generateFixtureProducts(50, 10));
    const other = await startFixtureShop({ shops: fixtureShopsFor(generateFixtureProducts(400, 9), 9), seed: 9 });
    try {
      const total = shop.shops.reduce((sum, entry) => sum + entry.productUrls.length, 0);
      let changed = 0;
      for (let day = 1; day <= 10; day++) {
        const ours = shop.advanceDay();
        expect(other.advanceDay()).toEqual(ours);
        changed += ours.length;
        for (const change of ours) expect(shop.priceOf(change.slug, change.productId)!.price).toBe(change.to);
      }
      const share = changed / total / 10;
      expect(share).toBeGreaterThan(0.03);
      expect(share).toBeLessThan(0.07);
    } finally {
      await other.close();
    }
  });

  it('catalogue products have valid EAN-13s', () => {
    expect(ean13('400638133393')).toBe('4006381333931');
    for (const product of generateFixtureProducts(20, 3)) expect(ean13(product.gtin!.slice(0, 12))).toBe(product.gtin);
  });

  it('robots.txt disallows the cart and private paths with a crawl-delay', async () => {
    const robots = (await get('/robots.txt')).body.toString();
    expect(robots).toContain('Crawl-delay: 2');
    expect(robots).toContain('Disallow: /shops/*/cart');
    expect(robots).toContain(`Sitemap: ${shop.url}/sitemap.xml`);
  });

  it('compresses when asked and answers 304 to its own ETag', async () => {
    const url = new URL(shop.shops[0]!.productUrls[0]!).pathname;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect((await get(url, { 'if-none-match': String(plain.headers.etag) })).status).toBe(304);
    expect((await get(url, { 'if-modified-since': String(plain.headers['last-modified']) })).status).toBe(304);
  });

  it('serves listings page by page and 404 past the last', async () => {
    const entry = shop.shops[0]!;
    const pages = Math.ceil(entry.productUrls.length / 20);
    expect((await get(`/shops/${entry.slug}/category?page=${pages}`)).status).toBe(200);
    expect((await get(`/shops/${entry.slug}/category?page=${pages + 1}`)).status).toBe(404);
  });

  it('serves a copy of a shop under its own addresses: same products and prices, other canonical URLs', async () => {
    const entry = shop.shops[0]!;
    const copy = `/shops/${entry.slug}--run42`;
    const index = (await get(`${copy}/sitemap.xml`)).body.toString();
    const part = /<loc>([^<]+)<\/loc>/.exec(index)![1]!;
    expect(part).toBe(`${shop.url}${copy}/sitemap-products-1.xml`);
    const locations = [...(await get(new URL(part).pathname)).body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (found) => found[1]!,
    );
    expect(locations.length).toBe(Math.min(500, entry.productUrls.length));
    expect(locations[0]).toBe(entry.productUrls[0]!.replace(`/shops/${entry.slug}/`, `${copy}/`));
    const original = (await get(new URL(entry.productUrls[0]!).pathname)).body.toString();
    const copied = (await get(new URL(locations[0]!).pathname)).body.toString();
    expect(copied).toContain(`<link rel="canonical" href="${locations[0]}">`);
    expect(copied.replaceAll(`${copy}/`, `/shops/${entry.slug}/`)).toBe(original);
    // Not a shop of its own: the root sitemap lists the catalogue's shops only; unknown shops 404.
    expect((await get('/sitemap.xml')).body.toString()).not.toContain('--run42');
    expect((await get('/shops/no-such-shop--run42/sitemap.xml')).status).toBe(404);
    expect((await get(`/shops/${entry.slug}--Run/sitemap.xml`)).status).toBe(404);
  });

  it('formats prices as each locale writes them', () => {
    expect(formatFixturePrice(1299, { locale: 'cs', currency: 'CZK' })).toBe('1\u00a0299\u00a0Kč');
    expect(formatFixturePrice(1299.9, { locale: 'de', currency: 'EUR' })).toBe('1.299,90\u00a0€');
    expect(formatFixturePrice(1299, { locale: 'de', currency: 'CZK' })).toBe('1.299,-\u00a0Kč');
    expect(formatFixturePrice(1299.99, { locale: 'en', currency: 'EUR' })).toBe('€1,299.99');
  });
});

describe('fixture shop CLI', () => {
  it('starts on the port asked and prints its URL first', async () => {
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(tsx, [main, '--products', '30', '--seed', '4', '--crawl-delay', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const url = /^fixture shop: (http:\/\/127\.0\.0\.1:\d+)$/.exec(first)?.[1];
      expect(url).toBeDefined();
      const response = await request(`${url}/sitemap.xml`);
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toContain('<sitemapindex');
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
