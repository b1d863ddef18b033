import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { E2E_PORTS, E2E_WEB_URL } from './stack-ports.ts';

// The Editor is the one demo user whose language no other spec reads.
const editor = DEMO_USERS.find((candidate) => candidate.roles.includes('Editor'))!;

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(editor.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The Editor's language as the API holds it (through the worker, with a fresh ID token). */
async function profileLanguage(): Promise<string> {
  const signInResponse = await fetch(
    `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: editor.email, password: DEMO_PASSWORD, returnSecureToken: true }) },
  );
  const { idToken } = (await signInResponse.json()) as { idToken: string };
  const response = await fetch(`${E2E_WEB_URL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      operationName: 'AppUser',
      query: 'query AppUser($userId: ID!) { appUser(userId: $userId) { id language } }',
      variables: { userId: editor.uid },
    }),
  });
  return ((await response.json()) as { data: { appUser: { language: string } } }).data.appUser.language;
}

async function choose(page: Page, name: string) {
  await page.getByRole('combobox', { name: /Language|Jazyk/ }).click({ force: true });
  await page.getByTitle(name, { exact: true }).click();
}

test('a signed-in choice of language is stored in the profile and follows the user to another browser', async ({ page, browser }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Home', level: 2 })).toBeVisible();
  await choose(page, 'Čeština');
  await expect(page.getByRole('heading', { name: 'Domů', level: 2 })).toBeVisible();
  await expect.poll(profileLanguage).toBe('cs');

  // A browser that has never seen this user renders the console in the profile's language.
  const other = await browser.newPage({ locale: 'en-US' });
  try {
    await signIn(other);
    await expect(other.getByRole('heading', { name: 'Domů', level: 2 })).toBeVisible();
    await choose(other, 'English');
    await expect(other.getByRole('heading', { name: 'Home', level: 2 })).toBeVisible();
    await expect.poll(profileLanguage).toBe('en');
  } finally {
    await other.close();
  }
});
