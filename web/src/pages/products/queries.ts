import { gql } from '@urql/core';
import { type Fragment, type ResultOf, typed } from '../../graphql/typed.ts';

const PRODUCT_FIELDS = gql`
  fragment ProductFields on Product {
    id
    itemId
    name
    brand
    ean
    mpn
    category
    price
    currency
    competitorMinPrice
    competitorAvgPrice
    competitorSeenAt
    pricePosition {
      difference
      percent
    }
    diffRating
    recencyContrast
    matchedCount
    waitingCount
    suggestedPrice
    suggestedChange
    suggestedChangePercent
    suggestionOutcome
    suggestionReview
  }
`;

export const PRODUCT_LIST_QUERY = typed(
  'ProductList',
  gql`
    query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort, $limit: Int!, $offset: Int!) {
      productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort, limit: $limit, offset: $offset) {
        data {
          ...ProductFields
        }
        meta {
          pagination {
            total
            totalIsEstimate
          }
        }
      }
    }
    ${PRODUCT_FIELDS}
  `,
);

export const PRODUCT_QUERY = typed(
  'Product',
  gql`
    query Product($productId: ID!) {
      product(productId: $productId) {
        ...ProductFields
        stock
        cost
        map
        rrp
        url
        imageUrl
        active
        updatedAt
        offers {
          id
          status
          score
          competitorProduct {
            id
            externalId
            name
            brand
            ean
            price
            currency
            availability
            url
            seenAt
            competitor {
              id
              name
            }
            priceHistory {
              seenAt
              price
            }
          }
        }
      }
    }
    ${PRODUCT_FIELDS}
  `,
);

export const PRODUCT_EXPORT_QUERY = typed(
  'ProductExport',
  gql`
    query ProductExport($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort) {
      productExport(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort) {
        csv
        rows
        truncated
      }
    }
  `,
);

export type ProductRow = Fragment<'ProductFields'>;
export type ProductList = ResultOf<typeof PRODUCT_LIST_QUERY>['productList'];
/** The product's detail: its row's fields, the feed's stock, cost, MAP and RRP, and its offers. */
export type ProductDetail = ResultOf<typeof PRODUCT_QUERY>['product'];
export type ProductOffer = ProductDetail['offers'][number];
export type PricePoint = ProductOffer['competitorProduct']['priceHistory'][number];
export type ProductExport = ResultOf<typeof PRODUCT_EXPORT_QUERY>['productExport'];
