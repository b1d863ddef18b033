import { gql } from '@urql/core';
import type { ProductOffer } from '../products/queries.ts';
import type { MatchingCalibration } from '../product-matching/shared/calibration.ts';

/** What the list, the detail and the monitored view show of a competitor. */
const COMPETITOR_FIELDS = `
  id
  name
  url
  matchingMode
  active
  scrapingFrequency
  createdAt
  productsCount
  lastDataAt
`;

const MONITORING_FIELDS = `
  monitoring {
    matchedProducts
    waitingMatches
    cheaper
    equal
    dearer
    averageDifferencePercent
  }
`;

/** Automatic matching at the competitor (product-matching/shared/calibration.ts). */
const CALIBRATION_FIELDS = `
  matchingCalibration {
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

export const COMPETITOR_LIST_QUERY = gql`
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
        ${COMPETITOR_FIELDS}
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

/** The full detail (competitors:detail, Admin). */
export const COMPETITOR_QUERY = gql`
  query Competitor($competitorId: ID!) {
    competitor(competitorId: $competitorId) {
      ${COMPETITOR_FIELDS}
      organizationWebsite {
        id
        name
        organization {
          id
          name
        }
      }
      ${MONITORING_FIELDS}
      ${CALIBRATION_FIELDS}
    }
  }
`;

/** The monitored-competitor view (monitoredCompetitor:detail, Owner). */
export const MONITORED_COMPETITOR_QUERY = gql`
  query MonitoredCompetitor($competitorId: ID!) {
    monitoredCompetitor(competitorId: $competitorId) {
      ${COMPETITOR_FIELDS}
      ${MONITORING_FIELDS}
      ${CALIBRATION_FIELDS}
    }
  }
`;

export const COMPETITOR_CREATE_MUTATION = gql`
  mutation CompetitorCreate($organizationWebsiteId: ID!, $input: CompetitorInput!) {
    competitorCreate(organizationWebsiteId: $organizationWebsiteId, input: $input) {
      ${COMPETITOR_FIELDS}
    }
  }
`;

export const COMPETITOR_UPDATE_MUTATION = gql`
  mutation CompetitorUpdate($competitorId: ID!, $input: CompetitorUpdateInput!) {
    competitorUpdate(competitorId: $competitorId, input: $input) {
      ${COMPETITOR_FIELDS}
    }
  }
`;

export const COMPETITOR_DELETE_MUTATION = gql`
  mutation CompetitorDelete($competitorId: ID!) {
    competitorDelete(competitorId: $competitorId) {
      id
      name
    }
  }
`;

export const COMPETITOR_PRODUCTS_IMPORT_MUTATION = gql`
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
        reason
      }
    }
  }
`;

export type MatchingMode = 'automatic' | 'confirmation';
export type ScrapingFrequency = 'hourly' | 'daily' | 'weekly';

export const MATCHING_MODES: readonly MatchingMode[] = ['automatic', 'confirmation'];
export const SCRAPING_FREQUENCIES: readonly ScrapingFrequency[] = ['hourly', 'daily', 'weekly'];

export interface CompetitorRow {
  id: string;
  name: string;
  url: string;
  matchingMode: MatchingMode;
  active: boolean;
  scrapingFrequency: ScrapingFrequency;
  createdAt: string;
  productsCount: number;
  lastDataAt: string | null;
}

export interface CompetitorMonitoring {
  matchedProducts: number;
  waitingMatches: number;
  cheaper: number;
  equal: number;
  dearer: number;
  averageDifferencePercent: number | null;
}

export interface CompetitorDetail extends CompetitorRow {
  organizationWebsite?: { id: string; name: string; organization: { id: string; name: string } };
  monitoring: CompetitorMonitoring;
  matchingCalibration: MatchingCalibration;
}

export interface ImportRowError {
  line: number;
  field: string;
  reason: string;
}

export interface CompetitorProductsImportResult {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  refreshedProducts: number;
  errors: ImportRowError[];
}

/** A competitor's catalogue, a page at a time (competitors:detail or monitoredCompetitor:detail). */
export const COMPETITOR_PRODUCT_LIST_QUERY = gql`
  query CompetitorProductList($competitorId: ID!, $search: String, $limit: Int!, $offset: Int!) {
    competitorProductList(competitorId: $competitorId, search: $search, limit: $limit, offset: $offset) {
      data {
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
`;

/** A competitor product as an offer shows it (without competitor and history), with its match counts. */
export type CompetitorCatalogueItem = Omit<ProductOffer['competitorProduct'], 'competitor' | 'priceHistory'> & {
  matchedCount: number;
  waitingCount: number;
};

export interface CompetitorCatalogue {
  data: CompetitorCatalogueItem[];
  meta: { pagination: { total: number } };
}
