import { MAX_OPERATION_RETRY_MS, MAX_UPLOAD_RETRY_MS, STORAGE_BASE_PATH, type Bucket } from './constants.ts';
import { errorFromResponse } from './errorMapping.ts';
import { type ListOptions, listQuery } from './listParams.ts';
import { withRetry } from './retry.ts';
import { StorageError } from './storageError.ts';
import { type UploadTransport, xhrUpload } from './uploadTransport.ts';

/** An object's metadata; the Firebase backend's listing leaves size, type and time null. */
export interface StorageObject {
  name: string;
  size: number | null;
  contentType: string | null;
  updated: string | null;
}

export interface ListResult {
  prefixes: string[];
  items: StorageObject[];
  nextPageToken?: string;
}

export interface CallOptions {
  /** Aborting cancels the call ('canceled'), also between retries. */
  signal?: AbortSignal;
}

export interface UploadOptions extends CallOptions {
  onProgress?: (loaded: number, total: number) => void;
}

export interface StorageClient {
  list(bucket: Bucket, options?: ListOptions, call?: CallOptions): Promise<ListResult>;
  metadata(bucket: Bucket, name: string, call?: CallOptions): Promise<StorageObject>;
  /** The object parsed as JSON. */
  download(bucket: Bucket, name: string, call?: CallOptions): Promise<unknown>;
  /** Stores `document` as a JSON file (multipart upload) and answers its metadata. */
  upload(bucket: Bucket, name: string, document: unknown, options?: UploadOptions): Promise<StorageObject>;
  remove(bucket: Bucket, name: string, call?: CallOptions): Promise<void>;
}

export interface StorageClientOptions {
  /** The signed-in user's ID token, or null. */
  getToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  upload?: UploadTransport;
  baseUrl?: string;
  random?: () => number;
}

const LANGUAGES_FOLDER = 'languages/';

/** Public language files are read (and their folder listed) without a token (edge/README.md). */
const isPublicLanguageRead = (bucket: Bucket, path: string) => bucket === 'public' && path.startsWith(LANGUAGES_FOLDER);

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function createStorageClient({
  getToken,
  fetch: fetchFn = fetch,
  upload: sendUpload = xhrUpload,
  baseUrl = STORAGE_BASE_PATH,
  random,
}: StorageClientOptions): StorageClient {
  const objectUrl = (bucket: Bucket, name: string) => `${baseUrl}/${bucket}/o/${encodeURIComponent(name)}`;

  const headers = async (anonymous: boolean): Promise<Record<string, string>> => {
    const token = anonymous ? null : await getToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  };

  /** One attempt: an OK answer, or a typed error (status 0 when no answer came). */
  const send = async (method: string, url: string, path: string, anonymous: boolean, signal?: AbortSignal) => {
    const init: RequestInit = { method, headers: await headers(anonymous), signal, credentials: 'same-origin' };
    let response: Response;
    try {
      response = await fetchFn(url, init);
    } catch (error) {
      if (signal?.aborted || isAbort(error)) throw new StorageError('canceled', path);
      throw new StorageError('unknown', path, 0, String(error));
    }
    if (!response.ok) throw errorFromResponse(response.status, await response.text().catch(() => ''), path);
    return response;
  };

  const json = async (response: Response, path: string): Promise<unknown> => {
    try {
      return await response.json();
    } catch (error) {
      throw new StorageError('invalid-response', path, response.status, String(error));
    }
  };

  const operation = <T>(path: string, signal: AbortSignal | undefined, attempt: () => Promise<T>) =>
    withRetry(attempt, { maxRetryMs: MAX_OPERATION_RETRY_MS, path, signal, random });

  return {
    list: async (bucket, options = {}, { signal } = {}) => {
      const path = options.prefix ?? '';
      const query = listQuery(options);
      const url = `${baseUrl}/${bucket}/o${query.size ? `?${query}` : ''}`;
      return operation(path, signal, async () => {
        const result = (await json(
          await send('GET', url, path, isPublicLanguageRead(bucket, path), signal),
          path,
        )) as Partial<ListResult>;
        return { prefixes: result.prefixes ?? [], items: result.items ?? [], nextPageToken: result.nextPageToken };
      });
    },

    metadata: (bucket, name, { signal } = {}) =>
      operation(
        name,
        signal,
        async () =>
          (await json(
            await send('GET', objectUrl(bucket, name), name, isPublicLanguageRead(bucket, name), signal),
            name,
          )) as StorageObject,
      ),

    download: (bucket, name, { signal } = {}) =>
      operation(name, signal, async () =>
        json(
          await send('GET', `${objectUrl(bucket, name)}?alt=media`, name, isPublicLanguageRead(bucket, name), signal),
          name,
        ),
      ),

    upload: (bucket, name, document, { signal, onProgress } = {}) =>
      withRetry(
        async () => {
          const body = new FormData();
          const fileName = name.split('/').pop() ?? name;
          body.append('file', new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }), fileName);
          const url = `${baseUrl}/${bucket}/o?name=${encodeURIComponent(name)}`;
          const authorization = await headers(false);
          if (signal?.aborted) throw new StorageError('canceled', name);
          let answer: { status: number; body: string };
          try {
            answer = await sendUpload({ url, headers: authorization, body, signal, onProgress });
          } catch (error) {
            if (signal?.aborted || isAbort(error)) throw new StorageError('canceled', name);
            throw new StorageError('unknown', name, 0, String(error));
          }
          if (answer.status < 200 || answer.status >= 300) throw errorFromResponse(answer.status, answer.body, name);
          try {
            return JSON.parse(answer.body) as StorageObject;
          } catch (error) {
            throw new StorageError('invalid-response', name, answer.status, String(error));
          }
        },
        { maxRetryMs: MAX_UPLOAD_RETRY_MS, path: name, signal, random },
      ),

    /** 200 and 204 are both success. */
    remove: (bucket, name, { signal } = {}) =>
      operation(name, signal, async () => {
        await send('DELETE', objectUrl(bucket, name), name, false, signal);
      }),
  };
}

/** docs/storage.md: the download helper answers null on any failure. */
export async function downloadJson(
  client: StorageClient,
  bucket: Bucket,
  name: string,
  call?: CallOptions,
): Promise<unknown> {
  try {
    return await client.download(bucket, name, call);
  } catch (error) {
    console.warn(`Download of ${bucket}/${name} failed`, error);
    return null;
  }
}
