import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { E2E_PORTS } from './stack-ports.ts';

const AUTH_EMULATOR = `http://127.0.0.1:${E2E_PORTS.auth}`;
const PROJECT_ID = 'demo-price-console';
const PHONE = '+420601234567';

async function emulator(path: string, body?: unknown) {
  const response = await fetch(`${AUTH_EMULATOR}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.ok).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A fresh account with a verified e-mail, so changing it touches no other test. */
async function createAccount(password: string): Promise<string> {
  const email = `person-${Date.now()}-${Math.round(Math.random() * 1e6)}@demo.test`;
  const created = await emulator('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key', {
    email,
    password,
    returnSecureToken: true,
  });
  await emulator(`/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    localId: created.localId,
    emailVerified: true,
  });
  return email;
}

/** The emulator keeps the SMS codes it "sent". */
async function lastSmsCode(): Promise<string> {
  const { verificationCodes } = (await emulator(`/emulator/v1/projects/${PROJECT_ID}/verificationCodes`)) as {
    verificationCodes: { phoneNumber: string; code: string }[];
  };
  const code = verificationCodes.filter((entry) => entry.phoneNumber === PHONE).at(-1);
  expect(code).toBeTruthy();
  return code!.code;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('the profile changes the password after checking the current one', async ({ page }) => {
  const email = await createAccount('first-password-1');
  await signIn(page, email, 'first-password-1');
  await openProfile(page);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm the new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The e-mail or password is incorrect').first()).toBeVisible();

  await page.getByLabel('Current password').fill('first-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible();

  await signOut(page);
  await signIn(page, email, 'second-password-2');
  await expect(page).not.toHaveURL(/\/auth\/login/);
});

test('the profile page logs no error: it does not ask the Auth emulator for the password policy it lacks', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes('User'))!;
  await signIn(page, user.email, DEMO_PASSWORD);
  await openProfile(page);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a phone enrolled on the profile page asks for its SMS code at the next sign-in', async ({ page }) => {
  const email = await createAccount('mfa-password-1');
  await signIn(page, email, 'mfa-password-1');
  await openProfile(page);

  await page.getByLabel('Phone number').fill(PHONE);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Code from the text message')).toBeVisible();
  await page.getByLabel('Code from the text message').fill(await lastSmsCode());
  await page.getByRole('button', { name: 'Add this phone' }).click();
  await expect(page.getByText('The phone has been added as a second factor.')).toBeVisible();

  await signOut(page);
  await signIn(page, email, 'mfa-password-1');
  await expect(page.getByRole('heading', { name: 'Second sign-in step' })).toBeVisible();
  await expect(page.getByText(/We sent a code to \+/)).toBeVisible();
  await page.getByLabel('Code from the text message').fill(await lastSmsCode());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(email);
});

test('the profile saves the formats locale through the API', async ({ page }) => {
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes('User'))!;
  const formats = page.getByRole('combobox', { name: 'Formats (locale)' });
  const choose = async (label: string) => {
    await formats.click({ force: true });
    await page.getByTitle(label, { exact: true }).last().click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your details have been saved.').last()).toBeVisible();
  };

  await signIn(page, user.email, DEMO_PASSWORD);
  await openProfile(page);
  await choose('English (United Kingdom)');
  await page.reload();
  await expect(page.getByRole('main').getByTitle('English (United Kingdom)', { exact: true })).toBeVisible();
  await choose('English (United States)');
});
