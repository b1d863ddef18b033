import { gql } from '@urql/core';

/** Saves the signed-in user's language and locale. */
export const APP_USER_UPDATE_MUTATION = gql`
  mutation AppUserUpdate($userId: ID!, $input: AppUserUpdateInput!) {
    appUserUpdate(userId: $userId, input: $input) {
      id
      email
      roles
      language
      locale
    }
  }
`;

export interface AppUserUpdateInput {
  language?: string;
  locale?: string;
}
