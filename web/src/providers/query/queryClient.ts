import { QueryClient } from '@tanstack/react-query';

/**
 * The console's query client. Requests are always sent (networkMode 'always'), never paused for
 * "offline": react-query's default pauses every query and mutation while the browser has announced
 * `offline`, and browsers are known to announce it wrongly. A paused mutation looks exactly like
 * what an end-to-end run once showed: the competitor dialog's Add button loading for minutes with
 * its request never answered, though the worker answers every request within 15 s. Sent anyway, a
 * request that finds no network fails, and the page shows the error, which a person can act on.
 * Refetching when the browser comes back online stays as it is.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
}
