import { describe, expect, it } from 'vitest';
import { errorFromResponse, isRetryableStatus } from './errorMapping.ts';
import { StorageError, storageErrorMessage } from './storageError.ts';

const body = (code: string, message = 'from the server') => JSON.stringify({ error: { code, message } });

describe('errorFromResponse (locales/en.json)', () => {
  it.each([
    [400, body('storage/invalid-argument'), 'invalid-argument', 'storage.errors.invalidArgument'],
    [401, body('storage/unauthenticated'), 'unauthenticated', 'storage.errors.unauthenticated'],
    [401, body('storage/unauthorized-app'), 'unauthorized-app', 'storage.errors.unauthorizedApp'],
    [402, body('storage/quota-exceeded'), 'quota-exceeded', 'storage.errors.quotaExceeded'],
    [403, body('storage/unauthorized'), 'unauthorized', 'storage.errors.unauthorized'],
    [404, body('storage/object-not-found'), 'object-not-found', 'storage.errors.objectNotFound'],
    [413, body('storage/invalid-argument'), 'invalid-argument', 'storage.errors.invalidArgument'],
    [502, body('storage/unknown'), 'unknown', 'storage.errors.unknown'],
    [500, 'not json', 'unknown', 'storage.errors.unknown'],
    [403, '', 'unauthorized', 'storage.errors.unauthorized'],
  ])('%i %s -> %s', (status, text, code, key) => {
    const error = errorFromResponse(status, text, 'languages/de.json');
    expect(error).toBeInstanceOf(StorageError);
    expect(error.code).toBe(code);
    expect(error.messageKey).toBe(key);
    expect(error.status).toBe(status);
    expect(error.path).toBe('languages/de.json');
  });

  it('keeps the server message for the log and invalid requests', () => {
    expect(errorFromResponse(400, body('storage/invalid-argument', 'bad name'), 'x').serverMessage).toBe('bad name');
  });
});

describe('isRetryableStatus (web/src/config/constants.ts)', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [599, true],
    [400, false],
    [401, false],
    [402, false],
    [403, false],
    [404, false],
    [413, false],
  ])('%i -> %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });
});

describe('storageErrorMessage', () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`;
  it('translates a storage error with its path', () => {
    expect(storageErrorMessage(new StorageError('unauthorized', 'languages/de.json', 403), t)).toBe(
      'storage.errors.unauthorized {"path":"languages/de.json","status":403,"message":""}',
    );
  });
  it('treats any other failure as unknown', () => {
    expect(storageErrorMessage(new Error('boom'), t)).toContain('storage.errors.unknown');
  });
});
