import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCRAPER_SETTINGS, type Fetcher, type ScraperSettings } from '../scrape-types.ts';
import { createFetcher, retryAfterMs } from './fetcher.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A loopback server whose answers each test sets; it records requests and concurrent ones. */
let server: Server;
let base: string;
let handler: Handler;
let robots: { status: number; body: string };
let robotsReads = 0;
const seen: { url: string; headers: IncomingMessage['headers']; at: number }[] = [];
let active = 0;
let maxActive = 0;
const fetchers: Fetcher[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/robots.txt') {
      robotsReads++;
      response.writeHead(robots.status, { 'content-type': 'text/plain' }).end(robots.body);
      return;
    }
    seen.push({ url: request.url!, headers: request.headers, at: performance.now() });
    active++;
    maxActive = Math.max(maxActive, active);
    response.on('close', () => active--);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((fetcher) => fetcher.close()));
  seen.length = 0;
  maxActive = 0;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function fetcher(fetch: Partial<ScraperSettings['fetch']> = {}): Fetcher {
  const created = createFetcher(
    { ...DEFAULT_SCRAPER_SETTINGS, fetch: { ...DEFAULT_SCRAPER_SETTINGS.fetch, minDelayMs: 0, ...fetch } },
    { allowPrivateAddresses: true, retryBaseMs: 20 },
  );
  fetchers.push(created);
  return created;
}

const html = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;
const page: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html('ok'));
};

describe('createFetcher', () => {
  beforeAll(() => {
    robots = { status: 404, body: '' };
  });

  it('sends the user agent, headers and cookies of the scraper', async () => {
    handler = page;
    const result = await fetcher({
      userAgent: 'ShopWatch/2.0',
      headers: { 'Accept-Language': 'cs-CZ' },
      cookies: { consent: 'all', region: 'cz' },
    }).fetch(`${base}/a`);
    expect(result.outcome).toBe('ok');
    expect(seen[0]!.headers).toMatchObject({
      'user-agent': 'ShopWatch/2.0',
      'accept-language': 'cs-CZ',
      cookie: 'consent=all; region=cz',
    });
    expect(seen[0]!.headers['accept-encoding']).toContain('br');
  });

  it.each([
    ['gzip', (body: string) => gzipSync(body)],
    ['deflate', (body: string) => deflateSync(body)],
  ])('decompresses %s', async (encoding, compress) => {
    const text = html('<p>Příliš žluťoučký kůň</p>'.repeat(200));
    handler = (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding })
        .end(compress(text));
    const result = await fetcher().fetch(`${base}/z`);
    expect(result.outcome === 'ok' && result.body).toBe(text);
    expect(result.outcome === 'ok' && result.bytes).toBeLessThan(Buffer.byteLength(text) / 5);
  });

  it('decodes a windows-1250 page by its <meta charset>', async () => {
    // "Kč" and "ž" in windows-1250: K=0x4b č=0xe8, ž=0x9e
    const bytes = Buffer.concat([
      Buffer.from('<html><head><meta charset="windows-1250"></head><body>1 299 K'),
      Buffer.from([0xe8, 0x20, 0x9e]),
      Buffer.from('</body></html>'),
    ]);
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(bytes);
    const result = await fetcher().fetch(`${base}/cp1250`);
    expect(result.outcome === 'ok' && result.body).toContain('1 299 Kč ž');
  });

  it('stops reading a body over the cap, also when the size is not announced', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => {
        if (!response.write('x'.repeat(64 * 1024))) return;
      }, 1);
      response.on('close', () => clearInterval(timer));
    };
    const result = await fetcher({ maxBytes: 200_000 }).fetch(`${base}/endless`);
    expect(result).toMatchObject({ outcome: 'failed', failure: 'too_large' });
    handler = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': '999999999' }).end();
    const announced = await fetcher({ maxBytes: 200_000 }).fetch(`${base}/big`);
    expect(announced).toMatchObject({ outcome: 'failed', failure: 'too_large' });
    expect(announced.outcome === 'failed' && announced.reason).toContain('above the limit');
  });

  it('refuses a small compressed body that decompresses beyond the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 'a'));
    handler = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
    const result = await fetcher({ maxBytes: 200_000 }).fetch(`${base}/bomb`);
    expect(result).toMatchObject({ outcome: 'failed', failure: 'too_large' });
    expect(result.outcome === 'failed' && result.reason).toContain('once decompressed');
  });

  it('follows redirects up to the limit and names a loop', async () => {
    handler = (request, response) => {
      const n = Number(request.url!.slice(2));
      if (n < 3) response.writeHead(302, { location: `/r${n + 1}` }).end();
      else page(request, response);
    };
    expect(await fetcher({ maxRedirects: 3 }).fetch(`${base}/r0`)).toMatchObject({
      outcome: 'ok',
      finalUrl: `${base}/r3`,
    });
    const limited = await fetcher({ maxRedirects: 2 }).fetch(`${base}/r0`);
    expect(limited).toMatchObject({ outcome: 'failed', failure: 'redirect_loop' });
    expect(limited.outcome === 'failed' && limited.reason).toContain('more than 2 times');
  });

  it('refuses a redirect to another scheme', async () => {
    handler = (_request, response) => response.writeHead(301, { location: 'file:///etc/passwd' }).end();
    const result = await fetcher().fetch(`${base}/to-file`);
    expect(result).toMatchObject({ outcome: 'failed', failure: 'network' });
    expect(result.outcome === 'failed' && result.reason).toContain('only http and https');
  });

  it('sends conditional headers and answers not_modified on 304', async () => {
    handler = (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') response.writeHead(304, { etag: '"v1"' }).end();
      else
        response
          .writeHead(200, {
            'content-type': 'text/html',
            etag: '"v1"',
            'last-modified': 'Wed, 01 Jan 2026 00:00:00 GMT',
          })
          .end(html('x'));
    };
    const first = await fetcher().fetch(`${base}/c`);
    expect(first).toMatchObject({ outcome: 'ok', etag: '"v1"', lastModified: 'Wed, 01 Jan 2026 00:00:00 GMT' });
    expect(
      await fetcher().fetch(`${base}/c`, { etag: '"v1"', lastModified: 'Wed, 01 Jan 2026 00:00:00 GMT' }),
    ).toMatchObject({ outcome: 'not_modified', etag: '"v1"' });
    expect(seen[1]!.headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Wed, 01 Jan 2026 00:00:00 GMT',
    });
  });

  it('retries a 503 after its Retry-After, and gives up on a Retry-After of hours', async () => {
    let calls = 0;
    handler = (request, response) => {
      calls++;
      if (calls === 1) response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' }).end('busy');
      else page(request, response);
    };
    const started = performance.now();
    expect(await fetcher().fetch(`${base}/busy`)).toMatchObject({ outcome: 'ok' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    handler = (_request, response) =>
      response.writeHead(429, { 'retry-after': '7200', 'content-type': 'text/plain' }).end('later');
    const refused = await fetcher().fetch(`${base}/later`);
    expect(refused).toMatchObject({ outcome: 'failed', failure: 'http_status', status: 429 });
    expect(refused.outcome === 'failed' && refused.reason).toContain('retry after 7200 s');
    expect(seen.filter((entry) => entry.url === '/later')).toHaveLength(1);
  });

  it('does not retry a 404', async () => {
    handler = (_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end(html('no'));
    expect(await fetcher({ retries: 3 }).fetch(`${base}/missing`)).toMatchObject({
      outcome: 'failed',
      failure: 'http_status',
      status: 404,
    });
    expect(seen).toHaveLength(1);
  });

  it('keeps one request at a time per host by default, more when allowed', async () => {
    handler = (request, response) => setTimeout(() => page(request, response), 60);
    const one = fetcher({ concurrencyPerHost: 1 });
    await Promise.all([1, 2, 3, 4].map((n) => one.fetch(`${base}/p${n}`)));
    expect(maxActive).toBe(1);
    maxActive = 0;
    const two = fetcher({ concurrencyPerHost: 2 });
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => two.fetch(`${base}/q${n}`)));
    expect(maxActive).toBe(2);
  });

  it('waits the minimum delay between two requests to a host', async () => {
    handler = page;
    const polite = fetcher({ minDelayMs: 500 });
    await Promise.all([1, 2, 3].map((n) => polite.fetch(`${base}/d${n}`)));
    const gaps = seen.slice(1).map((entry, i) => entry.at - seen[i]!.at);
    // spaced by the client at the start of each request; arrival at the server varies on a busy machine
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(400);
  });
});

describe('robots.txt', () => {
  it('is obeyed with its crawl-delay, read once per host', async () => {
    robots = {
      status: 200,
      body: 'User-agent: *\nCrawl-delay: 0.5\nDisallow: /private/\n\nUser-agent: OtherBot\nDisallow: /\n',
    };
    handler = page;
    const polite = fetcher();
    robotsReads = 0;
    const results = await Promise.all(
      ['/x1', '/x2', '/private/y', '/x3'].map((path) => polite.fetch(`${base}${path}`)),
    );
    expect(results.map((result) => (result.outcome === 'failed' ? result.failure : result.outcome))).toEqual([
      'ok',
      'ok',
      'robots_disallowed',
      'ok',
    ]);
    const gaps = seen.slice(1).map((entry, i) => entry.at - seen[i]!.at);
    // spaced by the client; arrival at the server varies on a busy machine (the first request also connects)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(400);
    expect(robotsReads).toBe(1);
    // a scraper may be told to ignore it
    expect(await fetcher({ obeyRobots: false }).fetch(`${base}/private/y`)).toMatchObject({ outcome: 'ok' });
  });

  it("matches the scraper's own user agent group", async () => {
    robots = { status: 200, body: 'User-agent: ShopWatch\nDisallow: /\n\nUser-agent: *\nDisallow:\n' };
    handler = page;
    expect(await fetcher({ userAgent: 'ShopWatch/2.0 (+https://example.com)' }).fetch(`${base}/a`)).toMatchObject({
      outcome: 'failed',
      failure: 'robots_disallowed',
    });
    expect(await fetcher().fetch(`${base}/a`)).toMatchObject({ outcome: 'ok' });
  });

  it('a robots.txt answering 5xx stops the crawl; a 404 allows it', async () => {
    handler = page;
    robots = { status: 503, body: '' };
    const down = await fetcher().fetch(`${base}/a`);
    expect(down).toMatchObject({ outcome: 'failed', failure: 'robots_disallowed' });
    expect(down.outcome === 'failed' && down.reason).toContain('HTTP 503');
    robots = { status: 404, body: '' };
    expect(await fetcher().fetch(`${base}/a`)).toMatchObject({ outcome: 'ok' });
  });
});

describe('retryAfterMs', () => {
  it.each([
    ['5', 5000],
    ['0', 0],
    ['Wed, 01 Jan 2026 00:00:30 GMT', 30_000],
    ['soon', null],
    [undefined, null],
  ])('%s -> %s', (value, ms) => {
    expect(retryAfterMs(value, Date.parse('Wed, 01 Jan 2026 00:00:00 GMT'))).toBe(ms);
  });
});
