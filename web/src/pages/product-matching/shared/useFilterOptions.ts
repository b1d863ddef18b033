import { useCustom } from '@refinedev/core';
import { useMemo } from 'react';
import { PRODUCT_FACETS_QUERY, type ProductFacets } from '../queries.ts';

const NONE: string[] = [];

/** The brands and categories the website's products carry (most frequent first), offered by the queue filters. */
export function useFilterOptions(websiteId: string | undefined): { brands: string[]; categories: string[] } {
  const { query } = useCustom<ProductFacets>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRODUCT_FACETS_QUERY, gqlVariables: { organizationWebsiteId: websiteId, limit: 500 } },
    queryOptions: { enabled: Boolean(websiteId), staleTime: 5 * 60_000 },
    errorNotification: false,
  });
  const facets = query.data?.data && 'brands' in query.data.data ? query.data.data : undefined;
  return useMemo(
    () => ({
      brands: facets?.brands.map((facet) => facet.value) ?? NONE,
      categories: facets?.categories.map((facet) => facet.value) ?? NONE,
    }),
    [facets],
  );
}
