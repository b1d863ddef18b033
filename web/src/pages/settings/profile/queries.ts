import { gql } from '@urql/core';
import { typed } from '../../../graphql/typed.ts';

/** Saves the signed-in user's language and locale. */
export const APP_USER_UPDATE_MUTATION = typed(
  'AppUserUpdate',
  gql`
    mutation AppUserUpdate($userId: ID!, $input: AppUserUpdateInput!) {
      appUserUpdate(userId: $userId, input: $input) {
        id
        email
        roles
        language
        locale
      }
    }
  `,
);

export type { AppUserUpdateInput } from '../../../graphql/operations.ts';
