import { gql } from '@urql/core';
import { type Fragment, typed } from '../../graphql/typed.ts';

const USER_FIELDS = gql`
  fragment UserFields on User {
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
  }
`;

export const USER_LIST_QUERY = typed(
  'UserList',
  gql`
    query UserList($organizationId: ID, $role: String, $disabled: Boolean, $email: String, $limit: Int!, $offset: Int!) {
      userList(organizationId: $organizationId, role: $role, disabled: $disabled, email: $email, limit: $limit, offset: $offset) {
        data {
          ...UserFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${USER_FIELDS}
  `,
);

export const USER_QUERY = typed(
  'User',
  gql`
    query User($userId: ID!) {
      user(userId: $userId) {
        ...UserFields
      }
    }
    ${USER_FIELDS}
  `,
);

export const USER_INVITE_MUTATION = typed(
  'UserInvite',
  gql`
    mutation UserInvite($input: UserInviteInput!) {
      userInvite(input: $input) {
        id
        email
      }
    }
  `,
);

export const USER_UPDATE_MUTATION = typed(
  'UserUpdate',
  gql`
    mutation UserUpdate($userId: ID!, $input: UserUpdateInput!) {
      userUpdate(userId: $userId, input: $input) {
        ...UserFields
      }
    }
    ${USER_FIELDS}
  `,
);

export const USER_DISABLE_MUTATION = typed(
  'UserDisable',
  gql`
    mutation UserDisable($userId: ID!) {
      userDisable(userId: $userId) {
        id
        disabled
      }
    }
  `,
);

export const USER_ENABLE_MUTATION = typed(
  'UserEnable',
  gql`
    mutation UserEnable($userId: ID!) {
      userEnable(userId: $userId) {
        id
        disabled
      }
    }
  `,
);

export const USER_DELETE_MUTATION = typed(
  'UserDelete',
  gql`
    mutation UserDelete($userId: ID!) {
      userDelete(userId: $userId) {
        id
        email
      }
    }
  `,
);

export type UserRow = Fragment<'UserFields'>;
