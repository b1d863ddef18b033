/**
 * Storage errors: the status the console maps to a locales/en.json message, and a JSON body
 * `{ "error": { "code": "storage/...", "message": "..." } }` in the Firebase Storage SDK's codes.
 */
export const STORAGE_ERROR_CODES = {
  'storage/invalid-argument': 400,
  'storage/unauthenticated': 401,
  'storage/quota-exceeded': 402,
  'storage/unauthorized': 403,
  'storage/object-not-found': 404,
  /** The storage service failed or did not answer (502, 504), or the worker is misconfigured (500). */
  'storage/unknown': 502,
} as const;
export type StorageErrorCode = keyof typeof STORAGE_ERROR_CODES;

export interface StorageErrorBody {
  error: { code: StorageErrorCode; message: string };
}

/** Thrown by the backends and the checks; turned into a response by the routes. */
export class StorageError extends Error {
  override name = 'StorageError';
  readonly status: number;
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    status?: number,
  ) {
    super(message);
    this.status = status ?? STORAGE_ERROR_CODES[code];
  }
}

export function storageErrorResponse(error: StorageError): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (error.status === 401) headers.set('WWW-Authenticate', 'Bearer');
  if (error.status === 405) headers.set('Allow', 'GET, POST, DELETE');
  const body: StorageErrorBody = { error: { code: error.code, message: error.message } };
  return Response.json(body, { status: error.status, headers });
}

export const notFound = (bucket: string, name: string) =>
  new StorageError('storage/object-not-found', `Object '${name}' does not exist in the ${bucket} bucket.`);
export const invalidArgument = (message: string) => new StorageError('storage/invalid-argument', message);
