import { type UpdateListState, useUrlListState } from '../../components/list/useUrlListState.ts';
import { useResetOnWebsiteChange } from '../../components/list/useResetOnWebsiteChange.ts';
import { type QueueFilterState, readQueueFilter, writeQueueFilter } from './queueFilter.ts';

export type UpdateQueueFilter = UpdateListState<QueueFilterState>;

/** The queue filter and page of the URL; another website starts again on page 1 without the competitor (competitors belong to a website). */
export function useQueueFilter(websiteId: string | undefined): [QueueFilterState, UpdateQueueFilter] {
  const [state, update] = useUrlListState(readQueueFilter, writeQueueFilter);
  useResetOnWebsiteChange(websiteId, () => update({ page: 1, competitor: '' }, { replace: true }));
  return [state, update];
}
