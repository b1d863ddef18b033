import { gql } from '@urql/core';
import { type ListRow, type ResultOf, typed } from '../../graphql/typed.ts';

/**
 * Scraper documents that pages of several routes read (api/src/monitoring/schema.graphql): a
 * scraper's row fields, the scraper list (the scrapers page, Home's failing scrapers), a
 * competitor's scrapers and their creation, and when a monitored competitor's prices were collected.
 */
export const SCRAPER_ROW = gql`
  fragment ScraperRowFields on Scraper {
    id
    name
    enabled
    competitorId
    competitorName
    competitorUrl
    scrapingFrequency
    organizationName
    websiteName
    nextRunAt
    health {
      status
      lastRunAt
      lastRunStatus
      lastSuccessAt
      successRate
      recentRuns
      productsSeen
      productsExpected
      errorMix {
        kind
        count
      }
    }
    activeRun {
      id
      status
    }
  }
`;

export const SCRAPER_LIST_QUERY = typed(
  'ScraperList',
  gql`
    query ScraperList($search: String, $health: [ScraperHealthStatus!], $competitorId: ID, $sort: ScraperSort, $limit: Int!, $offset: Int!) {
      scraperList(search: $search, health: $health, competitorId: $competitorId, sort: $sort, limit: $limit, offset: $offset) {
        data {
          ...ScraperRowFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${SCRAPER_ROW}
  `,
);

export type ScraperRow = ListRow<typeof SCRAPER_LIST_QUERY>;
export type ScraperList = ResultOf<typeof SCRAPER_LIST_QUERY>['scraperList'];

export const SCRAPER_CREATE_MUTATION = typed(
  'ScraperCreate',
  gql`
    mutation ScraperCreate($competitorId: ID!, $input: ScraperInput!) {
      scraperCreate(competitorId: $competitorId, input: $input) {
        id
        name
      }
    }
  `,
);

/** What a competitor's pages show of its scraping: its scrapers (Admin) or when prices were last collected. */
export const COMPETITOR_SCRAPERS_QUERY = typed(
  'CompetitorScrapers',
  gql`
    query CompetitorScrapers($competitorId: ID!) {
      competitor(competitorId: $competitorId) {
        id
        lastCollectedAt
        scrapers {
          ...ScraperRowFields
        }
      }
    }
    ${SCRAPER_ROW}
  `,
);

export const MONITORED_COMPETITOR_COLLECTED_QUERY = typed(
  'MonitoredCompetitorCollected',
  gql`
    query MonitoredCompetitorCollected($competitorId: ID!) {
      monitoredCompetitor(competitorId: $competitorId) {
        id
        lastCollectedAt
      }
    }
  `,
);
