import { gql } from '@urql/core';

export const WEBSITE_LIST_QUERY = gql`
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
`;

const WEBSITE_DETAIL_FIELDS = `
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
`;

export const WEBSITE_QUERY = gql`
  query OrganizationWebsite($organizationWebsiteId: ID!) {
    organizationWebsite(organizationWebsiteId: $organizationWebsiteId) {
      ${WEBSITE_DETAIL_FIELDS}
    }
  }
`;

export const WEBSITE_DELETE_PREVIEW_QUERY = gql`
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
`;

export const WEBSITE_CREATE_MUTATION = gql`
  mutation OrganizationWebsiteCreate($organizationId: ID!, $input: OrganizationWebsiteCreateInput!) {
    organizationWebsiteCreate(organizationId: $organizationId, input: $input) {
      id
      name
    }
  }
`;

export const WEBSITE_UPDATE_MUTATION = gql`
  mutation OrganizationWebsiteUpdate($organizationWebsiteId: ID!, $input: OrganizationWebsiteUpdateInput!) {
    organizationWebsiteUpdate(organizationWebsiteId: $organizationWebsiteId, input: $input) {
      ${WEBSITE_DETAIL_FIELDS}
    }
  }
`;

export const WEBSITE_API_KEY_ROTATE_MUTATION = gql`
  mutation OrganizationWebsiteApiKeyRotate($organizationWebsiteId: ID!) {
    organizationWebsiteApiKeyRotate(organizationWebsiteId: $organizationWebsiteId) {
      id
      apiKey
    }
  }
`;

export const WEBSITE_FEEDS_QUERY = gql`
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
`;

export const WEBSITE_COMPETITORS_QUERY = gql`
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
`;

/** The caller's organizations (an Owner: its own), for the create form's organization. */
export const OWN_ORGANIZATION_QUERY = gql`
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
`;

export interface WebsiteRow {
  id: string;
  name: string;
  hasFeed: boolean;
  feedsCount: number;
  competitorsCount: number;
  website: { id: string; url: string };
  organization: { id: string; name: string };
}

export interface WebsiteDetail extends Omit<WebsiteRow, 'website'> {
  apiKey: string | null;
  productsCount: number;
  website: { id: string; name: string; url: string };
}

export interface WebsiteDeletePreview {
  id: string;
  feeds: number;
  products: number;
  competitors: number;
  competitorProducts: number;
  matches: number;
  aggregatorListings: number;
}

export interface WebsiteFeedRow {
  id: string;
  name: string;
  source: 'URL' | 'UPLOAD';
  format: string;
  schedule: string;
  lastRun: { id: string; status: string; finishedAt: string | null } | null;
}

export interface WebsiteCompetitorRow {
  id: string;
  name: string;
  url: string;
  active: boolean;
  matchingMode: string;
  productsCount: number;
}
