import { gql } from '@urql/core';

export const AGGREGATORS_QUERY = gql`
  query Aggregators {
    aggregators {
      id
      name
      url
    }
  }
`;

export const AGGREGATOR_LISTING_LIST_QUERY = gql`
  query AggregatorListingList(
    $organizationWebsiteId: ID!
    $aggregatorId: ID
    $search: String
    $rankAtMost: Int
    $notListed: Boolean
    $sort: AggregatorListingSort
    $limit: Int!
    $offset: Int!
  ) {
    aggregatorListingList(
      organizationWebsiteId: $organizationWebsiteId
      aggregatorId: $aggregatorId
      search: $search
      rankAtMost: $rankAtMost
      notListed: $notListed
      sort: $sort
      limit: $limit
      offset: $offset
    ) {
      data {
        id
        offersCount
        lowestPrice
        ourRank
        differenceToLowest
        url
        seenAt
        aggregator {
          id
          name
        }
        product {
          id
          name
          brand
          ean
          price
          currency
        }
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

export interface Aggregator {
  id: string;
  name: string;
  url: string;
}

export interface AggregatorListingRow {
  id: string;
  offersCount: number;
  lowestPrice: number | null;
  ourRank: number | null;
  differenceToLowest: number | null;
  url: string | null;
  seenAt: string;
  aggregator: { id: string; name: string };
  product: { id: string; name: string; brand: string | null; ean: string | null; price: number | null; currency: string };
}
