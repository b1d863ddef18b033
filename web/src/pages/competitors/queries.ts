import { gql } from '@urql/core';
import type { CompetitorMatchingMode, ScrapingFrequency } from '../../graphql/operations.ts';
import { type Fragment, type ListRow, type ResultOf, typed } from '../../graphql/typed.ts';
import { CALIBRATION, COMPETITOR_PRODUCT } from '../../features/matching/queries.ts';

/** What the list, the detail and the monitored view show of a competitor. */
const COMPETITOR_FIELDS = gql`
  fragment CompetitorFields on Competitor {
    id
    name
    url
    matchingMode
    active
    scrapingFrequency
    createdAt
    productsCount
    lastDataAt
  }
`;

const MONITORING_FIELDS = gql`
  fragment CompetitorMonitoringFields on CompetitorMonitoring {
    matchedProducts
    waitingMatches
    cheaper
    equal
    dearer
    averageDifferencePercent
  }
`;

export const COMPETITOR_LIST_QUERY = typed(
  'CompetitorList',
  gql`
    query CompetitorList(
      $organizationWebsiteId: ID!
      $search: String
      $active: Boolean
      $matchingMode: CompetitorMatchingMode
      $sort: CompetitorSort
      $limit: Int!
      $offset: Int!
    ) {
      competitorList(
        organizationWebsiteId: $organizationWebsiteId
        search: $search
        active: $active
        matchingMode: $matchingMode
        sort: $sort
        limit: $limit
        offset: $offset
      ) {
        data {
          ...CompetitorFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${COMPETITOR_FIELDS}
  `,
);

/** The full detail (competitors:detail, Admin). */
export const COMPETITOR_QUERY = typed(
  'Competitor',
  gql`
    query Competitor($competitorId: ID!) {
      competitor(competitorId: $competitorId) {
        ...CompetitorFields
        organizationWebsite {
          id
          name
          organization {
            id
            name
          }
        }
        monitoring {
          ...CompetitorMonitoringFields
        }
        matchingCalibration {
          ...MatchingCalibrationFields
        }
        matchingTargetPrecision
      }
    }
    ${COMPETITOR_FIELDS}
    ${MONITORING_FIELDS}
    ${CALIBRATION}
  `,
);

/** The monitored-competitor view (monitoredCompetitor:detail, Owner). */
export const MONITORED_COMPETITOR_QUERY = typed(
  'MonitoredCompetitor',
  gql`
    query MonitoredCompetitor($competitorId: ID!) {
      monitoredCompetitor(competitorId: $competitorId) {
        ...CompetitorFields
        monitoring {
          ...CompetitorMonitoringFields
        }
        matchingCalibration {
          ...MatchingCalibrationFields
        }
      }
    }
    ${COMPETITOR_FIELDS}
    ${MONITORING_FIELDS}
    ${CALIBRATION}
  `,
);

export const COMPETITOR_CREATE_MUTATION = typed(
  'CompetitorCreate',
  gql`
    mutation CompetitorCreate($organizationWebsiteId: ID!, $input: CompetitorInput!) {
      competitorCreate(organizationWebsiteId: $organizationWebsiteId, input: $input) {
        ...CompetitorFields
      }
    }
    ${COMPETITOR_FIELDS}
  `,
);

export const COMPETITOR_UPDATE_MUTATION = typed(
  'CompetitorUpdate',
  gql`
    mutation CompetitorUpdate($competitorId: ID!, $input: CompetitorUpdateInput!) {
      competitorUpdate(competitorId: $competitorId, input: $input) {
        ...CompetitorFields
      }
    }
    ${COMPETITOR_FIELDS}
  `,
);

export const COMPETITOR_DELETE_MUTATION = typed(
  'CompetitorDelete',
  gql`
    mutation CompetitorDelete($competitorId: ID!) {
      competitorDelete(competitorId: $competitorId) {
        id
        name
      }
    }
  `,
);

export const COMPETITOR_PRODUCTS_IMPORT_MUTATION = typed(
  'CompetitorProductsImport',
  gql`
    mutation CompetitorProductsImport($competitorId: ID!, $csv: String!) {
      competitorProductsImport(competitorId: $competitorId, csv: $csv) {
        rows
        inserted
        updated
        unchanged
        skipped
        refreshedProducts
        errors {
          line
          field
          code
          reason
          max
          firstLine
          text
        }
      }
    }
  `,
);

export type MatchingMode = CompetitorMatchingMode;
export type { ScrapingFrequency };

export const MATCHING_MODES: readonly MatchingMode[] = ['automatic', 'confirmation'];
export const SCRAPING_FREQUENCIES: readonly ScrapingFrequency[] = ['hourly', 'daily', 'weekly'];

export type CompetitorRow = Fragment<'CompetitorFields'>;
export type CompetitorMonitoring = Fragment<'CompetitorMonitoringFields'>;
/** The Admin's full detail; the monitored view selects the same without its website. */
export type CompetitorDetail = ResultOf<typeof COMPETITOR_QUERY>['competitor'] &
  Partial<Pick<ResultOf<typeof COMPETITOR_QUERY>['competitor'], 'organizationWebsite'>>;
export type CompetitorProductsImportResult = ResultOf<
  typeof COMPETITOR_PRODUCTS_IMPORT_MUTATION
>['competitorProductsImport'];
export type ImportRowError = CompetitorProductsImportResult['errors'][number];

/** A competitor's catalogue, a page at a time (competitors:detail or monitoredCompetitor:detail). */
export const COMPETITOR_PRODUCT_LIST_QUERY = typed(
  'CompetitorProductList',
  gql`
    query CompetitorProductList($competitorId: ID!, $search: String, $limit: Int!, $offset: Int!) {
      competitorProductList(competitorId: $competitorId, search: $search, limit: $limit, offset: $offset) {
        data {
          ...CompetitorProductFields
          matchedCount
          waitingCount
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${COMPETITOR_PRODUCT}
  `,
);

/** One product of the competitor's catalogue (the one competitor product fragment), with its match counts. */
export type CompetitorCatalogueItem = ListRow<typeof COMPETITOR_PRODUCT_LIST_QUERY>;
export type CompetitorCatalogue = ResultOf<typeof COMPETITOR_PRODUCT_LIST_QUERY>['competitorProductList'];
