/**
 * The storage service on Firebase Storage's REST API (v0, what the Firebase web SDK calls),
 * every request with the worker's own service account token (`Authorization: Bearer <access
 * token>`, service-account.ts): the worker has already checked the caller (routes.ts), and the
 * project's security rules (storage.rules) deny every direct request, so no user's ID token is
 * ever sent here.
 *
 *   list      GET    /v0/b/{bucket}/o?prefix=&delimiter=&pageToken=&maxResults=  -> { prefixes, items: [{ name, bucket }], nextPageToken }
 *   metadata  GET    /v0/b/{bucket}/o/{encoded name}                              -> { name, bucket, size: "12", contentType, updated, ... }
 *   download  GET    /v0/b/{bucket}/o/{encoded name}?alt=media                    -> the bytes
 *   upload    POST   /v0/b/{bucket}/o?name={name}, X-Goog-Upload-Protocol: multipart, multipart/related body -> metadata
 *   delete    DELETE /v0/b/{bucket}/o/{encoded name}                              -> 204
 *
 * Errors (`{ error: { code, message } }`) map by status: 402, 403 and 404 pass through with the
 * SDK's codes; a 401 (the worker's credential refused), 5xx, 408 and 429 become 502 storage/unknown;
 * no answer in time is a 504.
 */
import { DEFAULT_CONTENT_TYPE, type ObjectMetadata, type StorageBackend } from './backend.ts';
import { invalidArgument, notFound, StorageError } from './errors.ts';
import type { BucketName } from './paths.ts';

export const FIREBASE_STORAGE_URL = 'https://firebasestorage.googleapis.com';

export interface FirebaseBackendOptions {
  /** The Firebase Storage bucket, e.g. STORAGE_MAIN_BUCKET. */
  bucket: string;
  /** Which of the worker's buckets this is (for messages). */
  alias: BucketName;
  /** The Authorization header of the worker's service account (service-account.ts). */
  authorization: () => Promise<string>;
  timeoutMs: number;
  /** Defaults to https://firebasestorage.googleapis.com (tests point it at a fake). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

interface FirebaseMetadata {
  name: string;
  size?: string | number;
  contentType?: string;
  updated?: string;
}

interface FirebaseList {
  prefixes?: string[];
  items?: { name: string; bucket?: string }[];
  nextPageToken?: string;
}

export function firebaseBackend(options: FirebaseBackendOptions): StorageBackend {
  const base = `${(options.baseUrl ?? FIREBASE_STORAGE_URL).replace(/\/+$/, '')}/v0/b/${encodeURIComponent(options.bucket)}/o`;
  const objectUrl = (name: string) => `${base}/${encodeURIComponent(name)}`;
  const doFetch = options.fetch ?? fetch;

  async function call(url: string, init: RequestInit, name: string | null): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', await options.authorization());
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await doFetch(url, { ...init, headers, signal: timeout, redirect: 'manual' });
    } catch (error) {
      if (timeout.aborted)
        throw new StorageError(
          'storage/unknown',
          `Firebase Storage did not answer within ${options.timeoutMs / 1000} s.`,
          504,
        );
      console.error(`[edge] Firebase Storage unreachable: ${(error as Error).message}`);
      throw new StorageError('storage/unknown', 'Firebase Storage is unreachable; try again in a moment.');
    }
    if (response.ok) return response;
    throw await errorOf(response, name);
  }

  async function errorOf(response: Response, name: string | null): Promise<StorageError> {
    let upstream = '';
    try {
      const body = (await response.json()) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') upstream = ` (${body.error.message})`;
    } catch {
      // Not JSON: the status says enough.
    }
    const what = name === null ? `the ${options.alias} bucket` : `'${name}'`;
    switch (response.status) {
      case 400:
        return invalidArgument(`Firebase Storage refused the request${upstream}.`);
      case 401:
        // The worker's own credential was refused: nothing the caller can fix by signing in again.
        console.error(`[edge] Firebase Storage refused the service account${upstream}`);
        return new StorageError(
          'storage/unknown',
          'The storage service could not sign in to Firebase Storage; try again in a moment.',
          502,
        );
      case 402:
        return new StorageError(
          'storage/quota-exceeded',
          `The storage quota of the ${options.alias} bucket is exceeded${upstream}.`,
        );
      case 403:
        return new StorageError('storage/unauthorized', `No permission to access ${what}${upstream}.`);
      case 404:
        return name === null
          ? new StorageError('storage/object-not-found', `The ${options.alias} bucket does not exist${upstream}.`)
          : notFound(options.alias, name);
      default:
        console.error(`[edge] Firebase Storage answered ${response.status}${upstream}`);
        return new StorageError(
          'storage/unknown',
          `Firebase Storage failed with status ${response.status}; try again in a moment.`,
        );
    }
  }

  async function metadataFrom(response: Response): Promise<ObjectMetadata> {
    const body = (await response.json()) as FirebaseMetadata;
    return {
      name: body.name,
      size: Number(body.size ?? 0),
      contentType: body.contentType || DEFAULT_CONTENT_TYPE,
      updated: body.updated ?? new Date(0).toISOString(),
    };
  }

  return {
    async list({ prefix, delimiter, pageToken, maxResults }) {
      const query = new URLSearchParams();
      query.set('prefix', prefix);
      if (delimiter) query.set('delimiter', delimiter);
      if (pageToken) query.set('pageToken', pageToken);
      query.set('maxResults', String(maxResults));
      const response = await call(`${base}?${query}`, { method: 'GET' }, null);
      const body = (await response.json()) as FirebaseList;
      return {
        prefixes: body.prefixes ?? [],
        items: (body.items ?? []).map((item) => ({ name: item.name, size: null, contentType: null, updated: null })),
        ...(body.nextPageToken ? { nextPageToken: body.nextPageToken } : {}),
      };
    },

    async metadata(name) {
      return metadataFrom(await call(objectUrl(name), { method: 'GET' }, name));
    },

    async download(name) {
      const response = await call(`${objectUrl(name)}?alt=media`, { method: 'GET' }, name);
      const length = response.headers.get('Content-Length');
      return {
        contentType: response.headers.get('Content-Type') || DEFAULT_CONTENT_TYPE,
        size: length !== null && /^\d+$/.test(length) ? Number(length) : null,
        body: response.body,
      };
    },

    async upload(name, bytes, contentType) {
      const boundary = `edge-${crypto.randomUUID()}`;
      const encoder = new TextEncoder();
      const head = encoder.encode(
        `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ name, contentType })}\r\n` +
          `--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
      );
      const tail = encoder.encode(`\r\n--${boundary}--`);
      const body = new Uint8Array(head.byteLength + bytes.byteLength + tail.byteLength);
      body.set(head, 0);
      body.set(bytes, head.byteLength);
      body.set(tail, head.byteLength + bytes.byteLength);
      const response = await call(
        `${base}?${new URLSearchParams({ name })}`,
        {
          method: 'POST',
          headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': `multipart/related; boundary=${boundary}` },
          body,
        },
        name,
      );
      return metadataFrom(response);
    },

    async delete(name) {
      const response = await call(objectUrl(name), { method: 'DELETE' }, name);
      await response.body?.cancel();
    },
  };
}
