/**
 * The storage errors of locales/en.json as one typed error. `code` says what happened; `messageKey` and
 * `messageValues` are the translated sentence (locales: `storage.errors.*`).
 */
export type StorageErrorCode =
  | 'unauthenticated'
  | 'unauthorized-app'
  | 'quota-exceeded'
  | 'unauthorized'
  | 'object-not-found'
  | 'retry-limit-exceeded'
  | 'canceled'
  | 'invalid-argument'
  | 'invalid-page-size'
  | 'invalid-response'
  | 'unknown';

const MESSAGE_KEYS: Record<StorageErrorCode, string> = {
  unauthenticated: 'storage.errors.unauthenticated',
  'unauthorized-app': 'storage.errors.unauthorizedApp',
  'quota-exceeded': 'storage.errors.quotaExceeded',
  unauthorized: 'storage.errors.unauthorized',
  'object-not-found': 'storage.errors.objectNotFound',
  'retry-limit-exceeded': 'storage.errors.retryLimitExceeded',
  canceled: 'storage.errors.canceled',
  'invalid-argument': 'storage.errors.invalidArgument',
  'invalid-page-size': 'storage.errors.invalidPageSize',
  'invalid-response': 'storage.errors.invalidResponse',
  unknown: 'storage.errors.unknown',
};

export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    /** The object's path, or the listed prefix. */
    readonly path: string,
    /** The HTTP status, 0 when there was no answer. */
    readonly status = 0,
    /** What the server said, for the log and for invalid requests. */
    readonly serverMessage = '',
  ) {
    super(`${code} (${path}${status ? `, HTTP ${status}` : ''})${serverMessage ? `: ${serverMessage}` : ''}`);
  }

  get messageKey(): string {
    return MESSAGE_KEYS[this.code];
  }

  get messageValues(): Record<string, string | number> {
    return { path: this.path, status: this.status, message: this.serverMessage };
  }
}

export const isStorageError = (error: unknown): error is StorageError => error instanceof StorageError;

/** The translated sentence for any error a storage call rejected with. */
export function storageErrorMessage(
  error: unknown,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  const storageError = isStorageError(error) ? error : new StorageError('unknown', '', 0, String(error));
  return t(storageError.messageKey, storageError.messageValues);
}
