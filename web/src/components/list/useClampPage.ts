import { useEffect, useRef } from 'react';
import { clampedPage } from './pages.ts';

/** A list answer's pagination: its total, and whether the API only estimated it. */
export interface ListPagination {
  total: number;
  totalIsEstimate?: boolean | null;
}

/**
 * A page emptied by deleting its last rows, or an address past the end, shows the last page
 * instead: once the list's total is known and exact (and no request is under way), `goTo(last)`
 * is called with the last page (the caller replaces the address, so Back does not return to the
 * empty page). The total comes as `total`, or as the answer's `pagination`, whose estimated
 * total (`totalIsEstimate`: a large list the API does not count) keeps the page as it is.
 * `goTo` need not be stable.
 */
export function useClampPage(
  list: { page: number; pageSize: number; fetching: boolean; total?: number; pagination?: ListPagination },
  goTo: (page: number) => void,
): void {
  const total = list.pagination ? list.pagination.total : list.total;
  const estimate = list.pagination?.totalIsEstimate ?? false;
  const target = list.fetching ? null : clampedPage(list.page, list.pageSize, total, estimate);
  const latest = useRef(goTo);
  latest.current = goTo;
  useEffect(() => {
    if (target !== null) latest.current(target);
  }, [target]);
}
