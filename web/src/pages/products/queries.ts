import { gql } from '@urql/core';
import type { DiffRating, MatchingStatus, RecencyContrast } from '../../enums/index.ts';
import type { PriceSuggestionOutcome, PriceSuggestionReviewState } from '../../graphql/operations.ts';

const PRODUCT_FIELDS = `
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
`;

export const PRODUCT_LIST_QUERY = gql`
  query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort, $limit: Int!, $offset: Int!) {
    productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort, limit: $limit, offset: $offset) {
      data {
        ${PRODUCT_FIELDS}
      }
      meta {
        pagination {
          total
          totalIsEstimate
        }
      }
    }
  }
`;

export const PRODUCT_QUERY = gql`
  query Product($productId: ID!) {
    product(productId: $productId) {
      ${PRODUCT_FIELDS}
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
`;

export const PRODUCT_EXPORT_QUERY = gql`
  query ProductExport($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort) {
    productExport(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort) {
      csv
      rows
      truncated
    }
  }
`;

export interface ProductRow {
  id: string;
  itemId: string;
  name: string;
  brand: string | null;
  ean: string | null;
  mpn: string | null;
  category: string | null;
  price: number | null;
  currency: string;
  competitorMinPrice: number | null;
  competitorAvgPrice: number | null;
  competitorSeenAt: string | null;
  pricePosition: { difference: number; percent: number } | null;
  diffRating: DiffRating;
  recencyContrast: RecencyContrast;
  matchedCount: number;
  waitingCount: number;
  suggestedPrice: number | null;
  suggestedChange: number | null;
  suggestedChangePercent: number | null;
  suggestionOutcome: PriceSuggestionOutcome | null;
  suggestionReview: PriceSuggestionReviewState | null;
}

export interface ProductList {
  data: ProductRow[];
  meta: { pagination: { total: number; totalIsEstimate: boolean } };
}

export interface PricePoint {
  seenAt: string;
  price: number;
}

export interface ProductOffer {
  id: string;
  status: MatchingStatus;
  score: number | null;
  competitorProduct: {
    id: string;
    externalId: string;
    name: string;
    brand: string | null;
    ean: string | null;
    price: number | null;
    currency: string;
    availability: string | null;
    url: string | null;
    seenAt: string;
    competitor: { id: string; name: string };
    priceHistory: PricePoint[];
  };
}

export interface ProductDetail extends ProductRow {
  stock: number | null;
  /** Cost, MAP (minimum advertised price) and RRP (recommended retail price) from the feed. */
  cost: number | null;
  map: number | null;
  rrp: number | null;
  url: string | null;
  imageUrl: string | null;
  active: boolean;
  updatedAt: string;
  offers: ProductOffer[];
}

export interface ProductExport {
  csv: string;
  rows: number;
  truncated: boolean;
}

/** The brands and categories of the website's products, most frequent first (the filter pickers). */
export const PRODUCT_FACETS_QUERY = gql`
  query ProductFacets($organizationWebsiteId: ID!) {
    productFacets(organizationWebsiteId: $organizationWebsiteId) {
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
`;

export interface FacetValue {
  value: string;
  count: number;
}

export interface ProductFacets {
  brands: FacetValue[];
  categories: FacetValue[];
}
