import { useEffect, useRef } from 'react';
import { clampedPage } from './pages.ts';

/**
 * A page emptied by deleting its last rows, or an address past the end, shows the last page
 * instead: once the list's total is known (and no request is under way), `goTo(last)` is called
 * with the last page (the caller replaces the address, so Back does not return to the empty
 * page). `goTo` need not be stable.
 */
export function useClampPage(
  list: { page: number; pageSize: number; total: number | undefined; fetching: boolean },
  goTo: (page: number) => void,
): void {
  const target = list.fetching ? null : clampedPage(list.page, list.pageSize, list.total);
  const latest = useRef(goTo);
  latest.current = goTo;
  useEffect(() => {
    if (target !== null) latest.current(target);
  }, [target]);
}
