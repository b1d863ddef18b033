import { backoffDelay } from './backoff.ts';
import { isRetryableStatus } from './errorMapping.ts';
import { isStorageError, StorageError } from './storageError.ts';

export interface RetryOptions {
  /** web/src/config/constants.ts: 120,000 ms for an operation, 600,000 ms for an upload. */
  maxRetryMs: number;
  /** The object's path, for the error. */
  path: string;
  /** Aborting cancels the operation, also while it waits for the next attempt. */
  signal?: AbortSignal;
  random?: () => number;
}

const canceled = (path: string) => new StorageError('canceled', path);

function wait(ms: number, path: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(canceled(path));
    const onAbort = () => {
      clearTimeout(timer);
      reject(canceled(path));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the next wait would pass `maxRetryMs`
 * since the first attempt ('retry-limit-exceeded'). Retries only answers of 5xx, 408, 429 or none.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  { maxRetryMs, path, signal, random }: RetryOptions,
): Promise<T> {
  const started = Date.now();
  for (let retry = 0; ; retry += 1) {
    if (signal?.aborted) throw canceled(path);
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw canceled(path);
      if (!isStorageError(error) || error.code === 'canceled' || !isRetryableStatus(error.status)) throw error;
      const delay = backoffDelay(retry, random);
      if (Date.now() + delay - started > maxRetryMs) {
        throw new StorageError('retry-limit-exceeded', path, error.status, error.serverMessage);
      }
      await wait(delay, path, signal);
    }
  }
}
