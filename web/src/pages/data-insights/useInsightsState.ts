import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type InsightsState, readInsightsState, writeInsightsState } from '../../features/insights/insightsState.ts';

export type UpdateInsightsState = (change: Partial<Omit<InsightsState, 'periodInvalid'>>) => void;

/** The insights filters, read from and written to the address (shareable; Back restores them). */
export function useInsightsState(): [InsightsState, UpdateInsightsState] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readInsightsState(params), [params]);
  const update = useCallback<UpdateInsightsState>(
    (change) => setParams((current) => writeInsightsState(current, change)),
    [setParams],
  );
  return [state, update];
}
