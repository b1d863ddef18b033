import { type UpdateListState as UpdateState, useUrlListState } from '../../components/list/useUrlListState.ts';
import { useResetOnWebsiteChange } from '../../components/list/useResetOnWebsiteChange.ts';
import { type ProductListState, readListState, writeListState } from './listState.ts';

export type UpdateListState = UpdateState<ProductListState>;

/**
 * The products page's state, read from and written to the URL (filters, sort, page, open
 * product), so Back, a reload or a shared link shows the same list. Choosing another website
 * starts again on page 1 with the drawer closed (the filters stay). The list kit
 * (components/list/) does both; this names what the products page resets.
 */
export function useProductListState(websiteId: string | undefined): [ProductListState, UpdateListState] {
  const [state, update] = useUrlListState(readListState, writeListState);
  useResetOnWebsiteChange(websiteId, () => update({ page: 1, product: null }, { replace: true }));
  return [state, update];
}
