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

test('changing the language keeps what a form holds', async ({ page }) => {
  await signIn(page, '/auth/login');
  await page.goto('/contact-support');
  await page.getByLabel('Topic').fill('Prices of one competitor are missing');
  await page.getByLabel('Message').fill('Since yesterday the scraper reports nothing.');
  // antd's own Czech texts arrive a moment after the console's: the page keeps what was typed
  // then too (the console was mounted anew when they came, and the form emptied).
  const antdCzech = page.waitForResponse(/cs_CZ[^/]*\.js$/);
  await chooseCzech(page);
  await antdCzech;
  await expect(page.getByRole('heading', { name: 'Kontaktovat podporu', level: 1 })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByLabel('Téma')).toHaveValue('Prices of one competitor are missing');
  await expect(page.getByLabel('Zpráva')).toHaveValue('Since yesterday the scraper reports nothing.');
});
