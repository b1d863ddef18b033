import { gql } from '@urql/core';
import { type Fragment, type ResultOf, typed } from '../../graphql/typed.ts';

/** The figures of a snapshot row (one brand, or the whole selection). */
const BRAND_ROW_FIELDS = gql`
  fragment InsightsBrandRowFields on BrandSnapshotRow {
    brand
    products
    matchedProducts
    coveragePercent
    priceIndex
    comparison {
      cheaper
      same
      pricier
    }
    averageDifferencePercent
    cells {
      competitorId
      matchedProducts
      priceIndex
      comparison {
        cheaper
        same
        pricier
      }
    }
  }
`;

export const BRAND_SNAPSHOT_QUERY = typed(
  'InsightsBrandSnapshot',
  gql`
    query InsightsBrandSnapshot($filter: InsightsFilter!) {
      brandSnapshot(filter: $filter) {
        competitors {
          id
          name
        }
        rows {
          ...InsightsBrandRowFields
        }
        total {
          ...InsightsBrandRowFields
        }
        empty
        updatedAt
      }
    }
    ${BRAND_ROW_FIELDS}
  `,
);

export type BrandSnapshot = ResultOf<typeof BRAND_SNAPSHOT_QUERY>['brandSnapshot'];
export type BrandRow = Fragment<'InsightsBrandRowFields'>;
export type InsightsEmpty = NonNullable<BrandSnapshot['empty']>;

export const COMPETITOR_SNAPSHOT_QUERY = typed(
  'InsightsCompetitorSnapshot',
  gql`
    query InsightsCompetitorSnapshot($filter: InsightsFilter!) {
      competitorSnapshot(filter: $filter) {
        rows {
          competitor {
            id
            name
          }
          matchedProducts
          overlapPercent
          priceIndex
          comparison {
            cheaper
            same
            pricier
          }
          inStockShare
          lastCollectedAt
          dynamics {
            up
            down
            unchanged
            averageChangePercent
          }
        }
        series {
          day
          competitorId
          priceIndex
          matchedProducts
        }
        empty
        updatedAt
      }
    }
  `,
);

export type CompetitorSnapshot = ResultOf<typeof COMPETITOR_SNAPSHOT_QUERY>['competitorSnapshot'];
export type CompetitorRow = CompetitorSnapshot['rows'][number];
export type PriceIndexPoint = CompetitorSnapshot['series'][number];
