import type { DemoUser } from '../../../api/src/seed/demo-users.ts';
import { graphql } from './api.ts';

/**
 * A demo user's profile through the API (via the worker, with a fresh ID token from the Auth
 * emulator). A language chosen in the console is stored in the profile and follows the user to
 * every browser, so specs that change it put it back with `setProfileLanguage`.
 */
export async function profileLanguage(user: DemoUser): Promise<string> {
  const data = await graphql<{ appUser: { language: string } }>(
    user,
    'query AppUser($userId: ID!) { appUser(userId: $userId) { id language } }',
    { userId: user.uid },
    'AppUser',
  );
  return data.appUser.language;
}

export async function setProfileLanguage(user: DemoUser, language: string): Promise<void> {
  await graphql(
    user,
    'mutation AppUserUpdate($userId: ID!, $input: AppUserUpdateInput!) { appUserUpdate(userId: $userId, input: $input) { id language } }',
    { userId: user.uid, input: { language } },
    'AppUserUpdate',
  );
}
