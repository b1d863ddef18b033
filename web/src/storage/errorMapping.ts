import { StorageError, type StorageErrorCode } from './storageError.ts';

/** The worker's error body: `{ error: { code: 'storage/...', message } }` (edge/README.md). */
function parseBody(body: string): { code: string; message: string } {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof parsed.error?.code === 'string' ? parsed.error.code : '';
    const message = typeof parsed.error?.message === 'string' ? parsed.error.message : '';
    return { code, message };
  } catch {
    return { code: '', message: '' };
  }
}

const BY_STATUS: Record<number, StorageErrorCode> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  402: 'quota-exceeded',
  403: 'unauthorized',
  404: 'object-not-found',
  413: 'invalid-argument',
};

/**
 * locales/en.json: an answer that is not OK as a typed storage error. A 401 whose code says the app has no
 * permission on the storage project is that variant; every other status is 'unknown'.
 */
export function errorFromResponse(status: number, body: string, path: string): StorageError {
  const { code, message } = parseBody(body);
  if (code === 'storage/unauthorized-app') return new StorageError('unauthorized-app', path, status, message);
  return new StorageError(BY_STATUS[status] ?? 'unknown', path, status, message);
}

/** web/src/config/constants.ts: retries apply on 5xx, 408 and 429 (and when no answer came at all, status 0). */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status < 600);
}
