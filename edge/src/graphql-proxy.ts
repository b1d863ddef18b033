/**
 * Proxies POST /graphql to GRAPHQL_UPSTREAM after the token is verified, forwarding only the
 * headers the API needs. Bodies over 1 MB are refused (413), an unreachable upstream is a 502,
 * one slower than the timeout a 504; all as GraphQL-shaped JSON.
 */
import type { Handler } from 'hono';
import { edgeSecretHeaders, readConfig, type EdgeEnv } from './env.ts';
import { graphqlError } from './json-error.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** The only client headers the API gets (plus a request id). Never cookies. */
export const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'accept-language'] as const;
/** The only upstream headers the client gets back. */
export const FORWARDED_RESPONSE_HEADERS = ['content-type', 'cache-control', 'content-language'] as const;

export interface GraphqlProxyOptions {
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
  /** Overrides GRAPHQL_UPSTREAM_TIMEOUT_MS (tests). */
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export function graphqlProxy(options: GraphqlProxyOptions = {}): Handler<EdgeEnv> {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const limitMessage = `The request body is larger than ${maxBodyBytes} bytes.`;

  return async function graphqlProxyHandler(c) {
    const config = readConfig(c.env);
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));

    const declared = Number(c.req.header('Content-Length') ?? 0);
    if (declared > maxBodyBytes)
      return graphqlError(limitMessage, 'PAYLOAD_TOO_LARGE', 413, { [REQUEST_ID_HEADER]: requestId });
    const body = await readLimited(c.req.raw.body, maxBodyBytes);
    if (body === null) return graphqlError(limitMessage, 'PAYLOAD_TOO_LARGE', 413, { [REQUEST_ID_HEADER]: requestId });

    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    headers.set(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of Object.entries(edgeSecretHeaders(config))) headers.set(name, value);

    const timeoutMs = options.timeoutMs ?? config.upstreamTimeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    let upstream: Response;
    try {
      upstream = await (options.fetch ?? fetch)(config.graphqlUpstream, {
        method: 'POST',
        headers,
        body,
        signal: timeout,
        redirect: 'manual',
      });
    } catch (error) {
      if (timeout.aborted) {
        return graphqlError(`The GraphQL API did not answer within ${timeoutMs / 1000} s.`, 'UPSTREAM_TIMEOUT', 504, {
          [REQUEST_ID_HEADER]: requestId,
        });
      }
      console.error(`[edge] GraphQL upstream ${config.graphqlUpstream} unreachable: ${(error as Error).message}`);
      return graphqlError('The GraphQL API is unreachable; try again in a moment.', 'UPSTREAM_UNREACHABLE', 502, {
        [REQUEST_ID_HEADER]: requestId,
      });
    }

    const responseHeaders = new Headers({ [REQUEST_ID_HEADER]: requestId });
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) responseHeaders.set(name, value);
    }
    if (!responseHeaders.has('cache-control')) responseHeaders.set('Cache-Control', 'no-store');
    return new Response(upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  };
}

/** OPTIONS /graphql: the console is same-origin, so no CORS grant; just say what is allowed. */
export function graphqlOptions(): Handler<EdgeEnv> {
  return function graphqlOptionsHandler() {
    return new Response(null, { status: 204, headers: { Allow: 'POST, OPTIONS', 'Cache-Control': 'no-store' } });
  };
}

export function graphqlMethodNotAllowed(): Handler<EdgeEnv> {
  return function graphqlMethodNotAllowedHandler(c) {
    return graphqlError(`${c.req.method} is not supported on /graphql; send a POST.`, 'METHOD_NOT_ALLOWED', 405, {
      Allow: 'POST, OPTIONS',
    });
  };
}

export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/** Reads the whole body, or returns null as soon as it passes the limit. */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
