import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureShopsFor, generateFixtureProducts } from '../fixture-shop/catalogue.ts';
import { startFixtureShop, type FixtureShop } from '../fixture-shop/server.ts';
import { DEFAULT_SCRAPER_SETTINGS, type Fetcher } from '../scrape-types.ts';
import { DiscoveryError, discoverFromListing, discoverFromSitemap, parseSitemap } from './discover.ts';
import { createFetcher } from './fetcher.ts';

let shop: FixtureShop;
let broken: Server;
let brokenUrl: string;
let fetcher: Fetcher;

beforeAll(async () => {
  // 1,200 products: the shops' sitemaps have several parts (500 URLs each)
  shop = await startFixtureShop({
    shops: fixtureShopsFor(generateFixtureProducts(1200, 3), 3).map((catalogue) => ({ ...catalogue, pageSize: 50 })),
    seed: 3,
    crawlDelaySeconds: 0,
  });
  broken = createServer((request, response) => {
    if (request.url === '/robots.txt') return void response.writeHead(404).end();
    if (request.url === '/html-as-xml.xml')
      return void response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end('<html><body>Not a sitemap</body></html>');
    if (request.url === '/truncated.xml')
      return void response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end('<?xml version="1.0"?><urlset><url><loc>http://a.example/1</loc></url><url><loc>http://a.ex');
    if (request.url === '/sitemap.xml.gz') {
      return void response
        .writeHead(200, { 'content-type': 'application/x-gzip' })
        .end(gzipSync('<?xml version="1.0"?><urlset><url><loc>/p/gz-1</loc></url></urlset>'));
    }
    if (request.url === '/page.html')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (request.url === '/index.xml') {
      return void response
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(
          `<?xml version="1.0"?><sitemapindex><sitemap><loc>/part-ok.xml</loc></sitemap><sitemap><loc>/missing.xml</loc></sitemap></sitemapindex>`,
        );
    }
    if (request.url === '/part-ok.xml')
      return void response
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(
          `<urlset><url><loc>/p/1</loc></url><url><loc><![CDATA[/p/2]]></loc></url><url><loc>/p/1</loc></url></urlset>`,
        );
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  fetcher = createFetcher(
    { ...DEFAULT_SCRAPER_SETTINGS, fetch: { ...DEFAULT_SCRAPER_SETTINGS.fetch, minDelayMs: 0 } },
    { allowPrivateAddresses: true, retryBaseMs: 10 },
  );
});
afterAll(async () => {
  await fetcher.close();
  await shop.close();
  await new Promise((resolve) => broken.close(resolve));
});

async function collect(source: AsyncIterable<string>): Promise<{ urls: string[]; error: DiscoveryError | null }> {
  const urls: string[] = [];
  try {
    for await (const url of source) urls.push(url);
    return { urls, error: null };
  } catch (error) {
    if (!(error instanceof DiscoveryError)) throw error;
    return { urls, error };
  }
}

describe('discoverFromSitemap', () => {
  it("reads a shop's sitemap index and its parts", async () => {
    const entry = shop.shops[0]!;
    const { urls, error } = await collect(discoverFromSitemap(entry.sitemapUrl, fetcher));
    expect(error).toBeNull();
    expect(entry.productUrls.length).toBeGreaterThan(1000);
    expect(urls).toEqual(entry.productUrls);
  });

  it('reads the site-wide index of every shop', async () => {
    const { urls } = await collect(discoverFromSitemap(`${shop.url}/sitemap.xml`, fetcher));
    expect(urls.length).toBe(shop.shops.reduce((sum, entry) => sum + entry.productUrls.length, 0));
  });

  it('resolves relative locations, reads CDATA, yields each URL once, and names a part that fails after the others', async () => {
    const { urls, error } = await collect(discoverFromSitemap(`${brokenUrl}/index.xml`, fetcher));
    expect(urls).toEqual([`${brokenUrl}/p/1`, `${brokenUrl}/p/2`]);
    expect(error?.failure).toBe('http_status');
    expect(error?.message).toContain('/missing.xml answered HTTP 404');
  });

  it('reads a gzipped sitemap file', async () => {
    const { urls, error } = await collect(discoverFromSitemap(`${brokenUrl}/sitemap.xml.gz`, fetcher));
    expect(error).toBeNull();
    expect(urls).toEqual([`${brokenUrl}/p/gz-1`]);
  });

  it.each([
    ['/html-as-xml.xml', 'extraction_failed', 'its root is <html>, not <urlset> or <sitemapindex>'],
    ['/truncated.xml', 'extraction_failed', 'it is not XML'],
    ['/page.html', 'not_html', 'text/html, not XML'],
  ])('a sitemap that is no sitemap: %s', async (path, failure, message) => {
    const { urls, error } = await collect(discoverFromSitemap(`${brokenUrl}${path}`, fetcher));
    expect(urls).toEqual([]);
    expect(error?.failure).toBe(failure);
    expect(error?.message).toContain(message);
  });

  it('parseSitemap reads namespaced and plain sitemaps', () => {
    expect(
      parseSitemap(
        '<s:urlset xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"><s:url><s:loc> http://a/1 </s:loc></s:url></s:urlset>',
      ),
    ).toEqual({ kind: 'urlset', locations: ['http://a/1'] });
    expect(parseSitemap('')).toEqual({ error: expect.stringContaining('') });
  });
});

describe('discoverFromListing', () => {
  it('follows the next pages and yields every product once', async () => {
    const entry = shop.shops[1]!;
    const { urls, error } = await collect(
      discoverFromListing(
        {
          startUrl: entry.listingUrl,
          productLinkPattern: '/p/[^/?#]+$',
          nextPagePattern: '/category\\?page=\\d+$',
          maxPages: 100,
        },
        fetcher,
      ),
    );
    expect(error).toBeNull();
    expect(urls.sort()).toEqual([...entry.productUrls].sort());
  });

  it('stops at maxPages and says so', async () => {
    const entry = shop.shops[1]!;
    const { urls, error } = await collect(
      discoverFromListing(
        {
          startUrl: entry.listingUrl,
          productLinkPattern: '/p/[^/?#]+$',
          nextPagePattern: '/category\\?page=\\d+$',
          maxPages: 2,
        },
        fetcher,
      ),
    );
    // two pages of 50 (the first page is also linked as ?page=1 from the menu: the same 50 again)
    expect(urls.length).toBeGreaterThanOrEqual(50);
    expect(urls.length).toBeLessThanOrEqual(100);
    expect(error?.message).toContain('more than 2 listing pages');
  });

  it('a listing that cannot be read is an error naming it', async () => {
    const { error } = await collect(
      discoverFromListing(
        { startUrl: `${brokenUrl}/no-listing`, productLinkPattern: '/p/', nextPagePattern: 'page=' },
        fetcher,
      ),
    );
    expect(error).toMatchObject({ failure: 'http_status' });
    expect(error?.message).toContain('/no-listing answered HTTP 404');
  });
});
