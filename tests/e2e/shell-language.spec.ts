import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { setProfileLanguage } from './support/profile.ts';

const user = DEMO_USERS.find((candidate) => candidate.roles.includes('User'))!;

// The choice is stored in the user's profile too: put it back for the other specs.
test.afterEach(async () => {
  await setProfileLanguage(user, 'en');
});

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
}

async function chooseCzech(page: Page) {
  await page.getByRole('combobox', { name: 'Language' }).click({ force: true });
  await page.getByTitle('Čeština', { exact: true }).click();
}

test('the language selector switches the console to Czech and keeps the choice', async ({ page }) => {
  await signIn(page, '/auth/login');
  await chooseCzech(page);
  await expect(page.getByRole('heading', { name: 'Domů', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', { name: 'Produkty' }),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.has('locale')).toBe(false);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Domů', level: 1 })).toBeVisible();
});

test('a locale in the address is changed there', async ({ page }) => {
  await signIn(page, '/auth/login?locale=en');
  await expect(page).toHaveURL(/[?&]locale=en/);
  await chooseCzech(page);
  await expect(page).toHaveURL(/[?&]locale=cs/);
  await expect(page.getByRole('heading', { name: 'Domů', level: 1 })).toBeVisible();
});
