import { gql } from '@urql/core';
import { type ListRow, typed } from '../../graphql/typed.ts';

/**
 * The first page of the organization websites the signed-in user may see, with what Home shows
 * of each. Named apart from the website picker's OrganizationWebsiteList (components/websitePicker),
 * which selects less; the API's kept list answers recognise both by what they select, not by name.
 */
export const ORGANIZATION_WEBSITE_LIST_QUERY = typed(
  'HomeWebsiteList',
  gql`
    query HomeWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) {
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
  `,
);

/** docs/graphql.md's delete, exactly; the websites page's delete button sends it. */
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

export type OrganizationWebsiteRow = ListRow<typeof ORGANIZATION_WEBSITE_LIST_QUERY>;
