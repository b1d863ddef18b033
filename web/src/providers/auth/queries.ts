import { gql } from '@urql/core';
import { typed } from '../../graphql/typed.ts';

/** The signed-in user as the API knows them (api/src/schema/); runs after sign-in with the Firebase uid. */
export const APP_USER_QUERY = typed(
  'AppUser',
  gql`
    query AppUser($userId: ID!) {
      appUser(userId: $userId) {
        id
        email
        roles
        language
        locale
      }
    }
  `,
);

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
