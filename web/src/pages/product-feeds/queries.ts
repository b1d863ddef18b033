import { gql } from '@urql/core';
import { type Fragment, type ListRow, type ResultOf, typed } from '../../graphql/typed.ts';

/** A run as the pages show it (progress, outcome, where a failed file broke). */
const RUN_FIELDS = gql`
  fragment FeedRunFields on FeedImportRun {
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
    errorCode
    errorValues {
      name
      value
    }
    errorLine
    errorColumn
    createdAt
    startedAt
    finishedAt
  }
`;

const FEED_FIELDS = gql`
  fragment FeedFields on ProductFeed {
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
      ...FeedRunFields
    }
  }
  ${RUN_FIELDS}
`;

/** The selected website's feeds (the list page asks for them all at once and pages them itself). */
export const PRODUCT_FEED_LIST_QUERY = typed(
  'ProductFeedList',
  gql`
    query ProductFeedList($organizationWebsiteId: ID!, $limit: Int!, $offset: Int!) {
      productFeedList(organizationWebsiteId: $organizationWebsiteId, limit: $limit, offset: $offset) {
        data {
          ...FeedFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${FEED_FIELDS}
  `,
);

/** One feed with its run history, newest first. */
export const PRODUCT_FEED_QUERY = typed(
  'ProductFeed',
  gql`
    query ProductFeed($productFeedId: ID!, $runsLimit: Int!) {
      productFeed(productFeedId: $productFeedId) {
        ...FeedFields
        uploadPath
        runs(limit: $runsLimit, offset: 0) {
          ...FeedRunFields
        }
      }
    }
    ${FEED_FIELDS}
    ${RUN_FIELDS}
  `,
);

/** One run, polled while it runs. */
export const FEED_IMPORT_RUN_QUERY = typed(
  'FeedImportRun',
  gql`
    query FeedImportRun($runId: ID!) {
      feedImportRun(runId: $runId) {
        ...FeedRunFields
      }
    }
    ${RUN_FIELDS}
  `,
);

/** A run's row errors in file order, paged. */
export const FEED_IMPORT_ERRORS_QUERY = typed(
  'FeedImportErrors',
  gql`
    query FeedImportErrors($runId: ID!, $limit: Int!, $offset: Int!) {
      feedImportErrors(runId: $runId, limit: $limit, offset: $offset) {
        data {
          line
          itemId
          field
          reason
          code
          max
          text
          currency
          rowCurrency
          fieldCount
          expectedFieldCount
          element
          errorLine
          errorColumn
          detail
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
  `,
);

export const PRODUCT_FEED_CREATE_MUTATION = typed(
  'ProductFeedCreate',
  gql`
    mutation ProductFeedCreate($input: ProductFeedCreateInput!) {
      productFeedCreate(input: $input) {
        id
        name
      }
    }
  `,
);

export const PRODUCT_FEED_UPDATE_MUTATION = typed(
  'ProductFeedUpdate',
  gql`
    mutation ProductFeedUpdate($productFeedId: ID!, $input: ProductFeedUpdateInput!) {
      productFeedUpdate(productFeedId: $productFeedId, input: $input) {
        id
        name
      }
    }
  `,
);

export const PRODUCT_FEED_DELETE_MUTATION = typed(
  'ProductFeedDelete',
  gql`
    mutation ProductFeedDelete($productFeedId: ID!) {
      productFeedDelete(productFeedId: $productFeedId) {
        id
        name
      }
    }
  `,
);

export const PRODUCT_FEED_IMPORT_MUTATION = typed(
  'ProductFeedImport',
  gql`
    mutation ProductFeedImport($productFeedId: ID!) {
      productFeedImport(productFeedId: $productFeedId) {
        ...FeedRunFields
      }
    }
    ${RUN_FIELDS}
  `,
);

export type {
  FeedImportStatus as RunStatus,
  ProductFeedFormat as FeedFormat,
  ProductFeedSchedule as FeedSchedule,
  ProductFeedSource as FeedSource,
} from '../../graphql/operations.ts';

export type FeedRun = Fragment<'FeedRunFields'>;

export type FeedRow = Fragment<'FeedFields'>;

export type FeedColumn = NonNullable<FeedRow['columnMapping']>[number];

export type FeedDetail = NonNullable<ResultOf<typeof PRODUCT_FEED_QUERY>['productFeed']>;

export type FeedImportErrorRow = ListRow<typeof FEED_IMPORT_ERRORS_QUERY>;
