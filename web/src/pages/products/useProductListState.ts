import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type ProductListState, readListState, writeListState } from './listState.ts';

export type UpdateListState = (change: Partial<ProductListState>, options?: { replace?: boolean }) => void;

/**
 * The products page's state, read from and written to the URL (filters, sort, page, open
 * product), so Back, a reload or a shared link shows the same list. Choosing another website
 * starts again on page 1 with the drawer closed (the filters stay).
 */
export function useProductListState(websiteId: string | undefined): [ProductListState, UpdateListState] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const update = useCallback<UpdateListState>(
    (change, options) => setParams((current) => writeListState(current, change), { replace: options?.replace }),
    [setParams],
  );

  const lastWebsite = useRef(websiteId);
  useEffect(() => {
    if (!websiteId) return;
    if (lastWebsite.current && lastWebsite.current !== websiteId) update({ page: 1, product: null }, { replace: true });
    lastWebsite.current = websiteId;
  }, [websiteId, update]);

  return [state, update];
}
