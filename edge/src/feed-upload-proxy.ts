/**
 * Proxies POST /feeds/{productFeedId}/upload (a product feed's file, api/src/feeds/upload-route.ts)
 * to the API's origin after the token is verified. The body is streamed through, never held whole
 * (feed files are large; the API applies its own size limit); the API answers when the import is
 * done, so the wait is long (FEED_UPLOAD_TIMEOUT_MS) and the console polls the run meanwhile.
 * Only the headers the API needs go up, and only `fileName` of the query string.
 */
import type { Handler } from 'hono';
import { edgeSecretHeaders, readConfig, type EdgeEnv } from './env.ts';
import { FORWARDED_RESPONSE_HEADERS, REQUEST_ID_HEADER, requestIdOf } from './graphql-proxy.ts';
import { graphqlError } from './json-error.ts';

export const FEED_UPLOAD_PATH = '/feeds/:productFeedId/upload';
/** How long the API may take to read and import the file before the worker gives up (30 min). */
export const FEED_UPLOAD_TIMEOUT_MS = 30 * 60 * 1000;
const FORWARDED = ['authorization', 'content-type', 'content-length', 'accept', 'accept-language'] as const;

export interface FeedUploadProxyOptions {
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function feedUploadProxy(options: FeedUploadProxyOptions = {}): Handler<EdgeEnv> {
  return async function feedUploadProxyHandler(c) {
    const config = readConfig(c.env);
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    const feedId = c.req.param('productFeedId') ?? '';
    const target = new URL(`/feeds/${encodeURIComponent(feedId)}/upload`, config.graphqlUpstream);
    const fileName = c.req.query('fileName');
    if (fileName !== undefined) target.searchParams.set('fileName', fileName);

    const headers = new Headers({ [REQUEST_ID_HEADER]: requestId, ...edgeSecretHeaders(config) });
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const timeoutMs = options.timeoutMs ?? FEED_UPLOAD_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    let upstream: Response;
    try {
      upstream = await (options.fetch ?? fetch)(target, {
        method: 'POST',
        headers,
        body: c.req.raw.body,
        signal: timeout,
        redirect: 'manual',
        // A streamed request body (Node's fetch requires saying so; workerd ignores it).
        duplex: 'half',
      } as RequestInit);
    } catch (error) {
      if (timeout.aborted) {
        return graphqlError(
          `The API did not finish the import within ${timeoutMs / 1000} s.`,
          'UPSTREAM_TIMEOUT',
          504,
          { [REQUEST_ID_HEADER]: requestId },
        );
      }
      console.error(`[edge] feed upload upstream ${target.origin} unreachable: ${(error as Error).message}`);
      return graphqlError('The API is unreachable; try again in a moment.', 'UPSTREAM_UNREACHABLE', 502, {
        [REQUEST_ID_HEADER]: requestId,
      });
    }
    const responseHeaders = new Headers({ [REQUEST_ID_HEADER]: requestId, 'Cache-Control': 'no-store' });
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null && name !== 'cache-control') responseHeaders.set(name, value);
    }
    return new Response(upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  };
}
