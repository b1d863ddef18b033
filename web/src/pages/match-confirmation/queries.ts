import { gql } from '@urql/core';
import { COMPETITOR_PRODUCT, PRODUCT_SUMMARY, type MatchingPair, type ProductSummary } from '../product-matching/queries.ts';

/** The confirmation queue's documents (api/src/schema/matching.graphql). */

export const MATCHING_CONFIRMATION_QUEUE_QUERY = gql`
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
            ${COMPETITOR_PRODUCT}
          }
          priceDifference
          priceDifferencePercent
        }
        product {
          ${PRODUCT_SUMMARY}
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
`;

export const MATCHING_CONFIRM_MUTATION = gql`
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
`;

export type ConfirmAction = 'CONFIRM' | 'REJECT';

export interface ConfirmationItem {
  pair: Pick<MatchingPair, 'id' | 'status' | 'stage' | 'version' | 'score' | 'priceDifference' | 'priceDifferencePercent'> & {
    competitorProduct: Pick<MatchingPair['competitorProduct'], 'id' | 'externalId' | 'name' | 'brand' | 'ean' | 'mpn' | 'price' | 'currency' | 'url'>;
  };
  product: Omit<ProductSummary, 'imageUrl'>;
  competitor: { id: string; name: string };
  requestedBy: { id: string | null; email: string | null } | null;
  requestedAt: string;
}

export interface ConfirmResult {
  decisions: { id: string; matchId: string; statusAfter: string }[];
  failed: { matchId: string; code: string; reason: string; message: string }[];
  replayed: boolean;
}
