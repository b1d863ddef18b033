import { expect, type Page, type Request, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';

const admin = DEMO_USERS.find((user) => user.roles.includes('Admin'))!;
const picker = (page: Page) => page.getByRole('combobox', { name: 'Website' });
/** The chosen website's label lies over the search input, as in any antd select: click through it. */
const openPicker = (page: Page) => picker(page).click({ force: true });
/** The website the header shows as chosen (once the picker's list has closed, the only visible one). */
const chosen = (page: Page, label: string) =>
  page.getByRole('banner').getByTitle(label, { exact: true }).filter({ visible: true });

async function signInAsAdmin(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/[?&]owid=/);
}

/** The `name` variable of a website-list request (undefined without one); null for any other request. */
function websiteSearchOf(request: Request): string | undefined | null {
  if (!request.url().includes('/graphql') || request.method() !== 'POST') return null;
  const body = request.postDataJSON() as { operationName?: string; variables?: { name?: string } } | null;
  return body?.operationName === 'OrganizationWebsiteList' ? body.variables?.name : null;
}

/** The `name` variable of every website-list request the page sends from now on. */
function recordWebsiteSearches(page: Page): (string | undefined)[] {
  const names: (string | undefined)[] = [];
  page.on('request', (request) => {
    const name = websiteSearchOf(request);
    if (name !== null) names.push(name);
  });
  return names;
}

test('the picker says only the first 500 of the 660 demo websites are listed', async ({ page }) => {
  await signInAsAdmin(page);
  await openPicker(page);
  await expect(page.getByText('Showing the first 500 of 660 websites. Type a name to find the others.')).toBeVisible();
});

test('typing searches once, after the typing stops', async ({ page }) => {
  await signInAsAdmin(page);
  const searches = recordWebsiteSearches(page);
  await openPicker(page);
  await picker(page).pressSequentially('Zenith', { delay: 120 });
  await expect(page.getByTitle(/^Zenith /).first()).toBeVisible();
  await page.waitForTimeout(800);
  expect(searches.filter((name) => name !== undefined)).toEqual(['Zenith']);
});

test('a search that finds nothing says so', async ({ page }) => {
  await signInAsAdmin(page);
  await openPicker(page);
  await picker(page).fill('no website has this name');
  await expect(page.getByText('No website matches your search.')).toBeVisible();
});

test('the chosen website survives a reload and travels with every link', async ({ page }) => {
  await signInAsAdmin(page);
  await openPicker(page);
  // The options are read once the search has answered (until then the list is the first page).
  const searched = page.waitForResponse((response) => websiteSearchOf(response.request()) === 'Zenith');
  await picker(page).pressSequentially('Zenith');
  await searched;
  const option = page.getByTitle(/^Zenith /).first();
  const label = (await option.getAttribute('title'))!;
  await option.click();
  await expect(chosen(page, label)).toHaveCount(1);
  const owid = new URL(page.url()).searchParams.get('owid');
  expect(owid).toBeTruthy();

  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`[?&]owid=${owid}`));
  await expect(chosen(page, label)).toHaveCount(1);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Brand snapshot' }).click();
  await expect(page).toHaveURL(new RegExp(`/data-insights/brand-snapshot\\?owid=${owid}`));
  // As a person would: the page is shown, then the menu is opened, then its item chosen.
  await expect(page.getByRole('heading', { level: 1, name: 'Brand snapshot' })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  const profile = page.getByRole('menuitem', { name: 'Profile' });
  await expect(profile).toBeVisible();
  await profile.click();
  await expect(page).toHaveURL(new RegExp(`/settings/profile\\?owid=${owid}`));
  await expect(chosen(page, label)).toHaveCount(1);
});
