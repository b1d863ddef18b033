import { gql } from '@urql/core';
import { type Fragment, typed } from '../../graphql/typed.ts';

const ORGANIZATION_FIELDS = gql`
  fragment OrganizationFields on Organization {
    id
    name
    slug
    suspended
    createdAt
    websitesCount
    usersCount
    plan {
      id
      name
      limits {
        websites
        users
      }
    }
  }
`;

export const ORGANIZATION_LIST_QUERY = typed(
  'OrganizationList',
  gql`
    query OrganizationList($search: String, $sort: OrganizationSort, $limit: Int!, $offset: Int!) {
      organizationList(search: $search, sort: $sort, limit: $limit, offset: $offset) {
        data {
          ...OrganizationFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${ORGANIZATION_FIELDS}
  `,
);

export const ORGANIZATION_QUERY = typed(
  'Organization',
  gql`
    query Organization($organizationId: ID!) {
      organization(organizationId: $organizationId) {
        ...OrganizationFields
      }
    }
    ${ORGANIZATION_FIELDS}
  `,
);

export const ORGANIZATION_CREATE_MUTATION = typed(
  'OrganizationCreate',
  gql`
    mutation OrganizationCreate($input: OrganizationCreateInput!) {
      organizationCreate(input: $input) {
        id
        name
      }
    }
  `,
);

export const ORGANIZATION_UPDATE_MUTATION = typed(
  'OrganizationUpdate',
  gql`
    mutation OrganizationUpdate($organizationId: ID!, $input: OrganizationUpdateInput!) {
      organizationUpdate(organizationId: $organizationId, input: $input) {
        id
        name
      }
    }
  `,
);

export const ORGANIZATION_SUSPEND_MUTATION = typed(
  'OrganizationSuspend',
  gql`
    mutation OrganizationSuspend($organizationId: ID!) {
      organizationSuspend(organizationId: $organizationId) {
        id
        suspended
      }
    }
  `,
);

export const ORGANIZATION_REINSTATE_MUTATION = typed(
  'OrganizationReinstate',
  gql`
    mutation OrganizationReinstate($organizationId: ID!) {
      organizationReinstate(organizationId: $organizationId) {
        id
        suspended
      }
    }
  `,
);

export type OrganizationRow = Fragment<'OrganizationFields'>;
