import { gql } from '@urql/core';
import { COMPETITOR_PRODUCT, PRODUCT_SUMMARY, STATISTICS } from '../../features/matching/queries.ts';
import type { MatchingDecisionSource, MatchingEvent } from '../../graphql/operations.ts';
import { type Fragment, type ResultOf, typed } from '../../graphql/typed.ts';

/** GraphQL documents of the matching pages (api/src/matching/schema.graphql) and their answers' shapes. */

const LEASE = gql`
  fragment MatchingLeaseFields on MatchingLease {
    productId
    userId
    userEmail
    mine
    expiresAt
  }
`;

const PAIR = gql`
  fragment MatchingPairFields on MatchingPair {
    id
    status
    stage
    version
    score
    evidence {
      gtinEqual
      mpnEqual
      brandEqual
      nameSimilarity
      sharedWords
      sharedModelNumbers
      relatedModelNumbers {
        ours
        theirs
        relation
        apart
      }
      modelNumbersConflict
    }
    competitorProduct {
      ...CompetitorProductFields
    }
    priceDifference
    priceDifferencePercent
    updatedAt
  }
  ${COMPETITOR_PRODUCT}
`;

const MATCHING_PRODUCT = gql`
  fragment MatchingProductFields on MatchingProduct {
    product {
      ...MatchingProductSummaryFields
    }
    competitors {
      competitor {
        id
        name
      }
      matchingMode
      pairs {
        ...MatchingPairFields
      }
    }
    lease {
      ...MatchingLeaseFields
    }
    waitingToMatch
  }
  ${PRODUCT_SUMMARY}
  ${PAIR}
  ${LEASE}
`;

const DECISION = gql`
  fragment MatchingDecisionFields on MatchingDecision {
    id
    decidedAt
    actor {
      id
      email
    }
    event
    source
    matchId
    product {
      id
      itemId
      name
    }
    competitor {
      id
      name
    }
    competitorProduct {
      id
      externalId
      name
    }
    statusBefore
    stageBefore
    statusAfter
    stageAfter
    version
    score
    causedBy
    reverts
    revertedBy
    revertable
  }
`;

export const MATCHING_QUEUE_QUERY = typed(
  'MatchingQueue',
  gql`
    query MatchingQueue($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $limit: Int!, $offset: Int!) {
      matchingQueue(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
        data {
          product {
            ...MatchingProductSummaryFields
          }
          candidates
          bestScore
          priceGapPercent
          waitingSince
          priority
          lease {
            ...MatchingLeaseFields
          }
        }
        meta {
          pagination {
            total
            totalIsEstimate
          }
          counts {
            ...MatchingStatisticsFields
          }
        }
      }
    }
    ${PRODUCT_SUMMARY}
    ${LEASE}
    ${STATISTICS}
  `,
);

export const MATCHING_PRODUCT_QUERY = typed(
  'MatchingProduct',
  gql`
    query MatchingProduct($productId: ID!) {
      matchingProduct(productId: $productId) {
        ...MatchingProductFields
      }
    }
    ${MATCHING_PRODUCT}
  `,
);

export const MATCHING_CLAIM_NEXT_MUTATION = typed(
  'MatchingClaimNext',
  gql`
    mutation MatchingClaimNext($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $count: Int, $excludeProductIds: [ID!]) {
      matchingClaimNext(organizationWebsiteId: $organizationWebsiteId, filter: $filter, count: $count, excludeProductIds: $excludeProductIds) {
        ...MatchingProductFields
      }
    }
    ${MATCHING_PRODUCT}
  `,
);

export const MATCHING_CLAIM_PRODUCT_MUTATION = typed(
  'MatchingClaimProduct',
  gql`
    mutation MatchingClaimProduct($productId: ID!) {
      matchingClaimProduct(productId: $productId) {
        ...MatchingLeaseFields
      }
    }
    ${LEASE}
  `,
);

export const MATCHING_RELEASE_PRODUCT_MUTATION = typed(
  'MatchingReleaseProduct',
  gql`
    mutation MatchingReleaseProduct($productId: ID!) {
      matchingReleaseProduct(productId: $productId)
    }
  `,
);

const DECISION_RESULT = gql`
  fragment MatchingDecisionResultFields on MatchingDecisionResult {
    decisions {
      ...MatchingDecisionFields
    }
    replayed
    product {
      ...MatchingProductFields
    }
  }
  ${DECISION}
  ${MATCHING_PRODUCT}
`;

export const MATCHING_DECIDE_MUTATION = typed(
  'MatchingDecide',
  gql`
    mutation MatchingDecide($input: MatchingDecisionInput!) {
      matchingDecide(input: $input) {
        ...MatchingDecisionResultFields
      }
    }
    ${DECISION_RESULT}
  `,
);

export const MATCHING_SKIP_PRODUCT_MUTATION = typed(
  'MatchingSkipProduct',
  gql`
    mutation MatchingSkipProduct($input: MatchingSkipProductInput!) {
      matchingSkipProduct(input: $input) {
        ...MatchingDecisionResultFields
      }
    }
    ${DECISION_RESULT}
  `,
);

export const MATCHING_PICK_MUTATION = typed(
  'MatchingPick',
  gql`
    mutation MatchingPick($input: MatchingPickInput!) {
      matchingPick(input: $input) {
        ...MatchingDecisionResultFields
      }
    }
    ${DECISION_RESULT}
  `,
);

export const MATCHING_UNDO_MUTATION = typed(
  'MatchingUndo',
  gql`
    mutation MatchingUndo($input: MatchingUndoInput!) {
      matchingUndo(input: $input) {
        ...MatchingDecisionResultFields
      }
    }
    ${DECISION_RESULT}
  `,
);

export const MATCHING_COMPETITOR_SEARCH_QUERY = typed(
  'MatchingCompetitorSearch',
  gql`
    query MatchingCompetitorSearch($productId: ID!, $competitorId: ID!, $search: String!, $limit: Int) {
      matchingCompetitorSearch(productId: $productId, competitorId: $competitorId, search: $search, limit: $limit) {
        competitorProduct {
          ...CompetitorProductFields
        }
        similarity
        pairStatus
        pairStage
      }
    }
    ${COMPETITOR_PRODUCT}
  `,
);

export const MATCHING_PRODUCT_TIMELINE_QUERY = typed(
  'MatchingProductTimeline',
  gql`
    query MatchingProductTimeline($productId: ID!, $limit: Int) {
      matchingProductTimeline(productId: $productId, limit: $limit) {
        ...MatchingDecisionFields
      }
    }
    ${DECISION}
  `,
);

export const MATCHING_LOG_QUERY = typed(
  'MatchingLog',
  gql`
    query MatchingLog($organizationWebsiteId: ID!, $filter: MatchingLogFilter, $limit: Int!, $offset: Int!) {
      matchingLog(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
        data {
          ...MatchingDecisionFields
        }
        meta {
          pagination {
            total
            totalIsEstimate
          }
        }
      }
    }
    ${DECISION}
  `,
);

export const MATCHING_LOG_EXPORT_QUERY = typed(
  'MatchingLogExport',
  gql`
    query MatchingLogExport($organizationWebsiteId: ID!, $filter: MatchingLogFilter) {
      matchingLogExport(organizationWebsiteId: $organizationWebsiteId, filter: $filter) {
        csv
        rows
        truncated
      }
    }
  `,
);

export const MATCHING_REVERT_MUTATION = typed(
  'MatchingRevert',
  gql`
    mutation MatchingRevert($input: MatchingRevertInput!) {
      matchingRevert(input: $input) {
        ...MatchingDecisionResultFields
      }
    }
    ${DECISION_RESULT}
  `,
);

export type {
  MatchingDecisionKind,
  MatchingDecisionSource,
  MatchingEvent,
  MatchingQueueFilter,
  MatchingStage,
  MatchingStatus,
} from '../../graphql/operations.ts';
export const MATCHING_EVENTS = [
  'PROPOSE',
  'AUTOMATIC_MATCH',
  'REQUEST_CONFIRMATION',
  'MATCH',
  'NEVER_MATCH',
  'SKIP',
  'REOPEN',
  'CONFIRM',
  'REJECT',
  'EXPIRE',
  'RENEW',
  'SUPERSEDE',
  'RESUME',
  'REVERT',
] as const satisfies readonly MatchingEvent[];
export const MATCHING_SOURCES: readonly MatchingDecisionSource[] = [
  'QUEUE',
  'SEARCH',
  'CONFIRMATION',
  'LOG',
  'UNDO',
  'PRODUCT',
  'ENGINE',
  'EXPIRY',
];

export type ProductSummary = Fragment<'MatchingProductSummaryFields'>;

export type CompetitorProductRow = Fragment<'CompetitorProductFields'>;

export type Lease = Fragment<'MatchingLeaseFields'>;

export type MatchingPair = Fragment<'MatchingPairFields'>;

export type MatchingProduct = Fragment<'MatchingProductFields'>;

export type CompetitorCandidates = MatchingProduct['competitors'][number];

export type MatchingQueueAnswer = ResultOf<typeof MATCHING_QUEUE_QUERY>['matchingQueue'];

export type MatchingQueueItem = MatchingQueueAnswer['data'][number];

export type MatchingDecision = Fragment<'MatchingDecisionFields'>;

export type MatchingDecisionResult = Fragment<'MatchingDecisionResultFields'>;

export type SearchHit = ResultOf<typeof MATCHING_COMPETITOR_SEARCH_QUERY>['matchingCompetitorSearch'][number];

const RUN = gql`
  fragment MatchingRunFields on MatchingRun {
    id
    competitor {
      id
      name
    }
    kind
    trigger
    status
    startedBy
    productsTotal
    productsDone
    candidatesCreated
    matchedAutomatically
    sentToConfirmation
    errorMessage
    errorCode
    errorDetail
    createdAt
    finishedAt
  }
`;

/** The website's matching runs, newest first (Read on productMatchingQueue); polled while one works. */
export const MATCHING_RUN_LIST_QUERY = typed(
  'MatchingRunList',
  gql`
    query MatchingRunList($organizationWebsiteId: ID!, $limit: Int!, $offset: Int!) {
      matchingRunList(organizationWebsiteId: $organizationWebsiteId, limit: $limit, offset: $offset) {
        data {
          ...MatchingRunFields
        }
      }
    }
    ${RUN}
  `,
);

/** Starts a full run of the website, or of one competitor (Create on productMatchingQueue: Owner, Admin). */
export const MATCHING_RUN_START_MUTATION = typed(
  'MatchingRunStart',
  gql`
    mutation MatchingRunStart($organizationWebsiteId: ID!, $competitorId: ID) {
      matchingRunStart(organizationWebsiteId: $organizationWebsiteId, competitorId: $competitorId) {
        created
        run {
          ...MatchingRunFields
        }
      }
    }
    ${RUN}
  `,
);

export type MatchingRunItem = Fragment<'MatchingRunFields'>;
