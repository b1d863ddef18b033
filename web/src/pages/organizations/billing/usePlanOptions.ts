import { useCustom } from '@refinedev/core';
import { PLANS_QUERY, type Plan } from './queries.ts';

/** The plans, cheapest first, as select options (loaded once the form that needs them opens). */
export function usePlanOptions(enabled = true) {
  const { query } = useCustom<Plan[]>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PLANS_QUERY },
    queryOptions: { enabled },
  });
  const plans = (query.data?.data as Plan[] | undefined) ?? [];
  return {
    plans,
    loading: query.isLoading,
    options: plans.map((plan) => ({ value: plan.id, label: plan.name })),
  };
}
