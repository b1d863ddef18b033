import { useCustom } from '@refinedev/core';
import { PRODUCT_FACETS_QUERY, type ProductFacets } from '../queries.ts';

const NONE: ProductFacets = { brands: [], categories: [] };

/**
 * The website's brands and categories (most frequent first), offered by the exact-value filters.
 * Loaded once per website; while it loads (or when it fails) the filters still take typed values.
 */
export function useProductFacets(websiteId: string | undefined): { brands: string[]; categories: string[] } {
  const { query } = useCustom<ProductFacets>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRODUCT_FACETS_QUERY, gqlVariables: { organizationWebsiteId: websiteId } },
    queryOptions: { enabled: Boolean(websiteId), staleTime: 5 * 60_000 },
    errorNotification: false,
  });
  const facets = query.data?.data ?? NONE;
  return {
    brands: facets.brands.map((facet) => facet.value),
    categories: facets.categories.map((facet) => facet.value),
  };
}
