import type { DemoUser } from '../../../api/src/seed/demo-users.ts';
import { E2E_PORTS, E2E_WEB_URL } from '../stack-ports.ts';

/**
 * A demo user's profile through the API (via the worker, with a fresh ID token from the Auth
 * emulator). A language chosen in the console is stored in the profile and follows the user to
 * every browser, so specs that change it put it back with `setProfileLanguage`.
 */
async function idToken(user: DemoUser): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

async function graphql<T>(
  user: DemoUser,
  operationName: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${E2E_WEB_URL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await idToken(user)}` },
    body: JSON.stringify({ operationName, query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`${operationName} failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export async function profileLanguage(user: DemoUser): Promise<string> {
  const data = await graphql<{ appUser: { language: string } }>(
    user,
    'AppUser',
    'query AppUser($userId: ID!) { appUser(userId: $userId) { id language } }',
    {
      userId: user.uid,
    },
  );
  return data.appUser.language;
}

export async function setProfileLanguage(user: DemoUser, language: string): Promise<void> {
  await graphql(
    user,
    'AppUserUpdate',
    'mutation AppUserUpdate($userId: ID!, $input: AppUserUpdateInput!) { appUserUpdate(userId: $userId, input: $input) { id language } }',
    { userId: user.uid, input: { language } },
  );
}
