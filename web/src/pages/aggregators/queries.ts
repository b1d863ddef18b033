import { gql } from '@urql/core';
import { type ListRow, type ResultOf, typed } from '../../graphql/typed.ts';

export const AGGREGATORS_QUERY = typed(
  'Aggregators',
  gql`
    query Aggregators {
      aggregators {
        id
        name
        url
      }
    }
  `,
);

export const AGGREGATOR_LISTING_LIST_QUERY = typed(
  'AggregatorListingList',
  gql`
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
  `,
);

export type Aggregator = ResultOf<typeof AGGREGATORS_QUERY>['aggregators'][number];

export type AggregatorListingRow = ListRow<typeof AGGREGATOR_LISTING_LIST_QUERY>;
