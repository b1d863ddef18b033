import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorageClient, downloadJson } from './storageClient.ts';
import type { StorageError } from './storageError.ts';
import type { UploadTransport } from './uploadTransport.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code = 'storage/unknown') =>
  json({ error: { code, message: 'server says no' } }, status);

/** A fake fetch answering from a list of responses (the last one repeats); it records each call. */
function fakeFetch(...answers: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return answers[Math.min(calls.length - 1, answers.length - 1)]!();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const client = (fetch: typeof globalThis.fetch, upload?: UploadTransport) =>
  createStorageClient({ getToken: async () => 'id-token', fetch, upload, random: () => 0 });

const authorization = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('storage client requests', () => {
  it('lists the public language folder without a token', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({
        prefixes: [],
        items: [{ name: 'languages/de.json', size: 10, contentType: 'application/json', updated: 'now' }],
      }),
    );
    const result = await client(fetch).list('public', { prefix: 'languages/', delimiter: '/' });
    expect(result.items.map((item) => item.name)).toEqual(['languages/de.json']);
    expect(calls[0]!.url).toBe('/storage/public/o?prefix=languages%2F&delimiter=%2F');
    expect(authorization(calls[0]!.init)).toBeUndefined();
  });

  it('sends the ID token for everything else', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ name: 'reports/a.json', size: 2, contentType: 'application/json', updated: 'now' }),
    );
    await client(fetch).metadata('main', 'reports/a.json');
    expect(calls[0]!.url).toBe('/storage/main/o/reports%2Fa.json');
    expect(authorization(calls[0]!.init)).toBe('Bearer id-token');
  });

  it('downloads and parses JSON; the helper answers null on any failure', async () => {
    const { fetch, calls } = fakeFetch(
      () => json({ hello: 'Hallo' }),
      () => failure(404, 'storage/object-not-found'),
    );
    const storage = client(fetch);
    expect(await downloadJson(storage, 'public', 'languages/de.json')).toEqual({ hello: 'Hallo' });
    expect(calls[0]!.url).toBe('/storage/public/o/languages%2Fde.json?alt=media');
    expect(await downloadJson(storage, 'public', 'languages/fr.json')).toBeNull();
  });

  it('answers null when the download is not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>', { status: 200 }));
    expect(await downloadJson(client(fetch), 'public', 'languages/de.json')).toBeNull();
  });

  it.each([200, 204])('deletes with answer %i', async (status) => {
    const { fetch, calls } = fakeFetch(() => new Response(status === 204 ? null : '{}', { status }));
    await expect(client(fetch).remove('public', 'languages/de.json')).resolves.toBeUndefined();
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(authorization(calls[0]!.init)).toBe('Bearer id-token');
  });

  it('refuses a page size outside 1..1000 without a request', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    await expect(client(fetch).list('main', { maxResults: 1001 })).rejects.toMatchObject({ code: 'invalid-page-size' });
    expect(calls).toHaveLength(0);
  });

  it.each([
    [401, 'storage/unauthenticated', 'unauthenticated'],
    [401, 'storage/unauthorized-app', 'unauthorized-app'],
    [402, 'storage/quota-exceeded', 'quota-exceeded'],
    [403, 'storage/unauthorized', 'unauthorized'],
    [404, 'storage/object-not-found', 'object-not-found'],
  ])('maps %i %s to %s without retrying', async (status, code, expected) => {
    const { fetch, calls } = fakeFetch(() => failure(status, code));
    await expect(client(fetch).metadata('main', 'a.json')).rejects.toMatchObject({ code: expected, status });
    expect(calls).toHaveLength(1);
  });
});

describe('storage client retries (fake clock)', () => {
  it.each([500, 502, 503, 408, 429])('retries %i with backoff, then succeeds', async (status) => {
    const { fetch, calls } = fakeFetch(
      () => failure(status),
      () => failure(status),
      () => json({ prefixes: [], items: [] }),
    );
    const result = client(fetch).list('main');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(3);
    await expect(result).resolves.toEqual({ prefixes: [], items: [], nextPageToken: undefined });
  });

  it('retries when no answer comes at all', async () => {
    let calls = 0;
    const fetch = (async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json({ hello: 'x' });
    }) as typeof globalThis.fetch;
    const result = client(fetch).download('main', 'a.json');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ hello: 'x' });
  });

  it('gives up an operation when the next wait would pass 120,000 ms', async () => {
    const { fetch, calls } = fakeFetch(() => failure(503));
    const result = client(fetch).metadata('main', 'a.json');
    const outcome = result.catch((error: unknown) => error);
    // Waits 1+2+4+8+16+32 s = 63 s; the next (64 s) would end at 127 s > 120 s.
    await vi.advanceTimersByTimeAsync(62_999);
    expect(calls).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(7);
    const error = (await outcome) as StorageError;
    expect(error.code).toBe('retry-limit-exceeded');
    expect(error.messageKey).toBe('storage.errors.retryLimitExceeded');
  });

  it('gives an upload 600,000 ms', async () => {
    let attempts = 0;
    const upload: UploadTransport = async () => {
      attempts += 1;
      return { status: 503, body: '' };
    };
    const started = Date.now();
    const outcome = client(fakeFetch().fetch, upload)
      .upload('public', 'languages/de.json', { a: 'b' })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(600_000);
    const error = (await outcome) as StorageError;
    expect(error.code).toBe('retry-limit-exceeded');
    // 63 s, then 64 s waits: 63 + 8 * 64 = 575 s; a ninth 64 s wait would end at 639 s.
    expect(attempts).toBe(15);
    expect(Date.now() - started).toBe(600_000);
  });

  it('cancels while waiting for the next attempt', async () => {
    const { fetch, calls } = fakeFetch(() => failure(503));
    const controller = new AbortController();
    const outcome = client(fetch)
      .download('main', 'a.json', { signal: controller.signal })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(((await outcome) as StorageError).code).toBe('canceled');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });
});

describe('storage client uploads', () => {
  it('posts the JSON document as multipart with the token and reports progress', async () => {
    const progress: number[] = [];
    let sent: Parameters<UploadTransport>[0] | undefined;
    const upload: UploadTransport = async (request) => {
      sent = request;
      request.onProgress?.(5, 10);
      request.onProgress?.(10, 10);
      return {
        status: 200,
        body: JSON.stringify({ name: 'languages/de.json', size: 20, contentType: 'application/json', updated: 'now' }),
      };
    };
    const metadata = await client(fakeFetch().fetch, upload).upload(
      'public',
      'languages/de.json',
      { hello: 'Hallo' },
      { onProgress: (loaded, total) => progress.push(loaded / total) },
    );
    expect(metadata.name).toBe('languages/de.json');
    expect(progress).toEqual([0.5, 1]);
    expect(sent!.url).toBe('/storage/public/o?name=languages%2Fde.json');
    expect(sent!.headers.Authorization).toBe('Bearer id-token');
    const file = sent!.body.get('file') as File;
    expect(file.name).toBe('de.json');
    expect(file.type).toBe('application/json');
    expect(JSON.parse(await file.text())).toEqual({ hello: 'Hallo' });
  });

  it('maps a cancelled upload to canceled', async () => {
    const controller = new AbortController();
    const upload: UploadTransport = ({ signal }) =>
      new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
      );
    const outcome = client(fakeFetch().fetch, upload)
      .upload('public', 'languages/de.json', {}, { signal: controller.signal })
      .catch((error: unknown) => error);
    controller.abort();
    expect(((await outcome) as StorageError).code).toBe('canceled');
  });

  it('maps a refused upload (403) without retrying', async () => {
    let attempts = 0;
    const upload: UploadTransport = async () => {
      attempts += 1;
      return { status: 403, body: JSON.stringify({ error: { code: 'storage/unauthorized', message: 'Admins only' } }) };
    };
    await expect(client(fakeFetch().fetch, upload).upload('public', 'languages/de.json', {})).rejects.toMatchObject({
      code: 'unauthorized',
      serverMessage: 'Admins only',
    });
    expect(attempts).toBe(1);
  });
});
