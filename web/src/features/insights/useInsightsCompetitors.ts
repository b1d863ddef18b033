import { useCustom } from '@refinedev/core';
import type { ResultOf } from '../../graphql/typed.ts';
import { INSIGHTS_COMPETITORS_QUERY } from './queries.ts';

const NONE: readonly { id: string; name: string }[] = [];

/** All competitors of the website (for the competitor filter and the products list's tags). */
export function useInsightsCompetitors(websiteId: string | undefined): readonly { id: string; name: string }[] {
  const { query } = useCustom<ResultOf<typeof INSIGHTS_COMPETITORS_QUERY>['brandSnapshot']>({
    url: '',
    method: 'get',
    meta: { gqlQuery: INSIGHTS_COMPETITORS_QUERY, gqlVariables: { filter: { organizationWebsiteId: websiteId } } },
    queryOptions: { enabled: Boolean(websiteId), staleTime: 5 * 60_000 },
    errorNotification: false,
  });
  return query.data?.data.competitors ?? NONE;
}
