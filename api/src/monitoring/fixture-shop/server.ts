/**
 * The fixture shop: a real HTTP server on loopback serving competitor shops to scrape, for tests,
 * benchmarks and `npm start` (README-scraping.md, "Fixture shop"). Every shop lives under
 * /shops/<slug>/: product pages in the shop's style, paginated listings (/category?page=N), a
 * sitemap index with parts, and trap pages under /special/ (429 with Retry-After, 5xx, slow
 * answers, a captcha, a redirect loop, a page over any size cap, a PDF, call for price, a zero
 * price, another currency). /robots.txt disallows /cart and /private/ with a crawl-delay;
 * /sitemap.xml indexes every shop. Prices change between "days" (advanceDay), deterministic by
 * seed. Answers carry ETag / Last-Modified and honour conditional requests; gzip or brotli when
 * asked.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { hashUnit, shopRounding, type FixtureShopCatalogue } from './catalogue.ts';
import {
  captchaPage,
  homePage,
  listingPage,
  productJson,
  productPage,
  productPath,
  type ProductState,
} from './pages.ts';

export interface FixtureShopOptions {
  /** 0 or absent: any free port. */
  port?: number;
  host?: string;
  shops: FixtureShopCatalogue[];
  seed?: number;
  /** robots.txt's Crawl-delay in seconds (default 1; tests and benchmarks lower it, 0 leaves it out). */
  crawlDelaySeconds?: number;
  /** Share of products whose price changes per day (default 0.05). */
  dailyChangeShare?: number;
  /** List the trap pages in each shop's sitemap (so a run meets each failure kind). Default false. */
  trapsInSitemap?: boolean;
  /** Compress answers when asked (default true). */
  compress?: boolean;
}

export interface FixtureShopInfo {
  slug: string;
  name: string;
  style: FixtureShopCatalogue['style'];
  currency: FixtureShopCatalogue['currency'];
  /** http://127.0.0.1:port/shops/<slug> */
  url: string;
  sitemapUrl: string;
  listingUrl: string;
  productUrls: string[];
  /** Trap pages by name (see TRAPS). */
  trapUrls: Record<TrapName, string>;
}

export interface FixtureShop {
  url: string;
  shops: FixtureShopInfo[];
  /** The current day (0 at start). */
  readonly day: number;
  /** Moves to the next day: some prices change. Returns the products whose price changed. */
  advanceDay(): { slug: string; productId: string; from: number; to: number }[];
  /** The price a product page of a shop shows today. */
  priceOf(slug: string, productId: string): ProductState | undefined;
  /** Requests answered so far, by path prefix ('/robots.txt', '/shops/x/p/', ...) for tests. */
  requests: { path: string; userAgent: string | undefined; at: number }[];
  close(): Promise<void>;
}

export const TRAPS = [
  'rate-limited',
  'flaky',
  'server-error',
  'slow',
  'captcha',
  'captcha-ok',
  'redirect-loop',
  'redirect',
  'huge',
  'not-html',
  'call-for-price',
  'zero-price',
  'other-currency',
  'private',
  'gone',
] as const;
export type TrapName = (typeof TRAPS)[number];

const EPOCH = Date.UTC(2026, 0, 1);
const SITEMAP_PART = 500;

interface ShopState {
  catalogue: FixtureShopCatalogue;
  states: ProductState[];
  byId: Map<string, ProductState>;
  byPath: Map<string, ProductState>;
  /** Day of each product's last change (ETag, Last-Modified). */
  changedOn: Map<string, number>;
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFixtureShop(options: FixtureShopOptions): Promise<FixtureShop> {
  const seed = options.seed ?? 1;
  const crawlDelay = options.crawlDelaySeconds ?? 1;
  const changeShare = options.dailyChangeShare ?? 0.05;
  const compress = options.compress ?? true;
  let day = 0;
  const requests: FixtureShop['requests'] = [];
  /** Counts per trap URL, for traps that answer differently the second time. */
  const trapHits = new Map<string, number>();

  const shops = new Map<string, ShopState>();
  for (const catalogue of options.shops) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(catalogue.slug))
      throw new Error(
        `fixture shop slug "${catalogue.slug}" must be lower-case letters and digits joined by single dashes`,
      );
    const states = catalogue.products.map((product): ProductState => {
      const onSale = hashUnit(seed, catalogue.slug, product.id, 'sale') < 0.15;
      return {
        product,
        price: product.price,
        regularPrice: onSale ? shopRounding(product.price * 1.2, catalogue.currency) : null,
        availability: product.availability,
      };
    });
    shops.set(catalogue.slug, {
      catalogue,
      states,
      byId: new Map(states.map((state) => [state.product.id, state])),
      byPath: new Map(states.map((state) => [productPath(catalogue, state.product), state])),
      changedOn: new Map(),
    });
  }

  /** Copies of a shop under another slug, made when first asked for (see shopAt). */
  const copies = new Map<string, ShopState>();
  const MAX_COPIES = 200;

  /**
   * The shop at a slug: a shop of the catalogue, or `<slug>--<name>` (name: 1-40 lower-case
   * letters and digits), a copy of that shop under its own addresses. A copy sells the same
   * products at the same prices (they change with the shop's), but its pages, sitemap and
   * canonical addresses are its own, so a scraper reading a fresh copy finds every product new
   * whatever earlier runs collected from the shop (an end-to-end spec run twice on one stack).
   */
  function shopAt(slug: string): ShopState | undefined {
    const known = shops.get(slug) ?? copies.get(slug);
    if (known) return known;
    const copy = /^([a-z0-9-]+?)--([a-z0-9]{1,40})$/.exec(slug);
    const original = copy ? shops.get(copy[1]!) : undefined;
    if (!original) return undefined;
    const catalogue = { ...original.catalogue, slug };
    if (copies.size >= MAX_COPIES) copies.clear();
    const state: ShopState = {
      ...original,
      catalogue,
      byPath: new Map(original.states.map((product) => [productPath(catalogue, product.product), product])),
    };
    copies.set(slug, state);
    return state;
  }

  let baseUrl = '';
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`fixture shop error: ${(error as Error).message}`);
    });
  });
  server.keepAliveTimeout = 30_000;

  /** Compressed product pages by ETag and encoding: the shop's CPU goes to answering, not recompressing. */
  const compressed = new Map<string, Buffer>();

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    type: string,
    body: string | (() => string),
    headers: Record<string, string> = {},
    cacheKey?: string,
  ): void {
    const accept = String(request.headers['accept-encoding'] ?? '');
    const encoding = !compress ? null : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    const out: Record<string, string> = { 'content-type': type, ...headers };
    const key = cacheKey && encoding ? `${cacheKey}|${encoding}` : null;
    let payload = key ? compressed.get(key) : undefined;
    if (payload) {
      out['content-encoding'] = encoding!;
    } else {
      payload = Buffer.from(typeof body === 'function' ? body() : body);
      if (encoding && payload.length > 1024) {
        payload =
          encoding === 'br'
            ? brotliCompressSync(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
            : gzipSync(payload, { level: 6 });
        out['content-encoding'] = encoding;
        if (key) {
          if (compressed.size >= 50_000) compressed.clear();
          compressed.set(key, payload);
        }
      }
    }
    out['content-length'] = String(payload.length);
    response.writeHead(status, out);
    response.end(request.method === 'HEAD' ? undefined : payload);
  }

  /** ETag / Last-Modified of a page that changes on `changed` (a day): 304 when the client has it. */
  function conditional(
    request: IncomingMessage,
    response: ServerResponse,
    tag: string,
    changed: number,
  ): Record<string, string> | null {
    const etag = `"${tag}-d${changed}"`;
    const lastModified = new Date(EPOCH + changed * 86_400_000).toUTCString();
    const headers = { etag, 'last-modified': lastModified, 'cache-control': 'no-cache' };
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const fresh = ifNoneMatch
      ? ifNoneMatch.split(/\s*,\s*/).includes(etag)
      : ifModifiedSince
        ? Date.parse(ifModifiedSince) >= Date.parse(lastModified)
        : false;
    if (fresh) {
      response.writeHead(304, headers).end();
      return null;
    }
    return headers;
  }

  function relatedOf(shop: ShopState, state: ProductState): ProductState[] {
    const index = shop.states.indexOf(state);
    return [1, 2, 3, 4, 5, 6]
      .map((offset) => shop.states[(index + offset) % shop.states.length]!)
      .filter((other) => other !== state);
  }

  function productAnswer(
    request: IncomingMessage,
    response: ServerResponse,
    shop: ShopState,
    state: ProductState,
    extra: { priceOverride?: number | null; currencyOverride?: FixtureShopCatalogue['currency']; tag?: string } = {},
  ): void {
    const headers = conditional(
      request,
      response,
      `${shop.catalogue.slug}-${state.product.id}${extra.tag ?? ''}`,
      shop.changedOn.get(state.product.id) ?? 0,
    );
    if (!headers) return;
    // a page changes with its own price and with its related products' prices: the day is in the key
    const html = () => productPage(shop.catalogue, state, { baseUrl, related: relatedOf(shop, state), ...extra });
    send(request, response, 200, 'text/html; charset=utf-8', html, headers, `${headers.etag}|${day}`);
  }

  function sitemapIndex(locations: string[]): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locations
      .map((location) => `  <sitemap><loc>${xmlEscape(location)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  }

  function sitemapParts(shop: ShopState): string[] {
    const parts = Math.max(1, Math.ceil(shop.states.length / SITEMAP_PART));
    const locations = Array.from(
      { length: parts },
      (_, i) => `${baseUrl}/shops/${shop.catalogue.slug}/sitemap-products-${i + 1}.xml`,
    );
    if (options.trapsInSitemap) locations.push(`${baseUrl}/shops/${shop.catalogue.slug}/sitemap-special.xml`);
    return locations;
  }

  function urlset(entries: { loc: string; lastmod?: string }[]): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
      .map(
        (entry) =>
          `  <url><loc>${xmlEscape(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n')}\n</urlset>\n`;
  }

  async function trap(
    request: IncomingMessage,
    response: ServerResponse,
    shop: ShopState,
    name: string,
    query: URLSearchParams,
  ): Promise<void> {
    const first = shop.states[0];
    const key = `${shop.catalogue.slug}/${name}`;
    const hits = (trapHits.get(key) ?? 0) + 1;
    trapHits.set(key, hits);
    const html = 'text/html; charset=utf-8';
    switch (name as TrapName) {
      case 'rate-limited':
        // every odd request is refused: a retry after Retry-After gets the page
        if (hits % 2 === 1)
          return send(request, response, 429, 'text/plain', 'Too many requests', {
            'retry-after': query.get('after') ?? '1',
          });
        break;
      case 'flaky':
        if (hits % 2 === 1) return send(request, response, 503, 'text/plain', 'Service unavailable');
        break;
      case 'server-error':
        return send(request, response, 500, html, '<html><body><h1>Internal Server Error</h1></body></html>');
      case 'slow':
        await sleep(Math.min(Number(query.get('ms') ?? 3000), 60_000));
        break;
      case 'captcha':
        return send(request, response, 403, html, captchaPage());
      case 'captcha-ok':
        return send(request, response, 200, html, captchaPage());
      case 'redirect-loop':
        response.writeHead(302, { location: `/shops/${shop.catalogue.slug}/special/redirect-loop-back` }).end();
        return;
      case 'redirect':
        if (!first) break;
        response.writeHead(301, { location: productPath(shop.catalogue, first.product) }).end();
        return;
      case 'huge': {
        response.writeHead(200, { 'content-type': html });
        response.write('<!DOCTYPE html><html><body>');
        const block = `<p>${'x'.repeat(1023)}</p>`;
        for (let i = 0; i < 20 * 1024 && !response.destroyed; i++) {
          if (!response.write(block)) await new Promise((resolve) => response.once('drain', resolve));
        }
        response.end('</body></html>');
        return;
      }
      case 'not-html':
        return send(request, response, 200, 'application/pdf', '%PDF-1.4\n%fixture\n');
      case 'gone':
        return send(request, response, 404, html, '<html><body><h1>Produkt nenalezen</h1></body></html>');
      case 'private':
        break;
      case 'call-for-price':
        if (first) return productAnswer(request, response, shop, first, { priceOverride: null, tag: '-cfp' });
        break;
      case 'zero-price':
        if (first) return productAnswer(request, response, shop, first, { priceOverride: 0, tag: '-zero' });
        break;
      case 'other-currency':
        if (first)
          return productAnswer(request, response, shop, first, {
            currencyOverride: shop.catalogue.currency === 'USD' ? 'EUR' : 'USD',
            tag: '-cur',
          });
        break;
      default:
        if (name === 'redirect-loop-back') {
          response.writeHead(302, { location: `/shops/${shop.catalogue.slug}/special/redirect-loop` }).end();
          return;
        }
        return send(request, response, 404, html, '<html><body>Not found</body></html>');
    }
    if (!first) return send(request, response, 404, html, '<html><body>Not found</body></html>');
    return productAnswer(request, response, shop, first, { tag: `-${name}` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', baseUrl || 'http://localhost');
    const path = url.pathname;
    requests.push({ path, userAgent: request.headers['user-agent'], at: Date.now() });
    if (requests.length > 100_000) requests.splice(0, 50_000);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(request, response, 405, 'text/plain', 'Method not allowed', { allow: 'GET, HEAD' });

    if (path === '/robots.txt') {
      const lines = ['User-agent: *'];
      if (crawlDelay > 0) lines.push(`Crawl-delay: ${crawlDelay}`);
      lines.push(
        'Disallow: /shops/*/cart',
        'Disallow: /shops/*/private/',
        'Disallow: /shops/*/special/private',
        '',
        `Sitemap: ${baseUrl}/sitemap.xml`,
        '',
      );
      return send(request, response, 200, 'text/plain; charset=utf-8', lines.join('\n'));
    }
    if (path === '/sitemap.xml') {
      return send(request, response, 200, 'application/xml', sitemapIndex([...shops.values()].flatMap(sitemapParts)));
    }
    if (path === '/') {
      const links = [...shops.values()]
        .map(
          (shop) =>
            `<li><a href="/shops/${shop.catalogue.slug}/">${shop.catalogue.name}</a> (${shop.catalogue.style})</li>`,
        )
        .join('');
      return send(
        request,
        response,
        200,
        'text/html; charset=utf-8',
        `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Fixture shops</title></head><body><h1>Fixture shops, day ${day}</h1><ul>${links}</ul></body></html>`,
      );
    }
    const match = /^\/shops\/([a-z0-9-]+)(\/.*)?$/.exec(path);
    const shop = match ? shopAt(match[1]!) : undefined;
    if (!shop) return send(request, response, 404, 'text/html; charset=utf-8', '<html><body>Not found</body></html>');
    const rest = match![2] ?? '/';
    const slug = shop.catalogue.slug;

    if (rest === '/') return send(request, response, 200, 'text/html; charset=utf-8', homePage(shop.catalogue));
    if (rest === '/sitemap.xml')
      return send(request, response, 200, 'application/xml', sitemapIndex(sitemapParts(shop)));
    const part = /^\/sitemap-products-(\d+)\.xml$/.exec(rest);
    if (part) {
      const index = Number(part[1]) - 1;
      const slice = shop.states.slice(index * SITEMAP_PART, (index + 1) * SITEMAP_PART);
      if (!slice.length) return send(request, response, 404, 'text/plain', 'No such sitemap');
      return send(
        request,
        response,
        200,
        'application/xml',
        urlset(
          slice.map((state) => ({
            loc: `${baseUrl}${productPath(shop.catalogue, state.product)}`,
            lastmod: new Date(EPOCH + (shop.changedOn.get(state.product.id) ?? 0) * 86_400_000)
              .toISOString()
              .slice(0, 10),
          })),
        ),
      );
    }
    if (rest === '/sitemap-special.xml') {
      return send(
        request,
        response,
        200,
        'application/xml',
        urlset(
          TRAPS.filter((name) => name !== 'huge' && name !== 'slow').map((name) => ({
            loc: `${baseUrl}/shops/${slug}/special/${name}`,
          })),
        ),
      );
    }
    if (rest === '/category') {
      const pageSize = shop.catalogue.pageSize ?? 20;
      const pages = Math.max(1, Math.ceil(shop.states.length / pageSize));
      const page = Number(url.searchParams.get('page') ?? '1');
      if (!Number.isInteger(page) || page < 1 || page > pages)
        return send(request, response, 404, 'text/html; charset=utf-8', '<html><body>No such page</body></html>');
      return send(
        request,
        response,
        200,
        'text/html; charset=utf-8',
        listingPage(shop.catalogue, shop.states.slice((page - 1) * pageSize, page * pageSize), page, pages),
      );
    }
    const api = /^\/api\/products\/([^/]+)\.json$/.exec(rest);
    if (api) {
      const state = shop.byId.get(decodeURIComponent(api[1]!));
      if (!state) return send(request, response, 404, 'application/json', '{"error":"not found"}');
      return send(request, response, 200, 'application/json', productJson(state, {}, shop.catalogue));
    }
    if (rest.startsWith('/special/'))
      return trap(request, response, shop, rest.slice('/special/'.length), url.searchParams);
    if (rest === '/cart' || rest.startsWith('/private/'))
      return send(request, response, 200, 'text/html; charset=utf-8', '<html><body><h1>Košík</h1></body></html>');
    if (rest.startsWith('/static/'))
      return send(
        request,
        response,
        200,
        rest.endsWith('.css') ? 'text/css' : 'image/gif',
        rest.endsWith('.css') ? 'body{font-family:sans-serif}' : 'GIF89a',
      );
    const state = shop.byPath.get(path);
    if (state) return productAnswer(request, response, shop, state);
    return send(
      request,
      response,
      404,
      'text/html; charset=utf-8',
      '<html><body><h1>Stránka nenalezena</h1></body></html>',
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  const info = (shop: ShopState): FixtureShopInfo => {
    const root = `${baseUrl}/shops/${shop.catalogue.slug}`;
    return {
      slug: shop.catalogue.slug,
      name: shop.catalogue.name,
      style: shop.catalogue.style,
      currency: shop.catalogue.currency,
      url: root,
      sitemapUrl: `${root}/sitemap.xml`,
      listingUrl: `${root}/category`,
      productUrls: shop.states.map((state) => `${baseUrl}${productPath(shop.catalogue, state.product)}`),
      trapUrls: Object.fromEntries(TRAPS.map((name) => [name, `${root}/special/${name}`])) as Record<TrapName, string>,
    };
  };

  return {
    url: baseUrl,
    shops: [...shops.values()].map(info),
    get day() {
      return day;
    },
    advanceDay() {
      day++;
      const changes: { slug: string; productId: string; from: number; to: number }[] = [];
      for (const shop of shops.values()) {
        for (const state of shop.states) {
          const id = state.product.id;
          if (hashUnit(seed, shop.catalogue.slug, id, day, 'change') >= changeShare) continue;
          const factor = 0.85 + hashUnit(seed, shop.catalogue.slug, id, day, 'factor') * 0.3;
          const to = shopRounding(state.price * factor, shop.catalogue.currency);
          if (to === state.price) continue;
          changes.push({ slug: shop.catalogue.slug, productId: id, from: state.price, to });
          state.price = to;
          if (state.regularPrice !== null && state.regularPrice <= to) state.regularPrice = null;
          shop.changedOn.set(id, day);
        }
      }
      return changes;
    },
    priceOf(slug, productId) {
      return shops.get(slug)?.byId.get(productId);
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
