/**
 * The scraper's HTTP client (README-scraping.md, "Fetching"): one per run, on one undici agent.
 * Per request: robots.txt (cached per origin, crawl-delay obeyed), politeness per host
 * (concurrency and minimum delay), conditional headers (304 -> not_modified), bounded redirects
 * with loop detection (each hop checked like the first), retries with exponential backoff that
 * honour Retry-After on 429 / 5xx / timeouts / network failures, block and captcha pages told
 * apart from other refusals. Every failure is a FetchResult with a kind and a reason, never a throw.
 */
import {
  DEFAULT_USER_AGENT,
  type CreateFetcherOptions,
  type FetchOptions,
  type FetchResult,
  type Fetcher,
  type ScraperSettings,
} from '../scrape-types.ts';
import { detectBlockPage, parseHtml } from '../extract/index.ts';
import { describe, qualified, type Reason } from '../reasons.ts';
import { createRenderer, type Renderer } from './headless.ts';
import { HostGate } from './host-gate.ts';
import { HttpFailure, createAgent, httpGet, literalAddressProblem, type HttpAnswer } from './http.ts';
import { RobotsCache, type RobotsAnswer } from './robots.ts';

export interface FetcherOptions extends CreateFetcherOptions {
  /** First retry's wait when the site names none (doubles per retry); tests shorten it. */
  retryBaseMs?: number;
  /** Chromium for headless mode (default CHROMIUM_PATH or /usr/bin/chromium). */
  chromiumPath?: string;
}

/** A Retry-After longer than this is not waited for: the page fails with the site's wish in its reason. */
const MAX_RETRY_AFTER_MS = 120_000;
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const BLOCK_STATUSES = new Set([403, 429, 503]);
const ROBOTS_MAX_BYTES = 512 * 1024;
/** A sitemap may hold 50 MB uncompressed (sitemaps.org), above a page's cap. */
const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

const isHtmlType = (type: string | undefined) => !type || /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(type);
const isXmlType = (type: string | undefined) =>
  !type || /\bxml\b|^\s*text\/plain\b|^\s*application\/(x-)?gzip\b|^\s*application\/octet-stream\b/i.test(type);

/** Retry-After in ms (seconds or an HTTP date), or null. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

interface Attempt {
  result: FetchResult;
  retry: boolean;
  retryAfterMs: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createFetcher(settings: ScraperSettings, options: FetcherOptions = {}): Fetcher {
  const config = settings.fetch;
  const allowPrivate = options.allowPrivateAddresses ?? false;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const userAgent = config.userAgent ?? DEFAULT_USER_AGENT;
  const agent = createAgent(allowPrivate, config.concurrencyPerHost);
  const gate = new HostGate(config.concurrencyPerHost);
  const baseHeaders: Record<string, string> = {
    'user-agent': userAgent,
    'accept-encoding': 'gzip, deflate, br',
    ...Object.fromEntries(Object.entries(config.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
  };
  const cookies = Object.entries(config.cookies ?? {});
  if (cookies.length) baseHeaders.cookie = cookies.map(([name, value]) => `${name}=${value}`).join('; ');

  const robots = new RobotsCache(async (origin): Promise<RobotsAnswer> => {
    let url = new URL('/robots.txt', origin);
    try {
      for (let hop = 0; hop <= 5; hop++) {
        const problem = literalAddressProblem(url, allowPrivate);
        if (problem) return { error: describe(problem), privateAddress: problem };
        const answer = await httpGet(url, {
          agent,
          headers: { ...baseHeaders, accept: 'text/plain, */*' },
          timeoutMs: config.timeoutMs,
          maxBytes: ROBOTS_MAX_BYTES,
          readBody: (status) => status >= 200 && status < 300,
        });
        const location = answer.headers.location;
        if (answer.status >= 300 && answer.status < 400 && location) {
          url = new URL(location, url);
          continue;
        }
        return { status: answer.status, body: answer.body };
      }
      return { error: 'too many redirects' };
    } catch (error) {
      // a robots.txt above the cap: crawlers read its start only; here it is taken as no rules
      if (error instanceof HttpFailure && error.failure === 'too_large') return { status: 404, body: '' };
      if (error instanceof HttpFailure && error.failure === 'private_address')
        return { error: error.message, privateAddress: error.why };
      return { error: (error as Error).message };
    }
  }, userAgent);

  // Headless mode: the requests a rendered page makes go through the same guard, robots.txt and
  // per-host concurrency (not the delay: a page's scripts come with the page).
  const subGate = new HostGate(config.concurrencyPerHost);
  const renderer: Renderer | null = config.headless
    ? createRenderer({
        executablePath: options.chromiumPath,
        userAgent,
        timeoutMs: config.timeoutMs,
        subFetch: async (address) => {
          let target: URL;
          try {
            target = new URL(address);
          } catch {
            return null;
          }
          if (
            (target.protocol !== 'http:' && target.protocol !== 'https:') ||
            literalAddressProblem(target, allowPrivate)
          )
            return null;
          if (config.obeyRobots) {
            const rules = await robots.rulesFor(target.origin);
            if (rules.privateAddress || rules.disallowed(target.href)) return null;
          }
          const release = await subGate.acquire(target.host, 0);
          try {
            const answer = await httpGet(target, {
              agent,
              headers: { ...baseHeaders, accept: '*/*' },
              timeoutMs: config.timeoutMs,
              maxBytes: config.maxBytes,
              readBody: () => true,
            });
            return { status: answer.status, contentType: answer.headers['content-type'] ?? null, body: answer.body };
          } catch {
            return null;
          } finally {
            release();
          }
        },
      })
    : null;

  async function render(result: Extract<FetchResult, { outcome: 'ok' }>, started: number): Promise<FetchResult> {
    if (!renderer) return result;
    try {
      return {
        ...result,
        body: await renderer.render(result.finalUrl, result.body, result.contentType),
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!;
      return failed(
        /timeout/i.test(message) ? 'timeout' : 'extraction_failed',
        { code: 'RENDER_FAILED', values: { url: result.finalUrl, detail: message } },
        result.status,
        result.finalUrl,
        result.bytes,
        started,
      );
    }
  }

  async function attempt(startUrl: string, fetchOptions: FetchOptions, started: number): Promise<Attempt> {
    const expect = fetchOptions.expect ?? 'html';
    let url: URL;
    let bytes = 0;
    const fail = (
      failure: Parameters<typeof failed>[0],
      why: Reason,
      status: number | null,
      finalUrl: string,
      retry = false,
      after: number | null = null,
    ): Attempt => ({
      result: failed(failure, why, status, finalUrl, bytes, started),
      retry,
      retryAfterMs: after,
    });
    try {
      url = new URL(startUrl);
    } catch {
      return fail('network', { code: 'INVALID_URL', values: { url: startUrl.slice(0, 200) } }, null, startUrl);
    }
    const visited = new Set<string>([url.href]);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return fail('network', { code: 'NOT_HTTP', values: { url: url.href.slice(0, 200) } }, null, url.href);
      }
      const problem = literalAddressProblem(url, allowPrivate);
      if (problem) return fail('private_address', problem, null, url.href);
      let delayMs = config.minDelayMs;
      if (config.obeyRobots) {
        const rules = await robots.rulesFor(url.origin);
        if (rules.privateAddress) return fail('private_address', rules.privateAddress, null, url.href);
        const refusal = rules.disallowed(url.href);
        if (refusal) return fail('robots_disallowed', refusal, null, url.href);
        if (rules.crawlDelay !== null) delayMs = Math.max(delayMs, rules.crawlDelay * 1000);
      }
      const headers: Record<string, string> = {
        accept:
          expect === 'xml'
            ? 'application/xml, text/xml;q=0.9, */*;q=0.5'
            : 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5',
        ...baseHeaders,
      };
      if (fetchOptions.etag) headers['if-none-match'] = fetchOptions.etag;
      if (fetchOptions.lastModified) headers['if-modified-since'] = fetchOptions.lastModified;
      const release = await gate.acquire(url.host, delayMs);
      let answer: HttpAnswer;
      try {
        // Other workers on the same host keep one pace with this one (host-pace.ts).
        if (delayMs > 0 && options.sharedPace) {
          // The database unreachable: this process's own pace (the gate above) still holds.
          const wait = await options.sharedPace(url.host, delayMs).catch(() => 0);
          if (wait > 0) await sleep(wait);
        }
        answer = await httpGet(url, {
          agent,
          headers,
          timeoutMs: config.timeoutMs,
          maxBytes: expect === 'xml' ? Math.max(config.maxBytes, SITEMAP_MAX_BYTES) : config.maxBytes,
          unpackGzipFiles: expect === 'xml',
          readBody: (status, answerHeaders) =>
            (status >= 200 &&
              status < 300 &&
              (expect === 'xml'
                ? isXmlType(answerHeaders['content-type'])
                : isHtmlType(answerHeaders['content-type']))) ||
            (BLOCK_STATUSES.has(status) && isHtmlType(answerHeaders['content-type'])),
        });
      } catch (error) {
        if (!(error instanceof HttpFailure)) throw error;
        bytes += error.bytes;
        return fail(
          error.failure,
          error.why,
          error.status,
          url.href,
          error.failure === 'timeout' || error.failure === 'network',
        );
      } finally {
        release();
      }
      bytes += answer.bytes;
      const { status } = answer;
      const location = answer.headers.location;
      if (status >= 300 && status < 400 && status !== 304 && location) {
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return fail(
            'http_status',
            { code: 'INVALID_REDIRECT', values: { url: url.href, location: location.slice(0, 100) } },
            status,
            url.href,
          );
        }
        if (visited.has(next.href))
          return fail(
            'redirect_loop',
            { code: 'REDIRECT_LOOP', values: { url: startUrl, target: next.href } },
            status,
            url.href,
          );
        if (hop >= config.maxRedirects)
          return fail(
            'redirect_loop',
            { code: 'TOO_MANY_REDIRECTS', values: { url: startUrl, max: config.maxRedirects } },
            status,
            url.href,
          );
        visited.add(next.href);
        url = next;
        continue;
      }
      const durationMs = Math.round(performance.now() - started);
      if (status === 304) {
        return {
          result: {
            outcome: 'not_modified',
            status: 304,
            finalUrl: url.href,
            bytes,
            etag: answer.headers.etag ?? fetchOptions.etag ?? null,
            lastModified: answer.headers['last-modified'] ?? fetchOptions.lastModified ?? null,
            durationMs,
          },
          retry: false,
          retryAfterMs: null,
        };
      }
      if (status >= 200 && status < 300) {
        const contentType = answer.headers['content-type'] ?? null;
        const typeOk = expect === 'xml' ? isXmlType(contentType ?? undefined) : isHtmlType(contentType ?? undefined);
        if (!typeOk) {
          return fail(
            'not_html',
            {
              code: 'NOT_HTML',
              values: { url: url.href, contentType: `${contentType?.split(';')[0]}`, expected: expect },
            },
            status,
            url.href,
          );
        }
        return {
          result: {
            outcome: 'ok',
            status,
            finalUrl: url.href,
            body: answer.body,
            bytes,
            etag: answer.headers.etag ?? null,
            lastModified: answer.headers['last-modified'] ?? null,
            contentType,
            durationMs,
          },
          retry: false,
          retryAfterMs: null,
        };
      }
      if (answer.body && BLOCK_STATUSES.has(status)) {
        const block = detectBlockPage(parseHtml(answer.body));
        if (block)
          return fail(
            'blocked',
            { code: block.code, values: { ...block.values, url: url.href, status } },
            status,
            url.href,
          );
      }
      const after = retryAfterMs(answer.headers['retry-after']);
      return fail(
        'http_status',
        { code: 'HTTP_STATUS', values: { url: url.href, status } },
        status,
        url.href,
        RETRY_STATUSES.has(status),
        after,
      );
    }
  }

  return {
    async fetch(url, fetchOptions = {}) {
      const started = performance.now();
      for (let tried = 0; ; tried++) {
        const { result, retry, retryAfterMs: after } = await attempt(url, fetchOptions, started);
        if (result.outcome === 'ok' && fetchOptions.expect !== 'xml') return render(result, started);
        if (!retry || result.outcome !== 'failed') return result;
        if (tried >= config.retries) {
          return tried ? { ...result, ...qualified(result.why, { attempts: tried + 1 }) } : result;
        }
        if (after !== null && after > MAX_RETRY_AFTER_MS) {
          return { ...result, ...qualified(result.why, { retryAfterSeconds: Math.round(after / 1000) }) };
        }
        const backoff = retryBaseMs * 2 ** tried * (1 + Math.random() * 0.2);
        await sleep(after ?? backoff);
      }
    },
    async close() {
      gate.close();
      subGate.close();
      await renderer?.close();
      await agent.close();
    },
  };
}

function failed(
  failure: Extract<FetchResult, { outcome: 'failed' }>['failure'],
  why: Reason,
  status: number | null,
  finalUrl: string,
  bytes: number,
  started: number,
): FetchResult {
  return {
    outcome: 'failed',
    failure,
    reason: describe(why),
    why,
    status,
    finalUrl,
    bytes,
    durationMs: Math.round(performance.now() - started),
  };
}
