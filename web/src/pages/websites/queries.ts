import { gql } from '@urql/core';
import { type Fragment, type ListRow, type ResultOf, typed } from '../../graphql/typed.ts';

export const WEBSITE_LIST_QUERY = typed(
  'OrganizationWebsiteAdminList',
  gql`
    query OrganizationWebsiteAdminList($organizationId: ID, $search: String, $sort: OrganizationWebsiteSort, $limit: Int!, $offset: Int!) {
      organizationWebsiteAdminList(organizationId: $organizationId, search: $search, sort: $sort, limit: $limit, offset: $offset) {
        data {
          id
          name
          hasFeed
          feedsCount
          competitorsCount
          website {
            id
            url
          }
          organization {
            id
            name
          }
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

const WEBSITE_DETAIL_FIELDS = gql`
  fragment OrganizationWebsiteDetailFields on OrganizationWebsite {
    id
    name
    hasFeed
    apiKey
    feedsCount
    competitorsCount
    productsCount
    website {
      id
      name
      url
    }
    organization {
      id
      name
    }
  }
`;

export const WEBSITE_QUERY = typed(
  'OrganizationWebsite',
  gql`
    query OrganizationWebsite($organizationWebsiteId: ID!) {
      organizationWebsite(organizationWebsiteId: $organizationWebsiteId) {
        ...OrganizationWebsiteDetailFields
      }
    }
    ${WEBSITE_DETAIL_FIELDS}
  `,
);

export const WEBSITE_DELETE_PREVIEW_QUERY = typed(
  'OrganizationWebsiteDeletePreview',
  gql`
    query OrganizationWebsiteDeletePreview($organizationWebsiteId: ID!) {
      organizationWebsiteDeletePreview(organizationWebsiteId: $organizationWebsiteId) {
        id
        feeds
        products
        competitors
        competitorProducts
        matches
        aggregatorListings
      }
    }
  `,
);

export const WEBSITE_CREATE_MUTATION = typed(
  'OrganizationWebsiteCreate',
  gql`
    mutation OrganizationWebsiteCreate($organizationId: ID!, $input: OrganizationWebsiteCreateInput!) {
      organizationWebsiteCreate(organizationId: $organizationId, input: $input) {
        id
        name
      }
    }
  `,
);

export const WEBSITE_UPDATE_MUTATION = typed(
  'OrganizationWebsiteUpdate',
  gql`
    mutation OrganizationWebsiteUpdate($organizationWebsiteId: ID!, $input: OrganizationWebsiteUpdateInput!) {
      organizationWebsiteUpdate(organizationWebsiteId: $organizationWebsiteId, input: $input) {
        ...OrganizationWebsiteDetailFields
      }
    }
    ${WEBSITE_DETAIL_FIELDS}
  `,
);

export const WEBSITE_API_KEY_ROTATE_MUTATION = typed(
  'OrganizationWebsiteApiKeyRotate',
  gql`
    mutation OrganizationWebsiteApiKeyRotate($organizationWebsiteId: ID!) {
      organizationWebsiteApiKeyRotate(organizationWebsiteId: $organizationWebsiteId) {
        id
        apiKey
      }
    }
  `,
);

export const WEBSITE_FEEDS_QUERY = typed(
  'WebsiteProductFeeds',
  gql`
    query WebsiteProductFeeds($organizationWebsiteId: ID!, $limit: Int!, $offset: Int!) {
      productFeedList(organizationWebsiteId: $organizationWebsiteId, limit: $limit, offset: $offset) {
        data {
          id
          name
          source
          format
          schedule
          lastRun {
            id
            status
            finishedAt
          }
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

export const WEBSITE_COMPETITORS_QUERY = typed(
  'WebsiteCompetitors',
  gql`
    query WebsiteCompetitors($organizationWebsiteId: ID!, $limit: Int!, $offset: Int!) {
      competitorList(organizationWebsiteId: $organizationWebsiteId, limit: $limit, offset: $offset) {
        data {
          id
          name
          url
          active
          matchingMode
          productsCount
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

/** The caller's organizations (an Owner: its own), for the create form's organization. */
export const OWN_ORGANIZATION_QUERY = typed(
  'OwnOrganization',
  gql`
    query OwnOrganization($limit: Int!, $offset: Int!) {
      organizationList(limit: $limit, offset: $offset) {
        data {
          id
          name
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

export type WebsiteRow = ListRow<typeof WEBSITE_LIST_QUERY>;

export type WebsiteDetail = Fragment<'OrganizationWebsiteDetailFields'>;

export type WebsiteDeletePreview = ResultOf<typeof WEBSITE_DELETE_PREVIEW_QUERY>['organizationWebsiteDeletePreview'];

export type WebsiteFeedRow = ListRow<typeof WEBSITE_FEEDS_QUERY>;

export type WebsiteCompetitorRow = ListRow<typeof WEBSITE_COMPETITORS_QUERY>;

/** docs/graphql.md's delete, exactly; the website page's delete button sends it. */
export const ORGANIZATION_WEBSITE_DELETE_MUTATION = typed(
  'OrganizationWebsiteDelete',
  gql`
    mutation OrganizationWebsiteDelete($organizationWebsiteId: ID!) {
      organizationWebsiteDelete(organizationWebsiteId: $organizationWebsiteId) {
        id
        name
        apiKey
        website {
          id
          name
          url
        }
        organization {
          id
          name
        }
      }
    }
  `,
);
