import { gql } from '@urql/core';
import type { MatchingStatistics } from './shared/statistics.ts';

/** GraphQL documents of the matching pages (api/src/schema/matching.graphql) and their answers' shapes. */

/** A product's fields on the matching pages (the queue, a product's page, the confirmation queue). */
export const PRODUCT_SUMMARY = `
  id
  itemId
  name
  brand
  ean
  mpn
  category
  price
  currency
  imageUrl
  url
`;

/** A competitor product's fields wherever a pair is shown. */
export const COMPETITOR_PRODUCT = `
  id
  externalId
  name
  brand
  ean
  mpn
  price
  currency
  availability
  url
  seenAt
`;

const LEASE = `
  productId
  userId
  userEmail
  mine
  expiresAt
`;

const PAIR = `
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
  }
  competitorProduct {
    ${COMPETITOR_PRODUCT}
  }
  priceDifference
  priceDifferencePercent
  updatedAt
`;

const MATCHING_PRODUCT = `
  product {
    ${PRODUCT_SUMMARY}
  }
  competitors {
    competitor {
      id
      name
    }
    matchingMode
    pairs {
      ${PAIR}
    }
  }
  lease {
    ${LEASE}
  }
  waitingToMatch
`;

const STATISTICS = `
  matched
  waitingToMatch
  waitingToConfirm
  skipped
  neverMatch
  expired
`;

const DECISION = `
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
`;

export const MATCHING_QUEUE_QUERY = gql`
  query MatchingQueue($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $limit: Int!, $offset: Int!) {
    matchingQueue(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
      data {
        product {
          ${PRODUCT_SUMMARY}
        }
        candidates
        bestScore
        priceGapPercent
        waitingSince
        priority
        lease {
          ${LEASE}
        }
      }
      meta {
        pagination {
          total
          totalIsEstimate
        }
        counts {
          ${STATISTICS}
        }
      }
    }
  }
`;

export const MATCHING_STATISTICS_QUERY = gql`
  query MatchingStatistics($organizationWebsiteId: ID!) {
    matchingStatistics(organizationWebsiteId: $organizationWebsiteId) {
      overall {
        ${STATISTICS}
      }
      competitors {
        competitor {
          id
          name
        }
        statistics {
          ${STATISTICS}
        }
      }
      productsWaitingToMatch
    }
  }
`;

export const MATCHING_PRODUCT_QUERY = gql`
  query MatchingProduct($productId: ID!) {
    matchingProduct(productId: $productId) {
      ${MATCHING_PRODUCT}
    }
  }
`;

export const MATCHING_CLAIM_NEXT_MUTATION = gql`
  mutation MatchingClaimNext($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $count: Int, $excludeProductIds: [ID!]) {
    matchingClaimNext(organizationWebsiteId: $organizationWebsiteId, filter: $filter, count: $count, excludeProductIds: $excludeProductIds) {
      ${MATCHING_PRODUCT}
    }
  }
`;

export const MATCHING_CLAIM_PRODUCT_MUTATION = gql`
  mutation MatchingClaimProduct($productId: ID!) {
    matchingClaimProduct(productId: $productId) {
      ${LEASE}
    }
  }
`;

export const MATCHING_RELEASE_PRODUCT_MUTATION = gql`
  mutation MatchingReleaseProduct($productId: ID!) {
    matchingReleaseProduct(productId: $productId)
  }
`;

const DECISION_RESULT = `
  decisions {
    ${DECISION}
  }
  replayed
  product {
    ${MATCHING_PRODUCT}
  }
`;

export const MATCHING_DECIDE_MUTATION = gql`
  mutation MatchingDecide($input: MatchingDecisionInput!) {
    matchingDecide(input: $input) {
      ${DECISION_RESULT}
    }
  }
`;

export const MATCHING_SKIP_PRODUCT_MUTATION = gql`
  mutation MatchingSkipProduct($input: MatchingSkipProductInput!) {
    matchingSkipProduct(input: $input) {
      ${DECISION_RESULT}
    }
  }
`;

export const MATCHING_PICK_MUTATION = gql`
  mutation MatchingPick($input: MatchingPickInput!) {
    matchingPick(input: $input) {
      ${DECISION_RESULT}
    }
  }
`;

export const MATCHING_UNDO_MUTATION = gql`
  mutation MatchingUndo($input: MatchingUndoInput!) {
    matchingUndo(input: $input) {
      ${DECISION_RESULT}
    }
  }
`;

export const MATCHING_COMPETITOR_SEARCH_QUERY = gql`
  query MatchingCompetitorSearch($productId: ID!, $competitorId: ID!, $search: String!, $limit: Int) {
    matchingCompetitorSearch(productId: $productId, competitorId: $competitorId, search: $search, limit: $limit) {
      competitorProduct {
        ${COMPETITOR_PRODUCT}
      }
      similarity
      pairStatus
      pairStage
    }
  }
`;

export const MATCHING_PRODUCT_TIMELINE_QUERY = gql`
  query MatchingProductTimeline($productId: ID!, $limit: Int) {
    matchingProductTimeline(productId: $productId, limit: $limit) {
      ${DECISION}
    }
  }
`;

export const MATCHING_LOG_QUERY = gql`
  query MatchingLog($organizationWebsiteId: ID!, $filter: MatchingLogFilter, $limit: Int!, $offset: Int!) {
    matchingLog(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
      data {
        ${DECISION}
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

export const MATCHING_LOG_EXPORT_QUERY = gql`
  query MatchingLogExport($organizationWebsiteId: ID!, $filter: MatchingLogFilter) {
    matchingLogExport(organizationWebsiteId: $organizationWebsiteId, filter: $filter) {
      csv
      rows
      truncated
    }
  }
`;

export const MATCHING_REVERT_MUTATION = gql`
  mutation MatchingRevert($input: MatchingRevertInput!) {
    matchingRevert(input: $input) {
      ${DECISION_RESULT}
    }
  }
`;

export type MatchingStatus = 'WAITING' | 'MATCHED' | 'NEVER_MATCH' | 'SKIPPED' | 'EXPIRED';
export type MatchingStage = 'CANDIDATE' | 'CONFIRMATION';
export type MatchingDecisionKind = 'MATCH' | 'NEVER_MATCH' | 'SKIP' | 'REOPEN';
export type MatchingDecisionSource = 'QUEUE' | 'SEARCH' | 'CONFIRMATION' | 'LOG' | 'UNDO' | 'PRODUCT' | 'ENGINE' | 'EXPIRY';
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
] as const;
export type MatchingEvent = (typeof MATCHING_EVENTS)[number];
export const MATCHING_SOURCES: readonly MatchingDecisionSource[] = ['QUEUE', 'SEARCH', 'CONFIRMATION', 'LOG', 'UNDO', 'PRODUCT', 'ENGINE', 'EXPIRY'];

export interface MatchingQueueFilter {
  competitorId?: string;
  brand?: string;
  category?: string;
}

export interface ProductSummary {
  id: string;
  itemId: string;
  name: string;
  brand: string | null;
  ean: string | null;
  mpn: string | null;
  category: string | null;
  price: number | null;
  currency: string;
  imageUrl: string | null;
  url: string | null;
}

export interface CompetitorProductRow {
  id: string;
  externalId: string;
  name: string;
  brand: string | null;
  ean: string | null;
  mpn: string | null;
  price: number | null;
  currency: string;
  availability: string | null;
  url: string | null;
  seenAt: string;
}

export interface Lease {
  productId: string;
  userId: string;
  userEmail: string | null;
  mine: boolean;
  expiresAt: string;
}

export interface MatchingPair {
  id: string;
  status: MatchingStatus;
  stage: MatchingStage;
  version: number;
  score: number | null;
  evidence: {
    gtinEqual: boolean | null;
    mpnEqual: boolean | null;
    brandEqual: boolean | null;
    nameSimilarity: number | null;
    sharedWords: string[];
    sharedModelNumbers: string[];
  };
  competitorProduct: CompetitorProductRow;
  priceDifference: number | null;
  priceDifferencePercent: number | null;
  updatedAt: string;
}

export interface CompetitorCandidates {
  competitor: { id: string; name: string };
  matchingMode: string;
  pairs: MatchingPair[];
}

export interface MatchingProduct {
  product: ProductSummary;
  competitors: CompetitorCandidates[];
  lease: Lease | null;
  waitingToMatch: number;
}

export interface MatchingQueueItem {
  product: ProductSummary;
  candidates: number;
  bestScore: number | null;
  priceGapPercent: number | null;
  waitingSince: string;
  priority: number;
  lease: Lease | null;
}

export interface MatchingQueueAnswer {
  data: MatchingQueueItem[];
  meta: { pagination: { total: number; totalIsEstimate: boolean }; counts: MatchingStatistics };
}

export interface MatchingStatisticsReport {
  overall: MatchingStatistics;
  competitors: { competitor: { id: string; name: string }; statistics: MatchingStatistics }[];
  productsWaitingToMatch: number;
}

export interface MatchingDecision {
  id: string;
  decidedAt: string;
  actor: { id: string | null; email: string | null } | null;
  event: MatchingEvent;
  source: MatchingDecisionSource;
  matchId: string;
  product: { id: string; itemId: string; name: string };
  competitor: { id: string; name: string };
  competitorProduct: { id: string; externalId: string; name: string };
  statusBefore: MatchingStatus;
  stageBefore: MatchingStage;
  statusAfter: MatchingStatus;
  stageAfter: MatchingStage;
  version: number;
  score: number | null;
  causedBy: string | null;
  reverts: string | null;
  revertedBy: string | null;
  revertable: boolean;
}

export interface MatchingDecisionResult {
  decisions: MatchingDecision[];
  replayed: boolean;
  product: MatchingProduct | null;
}

export interface SearchHit {
  competitorProduct: CompetitorProductRow;
  similarity: number;
  pairStatus: MatchingStatus | null;
  pairStage: MatchingStage | null;
}

/** The brands and categories of the website's products, for the exact-value filters (Read on products). */
export const PRODUCT_FACETS_QUERY = gql`
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
`;

export interface ProductFacets {
  brands: { value: string; count: number }[];
  categories: { value: string; count: number }[];
}
