/**
 * The import limits, from the environment (read when an import starts):
 * FEED_FETCH_TIMEOUT_MS (default 5 minutes) and FEED_MAX_BYTES (default 2 GiB), for URL
 * fetches and uploads alike.
 */
import { DEFAULT_LIMITS, type FetchLimits } from './source.ts';

let override: Partial<FetchLimits> = {};

/** Tests set small limits; `{}` restores the defaults. */
export function setFeedLimits(limits: Partial<FetchLimits>): void {
  override = limits;
}

export function feedLimits(env: NodeJS.ProcessEnv = process.env): FetchLimits {
  const number = (text: string | undefined, fallback: number) => (text && Number(text) > 0 ? Number(text) : fallback);
  return {
    timeoutMs: override.timeoutMs ?? number(env.FEED_FETCH_TIMEOUT_MS, DEFAULT_LIMITS.timeoutMs),
    maxBytes: override.maxBytes ?? number(env.FEED_MAX_BYTES, DEFAULT_LIMITS.maxBytes),
  };
}
