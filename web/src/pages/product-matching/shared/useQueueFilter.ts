import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type QueueFilterState, readQueueFilter, writeQueueFilter } from './queueFilter.ts';

export type UpdateQueueFilter = (change: Partial<QueueFilterState>, options?: { replace?: boolean }) => void;

/** The queue filter and page of the URL; another website starts again on page 1 without the competitor (competitors belong to a website). */
export function useQueueFilter(websiteId: string | undefined): [QueueFilterState, UpdateQueueFilter] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readQueueFilter(params), [params]);
  const update = useCallback<UpdateQueueFilter>(
    (change, options) => setParams((current) => writeQueueFilter(current, change), { replace: options?.replace }),
    [setParams],
  );
  const lastWebsite = useRef(websiteId);
  useEffect(() => {
    if (!websiteId) return;
    if (lastWebsite.current && lastWebsite.current !== websiteId)
      update({ page: 1, competitor: '' }, { replace: true });
    lastWebsite.current = websiteId;
  }, [websiteId, update]);
  return [state, update];
}
