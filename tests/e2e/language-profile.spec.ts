import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { profileLanguage as languageOf, setProfileLanguage } from './support/profile.ts';

// The Editor is the one demo user whose language no other spec reads.
const editor = DEMO_USERS.find((candidate) => candidate.roles.includes('Editor'))!;
const profileLanguage = () => languageOf(editor);

test.afterEach(async () => {
  await setProfileLanguage(editor, 'en');
});

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(editor.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function choose(page: Page, name: string) {
  await page.getByRole('combobox', { name: /Language|Jazyk/ }).click({ force: true });
  await page.getByTitle(name, { exact: true }).click();
}

test('a signed-in choice of language is stored in the profile and follows the user to another browser', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await choose(page, 'Čeština');
  await expect(page.getByRole('heading', { name: 'Domů', level: 1 })).toBeVisible();
  await expect.poll(profileLanguage).toBe('cs');

  // A browser that has never seen this user renders the console in the profile's language.
  const other = await browser.newPage({ locale: 'en-US' });
  try {
    await signIn(other);
    await expect(other.getByRole('heading', { name: 'Domů', level: 1 })).toBeVisible();
    await choose(other, 'English');
    await expect(other.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect.poll(profileLanguage).toBe('en');
    // Changed back at once: compared with what this browser last stored, not with the profile as
    // it was read at sign-in (Czech), so it is stored too.
    await choose(other, 'Čeština');
    await expect(other.getByRole('heading', { name: 'Domů', level: 1 })).toBeVisible();
    await expect.poll(profileLanguage).toBe('cs');
  } finally {
    await other.close();
  }
});
