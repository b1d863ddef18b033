import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { E2E_PORTS } from './stack-ports.ts';
import { closeOpenedPages, openPage, operationOf, signIn } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

const AUTH_EMULATOR = `http://127.0.0.1:${E2E_PORTS.auth}`;
const PROJECT_ID = 'demo-price-console';
const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;
const SUSPENDED = 'Your organization is suspended. Contact support.';

/** The set-password code the Auth emulator "e-mailed" to an invited user. */
async function setPasswordCode(email: string): Promise<string> {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes.filter((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET').at(-1);
  expect(code).toBeTruthy();
  return code!.oobCode;
}

/** As the signed-in Admin: a new organization, opened on its detail page. */
async function createOrganization(page: Page, name: string) {
  await page.goto('/organizations');
  await page.getByRole('button', { name: 'New organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organization' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The organization's page, headed by its name.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
}

/** As the signed-in Admin: invites an Owner into the organization. */
async function inviteOwner(page: Page, email: string, organization: string) {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.keyboard.type('Owner');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'Organization' }).click();
  await page.keyboard.type(organization);
  await page.getByTitle(organization, { exact: true }).click();
  await expect(dialog.getByTitle(organization, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${email} is invited`)).toBeVisible();
}

/** The invited user sets a password from the e-mail's link and is signed in (a fresh browser context). */
async function acceptInvitation(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await openPage(browser);
  await page.goto(`/auth/action?mode=resetPassword&oobCode=${await setPasswordCode(email)}`);
  await expect(page.getByText(`New password for ${email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the new password').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(email);
  return page;
}

test('an Admin creates an organization and invites a user, who sets a password and sees only that organization', async ({
  page,
  browser,
}) => {
  // Two browser contexts and five screens (the first spec of the suite also meets a cold stack).
  test.slow();
  const stamp = Date.now();
  const organization = `Harbour Optics ${stamp}`;
  const email = `invited-${stamp}@demo.test`;
  await signIn(page, byRole('Admin').email, DEMO_PASSWORD);
  await createOrganization(page, organization);
  await inviteOwner(page, email, organization);
  await expect(page.getByRole('link', { name: email })).toBeVisible();

  const invited = await acceptInvitation(browser, email, 'invited-password-1');
  await invited.goto('/organizations');
  await expect(invited.getByRole('link', { name: organization })).toBeVisible();
  await expect(invited.getByRole('row')).toHaveCount(2);
  await expect(invited.getByRole('button', { name: 'New organization' })).toHaveCount(0);
});

test('an Owner cannot open billing', async ({ page }) => {
  await signIn(page, byRole('Owner').email, DEMO_PASSWORD);
  await page.goto('/organizations/billing');
  await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
  await page.goto('/organizations');
  const own = page.getByRole('row').nth(1).getByRole('link');
  await own.click();
  await expect(page.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await page.goto(`${page.url().replace(/\?.*$/, '')}/billing`);
  await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
});

test('an Admin sees an organization billing: plan, usage bars and history', async ({ page }) => {
  await signIn(page, byRole('Admin').email, DEMO_PASSWORD);
  await page.goto('/organizations/billing');
  await page.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByText('Limits and usage')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(4);
  await expect(page.getByText('Billing history')).toBeVisible();
});

test("an Owner's invitation offers neither the Admin role nor another organization", async ({ page }) => {
  await signIn(page, byRole('Owner').email, DEMO_PASSWORD);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await expect(page.getByTitle('Owner', { exact: true })).toBeVisible();
  await expect(page.getByTitle('Admin', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Organization' })).toHaveCount(0);
});

test('suspending an organization shows its users the suspended message; reinstating gives access back', async ({
  page,
  browser,
}) => {
  // Two signed-in browsers, an organization created, a user invited and signed up, two suspension
  // changes: 45-55 s on a quiet 2-core machine, against the default 60 s budget.
  test.slow();
  const stamp = Date.now();
  const organization = `Suspended Goods ${stamp}`;
  const email = `suspended-${stamp}@demo.test`;
  await signIn(page, byRole('Admin').email, DEMO_PASSWORD);
  await createOrganization(page, organization);
  const detail = page.url();
  await inviteOwner(page, email, organization);
  const member = await acceptInvitation(browser, email, 'member-password-1');

  await page.goto(detail);
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${organization} is suspended`)).toBeVisible();

  await member.goto('/organizations');
  await expect(member.getByRole('alert').filter({ hasText: SUSPENDED })).toBeVisible();
  await member.goto('/users');
  await expect(member.getByRole('alert').filter({ hasText: SUSPENDED })).toBeVisible();
  await member.goto('/');
  await expect(member.getByText(SUSPENDED).first()).toBeVisible();

  await page.getByRole('button', { name: 'Reinstate' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Reinstate' }).click();
  await expect(page.getByText(`${organization} is reinstated`)).toBeVisible();
  await member.goto('/organizations');
  await expect(member.getByRole('link', { name: organization })).toBeVisible();
  await expect(member.getByText(SUSPENDED)).toHaveCount(0);
});

/** The rows of the page's table as text (header included), to compare a list before and after a reload. */
const rowTexts = (page: Page) => page.getByRole('row').allTextContents();

test("a filtered users list and a filtered organizations list survive a reload (rows and the filter's shown value)", async ({
  page,
}) => {
  const northwind = 'Northwind Outdoor Supply';
  await signIn(page, byRole('Admin').email, DEMO_PASSWORD);

  await page.goto('/users');
  const filters = page.locator('form').filter({ has: page.getByRole('button', { name: 'Filter' }) });
  await filters.getByRole('combobox', { name: 'Organization' }).click();
  await page.keyboard.type('Northwind');
  await page.getByTitle(northwind, { exact: true }).click();
  await filters.getByRole('combobox', { name: 'Role' }).click();
  await page.getByTitle('Editor', { exact: true }).click();
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/[?&]organization=[^&]+/);
  await expect(page).toHaveURL(/[?&]role=Editor\b/);
  // The Owner's row gone first (the unfiltered list also holds the Editor), then the Editor's shown.
  await expect(page.getByRole('link', { name: byRole('Owner').email })).toHaveCount(0);
  const editor = page.getByRole('link', { name: byRole('Editor').email });
  await expect(editor).toBeVisible();
  const users = await rowTexts(page);

  // Every list request the reloaded page sends carries the address's filters (none asks first
  // without the organization, as if the Admin were not one until their roles have loaded).
  const asked: unknown[] = [];
  const onRequest = (request: Request) => {
    if (operationOf(request) === 'UserList') asked.push(request.postDataJSON().variables);
  };
  page.on('request', onRequest);
  await page.reload();
  await expect(editor).toBeVisible();
  await expect(page.getByRole('row')).toHaveText(users);
  page.off('request', onRequest);
  expect(asked.length).toBeGreaterThan(0);
  for (const variables of asked)
    expect(variables).toMatchObject({ organizationId: expect.any(String), role: 'Editor' });
  await expect(filters.getByTitle(northwind, { exact: true })).toBeVisible();
  await expect(filters.getByTitle('Editor', { exact: true })).toBeVisible();

  await page.goto('/organizations');
  const search = page.getByRole('searchbox', { name: 'Search organizations by name' });
  await search.fill('Northwind');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=Northwind\b/);
  await expect(page.getByRole('link', { name: /^Bohemia/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: northwind })).toBeVisible();
  const organizations = await rowTexts(page);

  await page.reload();
  await expect(page.getByRole('link', { name: northwind })).toBeVisible();
  await expect(page.getByRole('row')).toHaveText(organizations);
  await expect(search).toHaveValue('Northwind');
});
