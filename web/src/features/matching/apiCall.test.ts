import { describe, expect, it, vi } from 'vitest';
import { failureKind, newIdempotencyKey, withRetries } from './apiCall.ts';

describe('failureKind', () => {
  it.each([
    [{ code: 'CONFLICT', extensions: { reason: 'STALE_VERSION' } }, 'stale'],
    [{ code: 'CONFLICT', extensions: { reason: 'NOT_ALLOWED_FROM_STATE' } }, 'stale'],
    [{ code: 'CONFLICT', extensions: { reason: 'LEASED' } }, 'leased'],
    [{ code: 'CONFLICT', extensions: { reason: 'IDEMPOTENCY_KEY_REUSED' } }, 'other'],
    [{ code: 'FORBIDDEN', statusCode: 500 }, 'other'],
    [{ code: 'BAD_USER_INPUT' }, 'other'],
    [{ code: 'UNAUTHENTICATED', statusCode: 500 }, 'other'],
    [{ code: 'INTERNAL_SERVER_ERROR', message: 'Unexpected error.', statusCode: 500 }, 'retry'],
    [{ message: 'Failed to fetch', statusCode: 500 }, 'retry'],
    [{ message: 'Response not successful: Received status code 502', statusCode: 502 }, 'retry'],
    [{ statusCode: 429 }, 'retry'],
    [{ statusCode: 401 }, 'other'],
    [{ statusCode: 403 }, 'other'],
  ])('%j is %s', (error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });
});

describe('withRetries', () => {
  const noSleep = () => Promise.resolve();

  it('tries again only what may not have arrived, and stops at the first answer', async () => {
    const attempt = vi
      .fn()
      .mockRejectedValueOnce({ statusCode: 503 })
      .mockRejectedValueOnce({ statusCode: 500 })
      .mockResolvedValue('done');
    await expect(withRetries(attempt, [1, 1, 1], noSleep)).resolves.toBe('done');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry a refusal', async () => {
    const attempt = vi.fn().mockRejectedValue({ code: 'CONFLICT', extensions: { reason: 'STALE_VERSION' } });
    await expect(withRetries(attempt, [1, 1], noSleep)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last delay', async () => {
    const attempt = vi.fn().mockRejectedValue({ statusCode: 502 });
    await expect(withRetries(attempt, [1, 1], noSleep)).rejects.toMatchObject({ statusCode: 502 });
    expect(attempt).toHaveBeenCalledTimes(3);
  });
});

describe('newIdempotencyKey', () => {
  it('is new each time and within the API limit', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(200);
  });
});
