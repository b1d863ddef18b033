import { gql } from '@urql/core';
import { type ResultOf, typed } from '../../graphql/typed.ts';

/**
 * The matching documents that pages of several routes read (api/src/matching/schema.graphql):
 * the fragments of a product, a competitor product, statistics and calibration (the matching
 * pages, the confirmation queue, a competitor's pages), the statistics query (the queue, Home,
 * a competitor's page) and a competitor's target precision (the competitor page, the model page).
 */

/** A product's fields on the matching pages (the queue, a product's page, the confirmation queue). */
export const PRODUCT_SUMMARY = gql`
  fragment MatchingProductSummaryFields on MatchingProductSummary {
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
  }
`;

/** A competitor product's own fields, wherever one is shown (pairs, search, decisions, a competitor's catalogue). */
export const COMPETITOR_PRODUCT = gql`
  fragment CompetitorProductFields on CompetitorProduct {
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
  }
`;

/** A matching statistics row (the queue's counts, the statistics bar, Home). */
export const STATISTICS = gql`
  fragment MatchingStatisticsFields on MatchingStatistics {
    matched
    waitingToMatch
    waitingToConfirm
    skipped
    neverMatch
    expired
  }
`;

/** Automatic matching at a competitor (docs/matching.md): features/matching/calibration.ts reads it. */
export const CALIBRATION = gql`
  fragment MatchingCalibrationFields on MatchingCalibration {
    targetPrecision
    automatic
    threshold
    estimatedPrecision
    estimatedCoverage
    decisions
    competitorDecisions
    source
    decisionsNeeded
    reason
  }
`;

export const MATCHING_STATISTICS_QUERY = typed(
  'MatchingStatistics',
  gql`
    query MatchingStatistics($organizationWebsiteId: ID!) {
      matchingStatistics(organizationWebsiteId: $organizationWebsiteId) {
        overall {
          ...MatchingStatisticsFields
        }
        competitors {
          competitor {
            id
            name
          }
          statistics {
            ...MatchingStatisticsFields
          }
          calibration {
            ...MatchingCalibrationFields
          }
        }
        productsWaitingToMatch
      }
    }
    ${STATISTICS}
    ${CALIBRATION}
  `,
);

export type MatchingStatisticsReport = ResultOf<typeof MATCHING_STATISTICS_QUERY>['matchingStatistics'];

/** Admin: a competitor's target precision (null: its organization's); answers its new calibration. */
export const COMPETITOR_TARGET_PRECISION_SET_MUTATION = typed(
  'CompetitorMatchingTargetPrecisionSet',
  gql`
    mutation CompetitorMatchingTargetPrecisionSet($competitorId: ID!, $targetPrecision: Float) {
      competitorMatchingTargetPrecisionSet(competitorId: $competitorId, targetPrecision: $targetPrecision) {
        ...MatchingCalibrationFields
      }
    }
    ${CALIBRATION}
  `,
);
