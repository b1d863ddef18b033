import { gql } from '@urql/core';
import { typed } from '../../graphql/typed.ts';

/** The organizations an Admin picks from (api/src/organizations/schema.graphql): the users and websites pages. */
export const ORGANIZATION_OPTIONS_QUERY = typed(
  'OrganizationOptions',
  gql`
    query OrganizationOptions($search: String, $limit: Int!, $offset: Int!) {
      organizationList(search: $search, limit: $limit, offset: $offset) {
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
