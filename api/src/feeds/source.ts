/**
 * Where a feed's bytes come from: a URL fetched with a time limit and a size limit, or an
 * uploaded body with the same size limit. Either way a Readable that errors with a
 * FeedFileError when a limit is passed, and that counts what it passed on.
 */
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { FeedFileError } from './fields.ts';

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
    if (this.bytes > this.maxBytes) callback(new FeedFileError(`The feed is larger than the limit of ${formatBytes(this.maxBytes)}`, null));
    else callback(null, chunk);
  }
}

export const formatBytes = (bytes: number) => (bytes >= 1024 ** 2 ? `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB` : `${bytes} bytes`);

/** Counts and limits a stream; its errors (e.g. a dropped upload) pass on. */
export function limited(source: Readable, maxBytes: number): ByteLimit {
  const counter = new ByteLimit(maxBytes);
  source.on('error', (error) => counter.destroy(error));
  counter.on('error', () => source.destroy());
  return source.pipe(counter);
}

/** GETs the URL; the body as a limited stream. Refusals and HTTP errors are FeedFileErrors. */
export async function fetchFeed(url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<ByteLimit> {
  const controller = new AbortController();
  const timeoutError = new FeedFileError(`Fetching the feed took longer than ${Math.round(limits.timeoutMs / 100) / 10} s`, null);
  const timer = setTimeout(() => controller.abort(timeoutError), limits.timeoutMs);
  timer.unref();
  let response: Response;
  try {
    response = await fetch(url, { signal: controller.signal, redirect: 'follow', headers: { accept: 'text/csv, application/xml, text/xml, */*' } });
  } catch (error) {
    clearTimeout(timer);
    if (controller.signal.aborted) throw timeoutError;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new FeedFileError(`The feed URL could not be fetched: ${cause?.code ?? cause?.message ?? (error as Error).message}`, null);
  }
  if (!response.ok || !response.body) {
    clearTimeout(timer);
    await response.body?.cancel().catch(() => undefined);
    throw new FeedFileError(`The feed URL answered HTTP ${response.status}`, null);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > limits.maxBytes) {
    clearTimeout(timer);
    await response.body.cancel().catch(() => undefined);
    throw new FeedFileError(`The feed is larger than the limit of ${formatBytes(limits.maxBytes)} (${formatBytes(declared)})`, null);
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const stream = new ByteLimit(limits.maxBytes);
  // The time limit covers the whole download: an abort errors the body stream.
  body.on('error', (error) => stream.destroy(controller.signal.aborted ? timeoutError : error));
  stream.on('error', () => body.destroy());
  body.pipe(stream);
  const done = () => clearTimeout(timer);
  stream.on('close', done).on('end', done).on('error', done);
  return stream;
}
