import { useCustom } from '@refinedev/core';
import { useMemo } from 'react';
import { PRODUCT_FACETS_QUERY, type ProductFacets } from './queries.ts';

/** How many of each the pickers offer (the most frequent); a rarer value can still be typed. */
const FACET_LIMIT = 500;
const NONE: string[] = [];

/**
 * The website's brands and categories (most frequent first), offered by every exact-value filter
 * (products, the matching and confirmation queues, insights, a rule's products). Loaded once per
 * website and shared by those pages; while it loads (or when it fails) the filters still take typed values.
 */
export function useProductFacets(websiteId: string | undefined): { brands: string[]; categories: string[] } {
  const { query } = useCustom<ProductFacets>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRODUCT_FACETS_QUERY, gqlVariables: { organizationWebsiteId: websiteId, limit: FACET_LIMIT } },
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
