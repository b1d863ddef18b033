import { gql } from '@urql/core';

/** The signed-in user as the API knows them (SPEC §3); runs after sign-in with the Firebase uid. */
export const APP_USER_QUERY = gql`
  query AppUser($userId: ID!) {
    appUser(userId: $userId) {
      id
      email
      roles
      language
      locale
    }
  }
`;
