import { QueryClient } from '@tanstack/react-query';

/**
 * The console's query client. Requests are always sent (networkMode 'always'), never paused for
 * "offline": react-query's default pauses every query and mutation while the browser has announced
 * `offline`, and browsers are known to announce it wrongly. Sent anyway, a request that finds no
 * network fails, and the page shows the error, which a person can act on. (The competitor dialog's
 * Add button seen "loading" for minutes in an end-to-end run was not a paused mutation: its loading
 * icon's motion never ended, see motion/endCancelledMotions.ts.)
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
