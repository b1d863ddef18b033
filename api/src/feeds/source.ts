/**
 * Where a feed's bytes come from: a URL fetched with a time limit and a size limit, or an
 * uploaded body with the same size limit. Either way a Readable that errors with a
 * FeedFileError when a limit is passed, and that counts what it passed on.
 */
import type { IncomingMessage } from 'node:http';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { isIP } from 'node:net';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { FeedFileError } from './fields.ts';
import { BlockedAddressError, guardedLookup, isPublicAddress, privateHostsAllowed } from './url-guard.ts';

export interface FetchLimits {
  /** The whole download, headers to last byte. */
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 5 * 60_000, maxBytes: 2 * 1024 ** 3 };

/** Passes bytes on and counts them; errors once more than `maxBytes` went through. */
export class ByteLimit extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes)
      callback(
        new FeedFileError(`The feed is larger than the limit of ${formatBytes(this.maxBytes)}`, null, {
          code: 'FILE_TOO_LARGE',
          values: { limitBytes: this.maxBytes },
        }),
      );
    else callback(null, chunk);
  }
}

export const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 2 ? `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB` : `${bytes} bytes`;

/** Counts and limits a stream; its errors (e.g. a dropped upload) pass on. */
export function limited(source: Readable, maxBytes: number): ByteLimit {
  const counter = new ByteLimit(maxBytes);
  source.on('error', (error) => counter.destroy(error));
  counter.on('error', () => source.destroy());
  return source.pipe(counter);
}

/** Redirects followed at most (each hop is checked like the first URL). */
const MAX_REDIRECTS = 5;

/**
 * GETs the URL (http or https only; only public addresses unless FEED_ALLOW_PRIVATE_HOSTS=1, see
 * url-guard.ts), following up to 5 redirects; the body as a limited stream. Refusals and HTTP
 * errors are FeedFileErrors.
 */
export async function fetchFeed(
  url: string,
  limits: FetchLimits = DEFAULT_LIMITS,
  allowPrivate = privateHostsAllowed(),
): Promise<ByteLimit> {
  const controller = new AbortController();
  const timeoutError = new FeedFileError(
    `Fetching the feed took longer than ${Math.round(limits.timeoutMs / 100) / 10} s`,
    null,
    { code: 'FETCH_TIMEOUT', values: { seconds: Math.round(limits.timeoutMs / 100) / 10 } },
  );
  const timer = setTimeout(() => controller.abort(timeoutError), limits.timeoutMs);
  timer.unref();
  let response: IncomingMessage;
  try {
    response = await follow(new URL(url), controller.signal, allowPrivate);
  } catch (error) {
    clearTimeout(timer);
    if (controller.signal.aborted) throw timeoutError;
    if (error instanceof FeedFileError) throw error;
    if (error instanceof BlockedAddressError)
      throw new FeedFileError(error.message, null, {
        code: 'PRIVATE_ADDRESS',
        values: { host: error.host, address: error.address },
      });
    const failure = error as NodeJS.ErrnoException;
    throw new FeedFileError(`The feed URL could not be fetched: ${failure.code ?? failure.message}`, null, {
      code: 'FETCH_FAILED',
      values: { detail: failure.code ?? failure.message },
    });
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    clearTimeout(timer);
    response.destroy();
    throw new FeedFileError(`The feed URL answered HTTP ${status}`, null, { code: 'HTTP_STATUS', values: { status } });
  }
  const declared = Number(response.headers['content-length']);
  if (declared > limits.maxBytes) {
    clearTimeout(timer);
    response.destroy();
    throw new FeedFileError(
      `The feed is larger than the limit of ${formatBytes(limits.maxBytes)} (${formatBytes(declared)})`,
      null,
      { code: 'FILE_TOO_LARGE', values: { limitBytes: limits.maxBytes, sizeBytes: declared } },
    );
  }
  const stream = new ByteLimit(limits.maxBytes);
  // The time limit covers the whole download: an abort errors the body stream.
  const abort = () => response.destroy(timeoutError);
  controller.signal.addEventListener('abort', abort, { once: true });
  response.on('error', (error) => stream.destroy(controller.signal.aborted ? timeoutError : error));
  stream.on('error', () => response.destroy());
  response.pipe(stream);
  const done = () => {
    clearTimeout(timer);
    controller.signal.removeEventListener('abort', abort);
  };
  stream.on('close', done).on('end', done).on('error', done);
  return stream;
}

/** One GET per hop; a 3xx with a Location goes on to that URL (checked again), at most MAX_REDIRECTS times. */
async function follow(url: URL, signal: AbortSignal, allowPrivate: boolean): Promise<IncomingMessage> {
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FeedFileError(`The feed URL must be http or https, not ${url.protocol.replace(/:$/, '')}`, null, {
        code: 'NOT_HTTP',
        values: { protocol: url.protocol.replace(/:$/, '') },
      });
    }
    // A literal address is connected to without a lookup: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(literal) && !isPublicAddress(literal))
      throw new BlockedAddressError(url.hostname, literal);
    const response = await get(url, signal, allowPrivate);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status < 300 || status > 399 || !location) return response;
    response.resume();
    if (hop >= MAX_REDIRECTS)
      throw new FeedFileError(`The feed URL redirected more than ${MAX_REDIRECTS} times`, null, {
        code: 'TOO_MANY_REDIRECTS',
        values: { max: MAX_REDIRECTS },
      });
    url = new URL(location, url);
  }
}

function get(url: URL, signal: AbortSignal, allowPrivate: boolean): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsGet : httpGet)(
      url,
      {
        signal,
        headers: { accept: 'text/csv, application/xml, text/xml, */*', 'accept-encoding': 'identity' },
        ...(allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      resolve,
    );
    request.on('error', reject);
  });
}
