import { gql } from '@urql/core';
import { type ResultOf, typed } from '../../graphql/typed.ts';

/** The brands and categories of the website's products, most frequent first (every brand and category filter). */
export const PRODUCT_FACETS_QUERY = typed(
  'ProductFacets',
  gql`
    query ProductFacets($organizationWebsiteId: ID!, $limit: Int) {
      productFacets(organizationWebsiteId: $organizationWebsiteId, limit: $limit) {
        brands {
          value
          count
        }
        categories {
          value
          count
        }
      }
    }
  `,
);

export type ProductFacets = ResultOf<typeof PRODUCT_FACETS_QUERY>['productFacets'];
export type FacetValue = ProductFacets['brands'][number];
