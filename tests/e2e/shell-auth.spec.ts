import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { E2E_PORTS } from './stack-ports.ts';

const AUTH_EMULATOR = `http://127.0.0.1:${E2E_PORTS.auth}`;
const PROJECT_ID = 'demo-price-console';
const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A fresh account in the Auth emulator, so changing its password touches no other test. */
async function createAccount(email: string, password: string) {
  const response = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
}

/** The emulator keeps the out-of-band codes it "e-mailed". */
async function lastResetCode(email: string): Promise<string> {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes.filter((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET').at(-1);
  expect(code).toBeTruthy();
  return code!.oobCode;
}

test('a signed-out deep link goes to sign-in and back to the page asked for', async ({ page }) => {
  await page.goto('/product-matching/activity-log?locale=en');
  await expect(page).toHaveURL(/\/auth\/login\?.*to=/);
  await fillSignIn(page, byRole('User').email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/product-matching\/activity-log\?.*locale=en/);
  await expect(page.getByRole('heading', { name: 'Product matching log', level: 1 })).toBeVisible();
});

test('a signed-in visit to the sign-in page goes home', async ({ page }) => {
  await page.goto('/auth/login');
  await fillSignIn(page, byRole('Owner').email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
});

test('password reset: request, code from the e-mail, new password, signed in', async ({ page }) => {
  const email = `reset-${Date.now()}@demo.test`;
  await createAccount(email, 'first-password-1');

  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('an e-mail with a reset link is on its way').first()).toBeVisible();

  const oobCode = await lastResetCode(email);
  await page.goto(`/auth/action?mode=resetPassword&oobCode=${oobCode}`);
  await expect(page.getByText(`New password for ${email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await expect(page.getByText('At least 6 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm the new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(email);

  // The code is spent: the page says so and offers a new request.
  await page.goto(`/auth/action?mode=resetPassword&oobCode=${oobCode}`);
  await expect(page.getByRole('alert')).toContainText('Request a new one');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test("after logout, the next user sees none of the first user's data", async ({ page }) => {
  await page.goto('/auth/login');
  await fillSignIn(page, byRole('Admin').email, DEMO_PASSWORD);
  await expect(page.getByText('660 websites')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  const viewer = byRole('Viewer');
  await fillSignIn(page, viewer.email, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(viewer.email);
  await expect(page.getByText(/\d+ websites?$/)).toBeVisible();
  await expect(page.getByText('660 websites')).toHaveCount(0);
  await expect(page.getByText(byRole('Admin').email)).toHaveCount(0);
  await expect(page.getByText('Danube Electronics')).toHaveCount(0);
  await expect(page.getByText('Northwind Outdoor Supply')).toHaveCount(0);
});
