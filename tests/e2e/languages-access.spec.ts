import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';

const user = DEMO_USERS.find((candidate) => candidate.roles.includes('User'))!;

async function signIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
}

/** The signed-in user's ID token, as Firebase keeps it in the page (IndexedDB). */
const idToken = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const entry = (read.result as { value?: { stsTokenManager?: { accessToken?: string } } }[]).find(
              (item) => item.value?.stsTokenManager,
            );
            if (entry?.value?.stsTokenManager?.accessToken) resolve(entry.value.stsTokenManager.accessToken);
            else reject(new Error('no signed-in user'));
          };
        };
      }),
  );

test('a User cannot open the settings page, and the worker refuses its language upload', async ({ page }) => {
  await signIn(page, user.email);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
  await expect(page.getByText('You are not permitted to access this area')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload a language file' })).toHaveCount(0);

  const token = await idToken(page);
  const answer = await page.evaluate(async (bearer) => {
    const response = await fetch('/storage/public/o?name=languages%2Fxx.json', {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ routes: { home: { title: 'Hacked' } } }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
  }, token);
  expect(answer.status).toBe(403);
  expect(answer.body.error?.code).toBe('storage/unauthorized');

  const listing = await page.evaluate(async () =>
    (await fetch('/storage/public/o?prefix=languages%2F&delimiter=%2F')).json(),
  );
  expect(JSON.stringify(listing)).not.toContain('xx.json');
});
