import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';

test("a signed-out visit to the console lands on sign-in, with the console's icon and no error", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  // The tab shows the console's icon (without one, every page asked for a /favicon.ico the
  // worker does not have, and the browser logged the 404 as an error).
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  const answer = await request.get(icon!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('image/svg+xml');
  await page.waitForLoadState('load');
  expect(errors).toEqual([]);
});

for (const user of DEMO_USERS) {
  test(`${user.roles.join(', ')} signs in and sees their own e-mail`, async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/auth\/login/);
    await expect(page.getByText(user.email).first()).toBeVisible();
  });
}

test('a wrong password is refused with a readable message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(DEMO_USERS[0]!.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText(/auth\//)).toHaveCount(0);
});
