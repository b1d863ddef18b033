import { gql } from '@urql/core';

/** The first page of the organization websites the signed-in user may see. */
export const ORGANIZATION_WEBSITE_LIST_QUERY = gql`
  query OrganizationWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) {
    organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) {
      data {
        id
        name
        hasFeed
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
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

/** docs/graphql.md's delete, exactly; the websites page's delete button sends it. */
export const ORGANIZATION_WEBSITE_DELETE_MUTATION = gql`
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
`;

export interface OrganizationWebsiteRow {
  id: string;
  name: string;
  hasFeed: boolean;
  website: { id: string; name: string; url: string } | null;
  organization: { id: string; name: string } | null;
}
