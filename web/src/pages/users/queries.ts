import { gql } from '@urql/core';

const USER_FIELDS = `
  id
  email
  roles
  language
  locale
  disabled
  createdAt
  organization {
    id
    name
  }
`;

export const USER_LIST_QUERY = gql`
  query UserList($organizationId: ID, $role: String, $disabled: Boolean, $email: String, $limit: Int!, $offset: Int!) {
    userList(organizationId: $organizationId, role: $role, disabled: $disabled, email: $email, limit: $limit, offset: $offset) {
      data {
        ${USER_FIELDS}
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

export const USER_QUERY = gql`
  query User($userId: ID!) {
    user(userId: $userId) {
      ${USER_FIELDS}
    }
  }
`;

export const USER_INVITE_MUTATION = gql`
  mutation UserInvite($input: UserInviteInput!) {
    userInvite(input: $input) {
      id
      email
    }
  }
`;

export const USER_UPDATE_MUTATION = gql`
  mutation UserUpdate($userId: ID!, $input: UserUpdateInput!) {
    userUpdate(userId: $userId, input: $input) {
      ${USER_FIELDS}
    }
  }
`;

export const USER_DISABLE_MUTATION = gql`
  mutation UserDisable($userId: ID!) {
    userDisable(userId: $userId) {
      id
      disabled
    }
  }
`;

export const USER_ENABLE_MUTATION = gql`
  mutation UserEnable($userId: ID!) {
    userEnable(userId: $userId) {
      id
      disabled
    }
  }
`;

export const USER_DELETE_MUTATION = gql`
  mutation UserDelete($userId: ID!) {
    userDelete(userId: $userId) {
      id
      email
    }
  }
`;

export const ORGANIZATION_OPTIONS_QUERY = gql`
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
`;

export interface UserRow {
  id: string;
  email: string;
  roles: string[];
  language: string;
  locale: string;
  disabled: boolean;
  createdAt: string;
  organization: { id: string; name: string } | null;
}
