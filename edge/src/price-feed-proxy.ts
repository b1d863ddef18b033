/**
 * Proxies GET /price-feed/{organizationWebsiteId} (the shop's price feed, api/src/pricing/feed/route.ts)
 * to the API's origin. No Firebase token here: the shop's systems authenticate with the website's
 * API key (X-Api-Key or `?key=`), which the API checks. Only that header, Accept and the query's
 * format, accepted and key go up; the body is streamed back (feeds are large).
 */
import type { Handler } from 'hono';
import { edgeSecretHeaders, readConfig, type EdgeEnv } from './env.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './graphql-proxy.ts';
import { graphqlError } from './json-error.ts';

export const PRICE_FEED_PATH = '/price-feed/:organizationWebsiteId';
const FORWARDED_QUERY = ['format', 'accepted', 'key'] as const;
const FORWARDED_HEADERS = ['x-api-key', 'accept'] as const;
const RETURNED_HEADERS = ['content-type', 'www-authenticate'] as const;

export interface PriceFeedProxyOptions {
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
}

export function priceFeedProxy(options: PriceFeedProxyOptions = {}): Handler<EdgeEnv> {
  return async function priceFeedProxyHandler(c) {
    const config = readConfig(c.env);
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    const websiteId = c.req.param('organizationWebsiteId') ?? '';
    const target = new URL(`/price-feed/${encodeURIComponent(websiteId)}`, config.graphqlUpstream);
    for (const name of FORWARDED_QUERY) {
      const value = c.req.query(name);
      if (value !== undefined) target.searchParams.set(name, value);
    }
    const headers = new Headers({ [REQUEST_ID_HEADER]: requestId, ...edgeSecretHeaders(config) });
    for (const name of FORWARDED_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    let upstream: Response;
    try {
      upstream = await (options.fetch ?? fetch)(target, {
        method: c.req.method === 'HEAD' ? 'HEAD' : 'GET',
        headers,
        redirect: 'manual',
      });
    } catch (error) {
      console.error(`[edge] price feed upstream ${target.origin} unreachable: ${(error as Error).message}`);
      return graphqlError('The API is unreachable; try again in a moment.', 'UPSTREAM_UNREACHABLE', 502, {
        [REQUEST_ID_HEADER]: requestId,
      });
    }
    const responseHeaders = new Headers({ [REQUEST_ID_HEADER]: requestId, 'Cache-Control': 'no-store' });
    for (const name of RETURNED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) responseHeaders.set(name, value);
    }
    return new Response(upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  };
}
