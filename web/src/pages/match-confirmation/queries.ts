import { gql } from '@urql/core';
import { type ListRow, type ResultOf, typed } from '../../graphql/typed.ts';
import { COMPETITOR_PRODUCT, PRODUCT_SUMMARY } from '../../features/matching/queries.ts';

/** The confirmation queue's documents (api/src/matching/schema.graphql). */

export const MATCHING_CONFIRMATION_QUEUE_QUERY = typed(
  'MatchingConfirmationQueue',
  gql`
    query MatchingConfirmationQueue($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $limit: Int!, $offset: Int!) {
      matchingConfirmationQueue(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
        data {
          pair {
            id
            status
            stage
            version
            score
            competitorProduct {
              ...CompetitorProductFields
            }
            priceDifference
            priceDifferencePercent
          }
          product {
            ...MatchingProductSummaryFields
          }
          competitor {
            id
            name
          }
          requestedBy {
            id
            email
          }
          requestedAt
        }
        meta {
          pagination {
            total
            totalIsEstimate
          }
        }
      }
    }
    ${COMPETITOR_PRODUCT}
    ${PRODUCT_SUMMARY}
  `,
);

export const MATCHING_CONFIRM_MUTATION = typed(
  'MatchingConfirm',
  gql`
    mutation MatchingConfirm($input: MatchingConfirmInput!) {
      matchingConfirm(input: $input) {
        decisions {
          id
          matchId
          statusAfter
        }
        failed {
          matchId
          code
          reason
          message
        }
        replayed
      }
    }
  `,
);

export type { MatchingConfirmAction as ConfirmAction } from '../../graphql/operations.ts';

export type ConfirmationItem = ListRow<typeof MATCHING_CONFIRMATION_QUEUE_QUERY>;

export type ConfirmResult = ResultOf<typeof MATCHING_CONFIRM_MUTATION>['matchingConfirm'];
