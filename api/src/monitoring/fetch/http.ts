/**
 * One HTTP GET without redirects on undici: a time limit over the whole exchange, a size cap on
 * the body on the wire (the stream is aborted once passed) and once decompressed, gzip / brotli / deflate, the body
 * decoded by its charset (header or the page's own <meta charset>). The private-address guard
 * of URL feeds (feeds/url-guard.ts) runs on the address connected to, through the agent's lookup.
 */
import { isIP } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync, constants as zlib } from 'node:zlib';
import { Agent, request } from 'undici';
import { guardedLookup, isPublicAddress } from '../../feeds/url-guard.ts';
import { describe, type Reason, type ReasonCode, type ReasonValues } from '../reasons.ts';
import type { FailureKind } from '../scrape-types.ts';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  /** Decoded text; '' when the body was not read. */
  body: string;
  /** Bytes on the wire. */
  bytes: number;
}

export class HttpFailure extends Error {
  readonly why: Reason;
  constructor(
    readonly failure: FailureKind,
    code: ReasonCode,
    values: ReasonValues,
    readonly status: number | null = null,
    readonly bytes = 0,
  ) {
    const why = { code, values };
    super(describe(why));
    this.why = why;
  }
}

export function createAgent(allowPrivateAddresses: boolean, connections: number): Agent {
  return new Agent({
    connections: Math.max(connections, 1) * 2,
    keepAliveTimeout: 10_000,
    connect: allowPrivateAddresses ? { timeout: 10_000 } : { timeout: 10_000, lookup: guardedLookup as never },
  });
}

/** A literal address is connected to without a lookup: check it here (feeds/source.ts does the same). */
export function literalAddressProblem(url: URL, allowPrivateAddresses: boolean): Reason | null {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateAddresses && isIP(literal) && !isPublicAddress(literal)) {
    return { code: 'PRIVATE_ADDRESS', values: { host: url.host } };
  }
  return null;
}

const flatten = (headers: Record<string, string | string[] | undefined>) => {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers))
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
};

/** The charset of a page: its Content-Type, else a <meta charset> / http-equiv in its first bytes (the HTML prescan). */
function charsetOf(contentType: string | undefined, head: Buffer): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader;
  const prefix = head.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(prefix)?.[1];
  return fromMeta ?? 'utf-8';
}

function decode(buffer: Buffer, contentType: string | undefined): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(contentType, buffer));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(buffer);
}

export interface GetOptions {
  agent: Agent;
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  /** A body that is itself a gzip file (sitemap.xml.gz) is unpacked. */
  unpackGzipFiles?: boolean;
  /** Whether to read the body of this answer (by status and headers); an unread body is discarded. */
  readBody: (status: number, headers: Record<string, string | undefined>) => boolean;
}

export async function httpGet(url: URL, options: GetOptions): Promise<HttpAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const timedOut = () =>
    new HttpFailure('timeout', 'TIMEOUT', { url: url.href, seconds: Math.round(options.timeoutMs / 100) / 10 });
  let bytes = 0;
  try {
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, {
        method: 'GET',
        dispatcher: options.agent,
        headers: options.headers,
        signal: controller.signal,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
    } catch (error) {
      if (controller.signal.aborted) throw timedOut();
      throw networkFailure(url, error);
    }
    const headers = flatten(response.headers);
    const status = response.statusCode;
    if (!options.readBody(status, headers)) {
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      return { status, headers, body: '', bytes: Number(headers['content-length']) || 0 };
    }
    const declared = Number(headers['content-length']);
    if (declared > options.maxBytes && !headers['content-encoding']) {
      response.body.destroy();
      throw new HttpFailure(
        'too_large',
        'TOO_LARGE_DECLARED',
        { url: url.href, sizeBytes: declared, limitBytes: options.maxBytes },
        status,
        0,
      );
    }
    // The body is read whole (at most maxBytes on the wire), then decompressed in one call
    // capped at maxBytes: cheaper per page than a decompression stream for shop-sized pages.
    const chunks: Buffer[] = [];
    const encoding = (headers['content-encoding'] ?? '').trim().toLowerCase();
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > options.maxBytes) {
          response.body.destroy();
          throw new HttpFailure(
            'too_large',
            'TOO_LARGE',
            { url: url.href, limitBytes: options.maxBytes },
            status,
            bytes,
          );
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof HttpFailure) throw error;
      if (controller.signal.aborted) throw timedOut();
      throw networkFailure(url, error);
    }
    let raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    try {
      const limit = { maxOutputLength: options.maxBytes };
      if (encoding === 'gzip' || encoding === 'x-gzip')
        raw = gunzipSync(raw, { ...limit, finishFlush: zlib.Z_SYNC_FLUSH });
      else if (encoding === 'br') raw = brotliDecompressSync(raw, limit);
      else if (encoding === 'deflate') raw = inflateSync(raw, { ...limit, finishFlush: zlib.Z_SYNC_FLUSH });
      if (options.unpackGzipFiles && raw.length > 2 && raw[0] === 0x1f && raw[1] === 0x8b) raw = gunzipSync(raw, limit);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        throw new HttpFailure(
          'too_large',
          'TOO_LARGE_DECOMPRESSED',
          { url: url.href, limitBytes: options.maxBytes },
          status,
          bytes,
        );
      }
      throw new HttpFailure(
        'network',
        'UNDECOMPRESSABLE',
        { url: url.href, encoding, detail: (error as Error).message },
        status,
        bytes,
      );
    }
    return { status, headers, body: decode(raw, headers['content-type']), bytes };
  } finally {
    clearTimeout(timer);
  }
}

function networkFailure(url: URL, error: unknown): HttpFailure {
  const failure = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const blocked = [failure, failure.cause].find((entry) => entry?.code === 'EFEEDBLOCKED');
  if (blocked) return new HttpFailure('private_address', 'PRIVATE_HOST', { host: url.host });
  const code = failure.code ?? failure.cause?.code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new HttpFailure('timeout', 'TIMEOUT_CONNECTION', { url: url.href, detail: code });
  }
  return new HttpFailure('network', 'NETWORK', { url: url.href, detail: code ?? failure.message });
}
