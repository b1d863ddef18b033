import { gql } from '@urql/core';

/** The picker's options: each website with the organization it belongs to. */
export const WEBSITE_OPTIONS_QUERY = gql`
  query OrganizationWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) {
    organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) {
      data {
        id
        name
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

export interface WebsiteOption {
  id: string;
  name: string;
  organization: { id: string; name: string } | null;
}
