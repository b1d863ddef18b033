import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type UpdateListState<S> = (change: Partial<S>, options?: { replace?: boolean }) => void;

/**
 * A list page's state (filters, sort, page, page size, an open row) kept in the address, so Back,
 * a reload or a shared link shows the same list. `read` and `write` are the page's own pure
 * functions (its listState.ts, with its defaults and checks); `write` leaves out the defaults.
 */
export function useUrlListState<S>(
  read: (params: URLSearchParams) => S,
  write: (params: URLSearchParams, change: Partial<S>) => URLSearchParams,
): [S, UpdateListState<S>] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  const update = useCallback<UpdateListState<S>>(
    (change, options) => setParams((current) => write(current, change), { replace: options?.replace }),
    [setParams, write],
  );
  return [state, update];
}
