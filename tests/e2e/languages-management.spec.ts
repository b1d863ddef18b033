import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { setProfileLanguage } from './support/profile.ts';

const admin = DEMO_USERS.find((candidate) => candidate.roles.includes('Admin'))!;

// Switching the console's language stores it in the Admin's profile: put it back for the other specs.
test.afterEach(async () => {
  await setProfileLanguage(admin, 'en');
});

async function signIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
}

const jsonFile = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

/** A German translation of a few texts only: English fills the rest. */
const GERMAN = {
  routes: { home: { title: 'Startseite' }, settings: { title: 'Einstellungen' } },
  language: { label: 'Sprache' },
  languages: { title: 'Sprachen' },
};

test('an Admin uploads a custom language, switches the console to it and compares it with English', async ({
  page,
}) => {
  await signIn(page, admin.email);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /^en English Built-in/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^cs Čeština Built-in/ })).toBeVisible();

  await page.getByLabel('Upload a language file').setInputFiles(jsonFile('de.json', JSON.stringify(GERMAN)));
  await expect(page.getByText('The language de has been uploaded.')).toBeVisible();
  const german = table.getByRole('row', { name: /^de Deutsch Custom 4 / });
  await expect(german).toBeVisible();

  // Compare with the model language: the untranslated keys are listed, the translated ones not.
  await german.getByRole('button', { name: 'Compare with English' }).click();
  const drawer = page.getByRole('dialog', { name: 'de compared with English' });
  await expect(drawer.getByRole('tab', { name: /^Missing translations \(\d+\)$/ })).toBeVisible();
  await expect(drawer.getByRole('tab', { name: 'Extra keys (0)' })).toBeVisible();
  await drawer.getByLabel('Filter keys').fill('routes.');
  await expect(drawer.getByText('routes.products.title', { exact: true })).toBeVisible();
  await expect(drawer.getByText('routes.home.title', { exact: true })).toHaveCount(0);
  await drawer.getByLabel('Filter keys').fill('routes.settings.title');
  await expect(drawer.getByRole('tab', { name: 'Missing translations (0)' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drawer).toBeHidden();

  // The new language is in the selector without a rebuild (once the toast over it has gone).
  await expect(page.getByText('The language de has been uploaded.')).toBeHidden();
  await page.getByRole('combobox', { name: 'Language' }).click({ force: true });
  await page.getByTitle('Deutsch', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toBeVisible();
  // Texts it does not translate stay English.
  await expect(page.getByRole('button', { name: 'Upload a language file' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Startseite', level: 1 })).toBeVisible();
});

test('a broken JSON file is rejected with a message and nothing is stored', async ({ page }) => {
  await signIn(page, admin.email);
  await page.goto('/settings');
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /^en English Built-in/ })).toBeVisible();

  await page.getByLabel('Upload a language file').setInputFiles(jsonFile('fr.json', '{"routes": {"home": '));
  await expect(page.getByRole('alert')).toContainText("'fr.json' is not valid JSON");
  await expect(page.getByRole('alert')).toContainText('Nothing was stored.');

  await page
    .getByLabel('Upload a language file')
    .setInputFiles(jsonFile('fr.json', '{"routes": {"home": {"title": 42}}}'));
  await expect(page.getByRole('alert')).toContainText(
    "'fr.json' must hold only texts, but 'routes.home.title' is not a text.",
  );

  await page.reload();
  await expect(table.getByRole('row', { name: /^en English Built-in/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^fr / })).toHaveCount(0);
});

test('a failed detection shows the error toast and the console continues with en and cs', async ({ page }) => {
  await page.route('**/storage/public/o?*', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'storage/unauthorized', message: 'no' } }),
    }),
  );
  await page.goto('/auth/login');
  await expect(page.getByText('Custom languages detection failed, only inbuilt are available: en, cs')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
