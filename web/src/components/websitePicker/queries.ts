import { gql } from '@urql/core';
import { type ListRow, typed } from '../../graphql/typed.ts';

/** The picker's options: each website with the organization it belongs to. */
export const WEBSITE_OPTIONS_QUERY = typed(
  'OrganizationWebsiteList',
  gql`
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
  `,
);

export type WebsiteOption = ListRow<typeof WEBSITE_OPTIONS_QUERY>;
