import { gql } from '@urql/core';
import { SCRAPER_ROW } from '../../features/scrapers/queries.ts';
import { typed, type Fragment, type ResultOf } from '../../graphql/typed.ts';

const HELD_PRICE_FIELDS = gql`
  fragment ScraperHeldPriceFields on ScraperHeldPrice {
    id
    competitorProductId
    competitorProductName
    url
    previousPrice
    previousCurrency
    price
    currency
    availability
    status
    createdAt
    decidedAt
    decidedBy
  }
`;

const RUN_FIELDS = gql`
  fragment ScraperRunFields on ScraperRun {
    id
    scraperId
    trigger
    status
    cancelRequested
    createdAt
    startedAt
    endedAt
    pagesTotal
    pagesFetched
    pagesNotModified
    productsSeen
    productsNew
    productsChanged
    productsUnchanged
    productsFailed
    heldForReview
    historyRows
    failuresByKind {
      kind
      count
    }
    bytes
    durationMs
    errorMessage
    errorCode
    errorValues {
      name
      value
    }
  }
`;

export const SCRAPER_QUERY = typed(
  'Scraper',
  gql`
    query Scraper($scraperId: ID!) {
      scraper(scraperId: $scraperId) {
        ...ScraperRowFields
        settings
        heldPricesPending
      }
    }
    ${SCRAPER_ROW}
  `,
);
export type ScraperDetail = ResultOf<typeof SCRAPER_QUERY>['scraper'];

export const SCRAPER_DEFAULT_SETTINGS_QUERY = typed(
  'ScraperDefaultSettings',
  gql`
    query ScraperDefaultSettings {
      scraperDefaultSettings
    }
  `,
);

export const SCRAPER_RUN_LIST_QUERY = typed(
  'ScraperRunList',
  gql`
    query ScraperRunList($scraperId: ID!, $limit: Int!, $offset: Int!) {
      scraperRunList(scraperId: $scraperId, limit: $limit, offset: $offset) {
        data {
          ...ScraperRunFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${RUN_FIELDS}
  `,
);
export type ScraperRun = Fragment<'ScraperRunFields'>;

export const SCRAPER_RUN_FAILURES_QUERY = typed(
  'ScraperRunFailures',
  gql`
    query ScraperRunFailures($runId: ID!, $limit: Int!, $offset: Int!) {
      scraperRun(runId: $runId) {
        id
        failures(limit: $limit, offset: $offset) {
          data {
            id
            url
            kind
            reason
            code
            values {
              name
              value
            }
          }
          meta {
            pagination {
              total
            }
          }
        }
      }
    }
  `,
);

export const SCRAPER_HELD_PRICE_LIST_QUERY = typed(
  'ScraperHeldPriceList',
  gql`
    query ScraperHeldPriceList($scraperId: ID!, $status: ScraperHeldPriceStatus, $limit: Int!, $offset: Int!) {
      scraperHeldPriceList(scraperId: $scraperId, status: $status, limit: $limit, offset: $offset) {
        data {
          ...ScraperHeldPriceFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${HELD_PRICE_FIELDS}
  `,
);
export type ScraperHeldPrice = Fragment<'ScraperHeldPriceFields'>;

export const SCRAPER_HELD_PRICE_DECIDE_MUTATION = typed(
  'ScraperHeldPriceDecide',
  gql`
    mutation ScraperHeldPriceDecide($heldPriceId: ID!, $decision: ScraperHeldPriceDecision!) {
      scraperHeldPriceDecide(heldPriceId: $heldPriceId, decision: $decision) {
        ...ScraperHeldPriceFields
      }
    }
    ${HELD_PRICE_FIELDS}
  `,
);

export const SCRAPER_TEST_EXTRACTION_QUERY = typed(
  'ScraperTestExtraction',
  gql`
    query ScraperTestExtraction($input: ScraperTestInput!) {
      scraperTestExtraction(input: $input) {
        url
        finalUrl
        outcome
        failureKind
        reason
        reasonCode
        reasonValues {
          name
          value
        }
        fields {
          field
          value
          source
        }
        warnings {
          code
          message
          values {
            name
            value
          }
        }
      }
    }
  `,
);
export type ExtractionTest = ResultOf<typeof SCRAPER_TEST_EXTRACTION_QUERY>['scraperTestExtraction'];

export const SCRAPER_UPDATE_MUTATION = typed(
  'ScraperUpdate',
  gql`
    mutation ScraperUpdate($scraperId: ID!, $input: ScraperUpdateInput!) {
      scraperUpdate(scraperId: $scraperId, input: $input) {
        ...ScraperRowFields
        settings
      }
    }
    ${SCRAPER_ROW}
  `,
);

export const SCRAPER_DELETE_MUTATION = typed(
  'ScraperDelete',
  gql`
    mutation ScraperDelete($scraperId: ID!) {
      scraperDelete(scraperId: $scraperId) {
        id
      }
    }
  `,
);

export const SCRAPER_RUN_NOW_MUTATION = typed(
  'ScraperRunNow',
  gql`
    mutation ScraperRunNow($scraperId: ID!) {
      scraperRunNow(scraperId: $scraperId) {
        ...ScraperRunFields
      }
    }
    ${RUN_FIELDS}
  `,
);

export const SCRAPER_RUN_CANCEL_MUTATION = typed(
  'ScraperRunCancel',
  gql`
    mutation ScraperRunCancel($runId: ID!) {
      scraperRunCancel(runId: $runId) {
        ...ScraperRunFields
      }
    }
    ${RUN_FIELDS}
  `,
);
