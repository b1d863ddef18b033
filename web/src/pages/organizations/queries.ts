import { gql } from '@urql/core';

const ORGANIZATION_FIELDS = `
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
`;

export const ORGANIZATION_LIST_QUERY = gql`
  query OrganizationList($search: String, $sort: OrganizationSort, $limit: Int!, $offset: Int!) {
    organizationList(search: $search, sort: $sort, limit: $limit, offset: $offset) {
      data {
        ${ORGANIZATION_FIELDS}
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

export const ORGANIZATION_QUERY = gql`
  query Organization($organizationId: ID!) {
    organization(organizationId: $organizationId) {
      ${ORGANIZATION_FIELDS}
    }
  }
`;

export const ORGANIZATION_CREATE_MUTATION = gql`
  mutation OrganizationCreate($input: OrganizationCreateInput!) {
    organizationCreate(input: $input) {
      id
      name
    }
  }
`;

export const ORGANIZATION_UPDATE_MUTATION = gql`
  mutation OrganizationUpdate($organizationId: ID!, $input: OrganizationUpdateInput!) {
    organizationUpdate(organizationId: $organizationId, input: $input) {
      id
      name
    }
  }
`;

export const ORGANIZATION_SUSPEND_MUTATION = gql`
  mutation OrganizationSuspend($organizationId: ID!) {
    organizationSuspend(organizationId: $organizationId) {
      id
      suspended
    }
  }
`;

export const ORGANIZATION_REINSTATE_MUTATION = gql`
  mutation OrganizationReinstate($organizationId: ID!) {
    organizationReinstate(organizationId: $organizationId) {
      id
      suspended
    }
  }
`;

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  suspended: boolean;
  createdAt: string;
  websitesCount: number;
  usersCount: number;
  plan: { id: string; name: string; limits: { websites: number; users: number } };
}
