import { gql } from '@urql/core';

/** A run as the pages show it (progress, outcome, where a failed file broke). */
const RUN_FIELDS = `
  id
  productFeedId
  status
  source
  fileName
  bytesRead
  rowsRead
  rowsImported
  rowsRejected
  productsCreated
  productsUpdated
  productsDeactivated
  errorMessage
  errorLine
  errorColumn
  createdAt
  startedAt
  finishedAt
`;

const FEED_FIELDS = `
  id
  organizationWebsiteId
  name
  source
  url
  format
  columnMapping {
    field
    column
  }
  csvDelimiter
  schedule
  createdAt
  updatedAt
  lastRun {
    ${RUN_FIELDS}
  }
`;

/** The selected website's feeds (the list page asks for them all at once and pages them itself). */
export const PRODUCT_FEED_LIST_QUERY = gql`
  query ProductFeedList($organizationWebsiteId: ID!, $limit: Int!, $offset: Int!) {
    productFeedList(organizationWebsiteId: $organizationWebsiteId, limit: $limit, offset: $offset) {
      data {
        ${FEED_FIELDS}
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

/** One feed with its run history, newest first. */
export const PRODUCT_FEED_QUERY = gql`
  query ProductFeed($productFeedId: ID!, $runsLimit: Int!) {
    productFeed(productFeedId: $productFeedId) {
      ${FEED_FIELDS}
      uploadPath
      runs(limit: $runsLimit, offset: 0) {
        ${RUN_FIELDS}
      }
    }
  }
`;

/** One run, polled while it runs. */
export const FEED_IMPORT_RUN_QUERY = gql`
  query FeedImportRun($runId: ID!) {
    feedImportRun(runId: $runId) {
      ${RUN_FIELDS}
    }
  }
`;

/** A run's row errors in file order, paged. */
export const FEED_IMPORT_ERRORS_QUERY = gql`
  query FeedImportErrors($runId: ID!, $limit: Int!, $offset: Int!) {
    feedImportErrors(runId: $runId, limit: $limit, offset: $offset) {
      data {
        line
        itemId
        field
        reason
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

export const PRODUCT_FEED_CREATE_MUTATION = gql`
  mutation ProductFeedCreate($input: ProductFeedCreateInput!) {
    productFeedCreate(input: $input) {
      id
      name
    }
  }
`;

export const PRODUCT_FEED_UPDATE_MUTATION = gql`
  mutation ProductFeedUpdate($productFeedId: ID!, $input: ProductFeedUpdateInput!) {
    productFeedUpdate(productFeedId: $productFeedId, input: $input) {
      id
      name
    }
  }
`;

export const PRODUCT_FEED_DELETE_MUTATION = gql`
  mutation ProductFeedDelete($productFeedId: ID!) {
    productFeedDelete(productFeedId: $productFeedId) {
      id
      name
    }
  }
`;

export const PRODUCT_FEED_IMPORT_MUTATION = gql`
  mutation ProductFeedImport($productFeedId: ID!) {
    productFeedImport(productFeedId: $productFeedId) {
      ${RUN_FIELDS}
    }
  }
`;

export type FeedSource = 'URL' | 'UPLOAD';
export type FeedFormat = 'CSV' | 'GOOGLE_XML' | 'HEUREKA_XML';
export type FeedSchedule = 'MANUAL' | 'DAILY';
export type RunStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';

export interface FeedColumn {
  field: string;
  column: string;
}

export interface FeedRun {
  id: string;
  productFeedId: string;
  status: RunStatus;
  source: FeedSource;
  fileName: string | null;
  bytesRead: number;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  productsCreated: number;
  productsUpdated: number;
  productsDeactivated: number;
  errorMessage: string | null;
  errorLine: number | null;
  errorColumn: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface FeedRow {
  id: string;
  organizationWebsiteId: string;
  name: string;
  source: FeedSource;
  url: string | null;
  format: FeedFormat;
  columnMapping: FeedColumn[] | null;
  csvDelimiter: string;
  schedule: FeedSchedule;
  createdAt: string;
  updatedAt: string;
  lastRun: FeedRun | null;
}

export interface FeedDetail extends FeedRow {
  uploadPath: string;
  runs: FeedRun[];
}

export interface FeedImportErrorRow {
  line: number;
  itemId: string | null;
  field: string;
  reason: string;
}
