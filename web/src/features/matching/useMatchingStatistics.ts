import { useCustom } from '@refinedev/core';
import { MATCHING_STATISTICS_QUERY, type MatchingStatisticsReport } from './queries.ts';

/** The website's statistics, overall and per competitor (also the competitors the filters offer). */
export function useMatchingStatistics(websiteId: string | undefined) {
  const { query } = useCustom<MatchingStatisticsReport>({
    url: '',
    method: 'get',
    meta: { gqlQuery: MATCHING_STATISTICS_QUERY, gqlVariables: { organizationWebsiteId: websiteId } },
    queryOptions: { enabled: Boolean(websiteId) },
    errorNotification: false,
  });
  const report = query.data?.data;
  return { report: report && 'overall' in report ? report : undefined, query };
}
