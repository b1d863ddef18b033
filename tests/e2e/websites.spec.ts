import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { signIn } from './support/signIn.ts';

const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;

/** The websites list, searched by name. */
async function searchWebsites(page: Page, name: string) {
  await page.getByPlaceholder('Search by name').fill(name);
  await page.getByRole('button', { name: 'Filter' }).click();
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const maskedKey = (page: Page) => page.getByLabel('API key (masked)');

test('an Owner creates a website, finds it, copies and rotates its key, edits it and deletes it', async ({
  page,
  context,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stamp = Date.now();
  const name = `Aurora Outdoor ${stamp}`;
  const url = `https://aurora-${stamp}.shop.example`;
  await signIn(page, byRole('Owner').email);

  await page.goto('/websites');
  // An address the organization already monitors, for the server's refusal below.
  const takenUrl = (await page.getByRole('row').nth(1).getByRole('link').nth(1).textContent())!;
  expect(takenUrl).toMatch(/^https?:\/\//);

  await page.getByRole('button', { name: 'New website' }).click();
  const dialog = page.getByRole('dialog', { name: 'New website' });
  await expect(dialog.getByText('Northwind Outdoor Supply')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Address').fill('aurora.shop.example');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Enter a full http:// or https:// address')).toBeVisible();
  await dialog.getByLabel('Address').fill(url);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Website ${name} is created`)).toBeVisible();
  await expect(page).toHaveURL(/\/websites\/[0-9a-f-]{36}/);

  // In the list, found by its name (the search is kept in the address).
  await page.goto('/websites');
  await searchWebsites(page, `aurora outdoor ${stamp}`);
  await expect(page).toHaveURL(/filters/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByPlaceholder('Search by name')).toHaveValue(`aurora outdoor ${stamp}`);
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText(url);
  await expect(row).toContainText('Northwind Outdoor Supply');
  await expect(row).toContainText('No feed');
  await row.getByRole('link', { name }).click();

  // The detail: the key is masked; Copy puts the whole key on the clipboard.
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(maskedKey(page)).toHaveText(/^owk_•+[0-9a-f]{4}$/);
  const shown = (await maskedKey(page).textContent())!;
  await page.getByRole('button', { name: /Copy$/ }).click();
  await expect(page.getByText('The API key is copied to the clipboard')).toBeVisible();
  const key = await clipboard(page);
  expect(key).toMatch(/^owk_[0-9a-f]{64}$/);
  expect(key.slice(-4)).toBe(shown.slice(-4));
  await expect(page.getByText(key)).toHaveCount(0);

  // Rotating asks first, then replaces the key.
  await page.getByRole('button', { name: 'Rotate key' }).click();
  const confirm = page.getByRole('tooltip');
  await expect(confirm).toContainText('Integrations that use the current key stop working at once.');
  await confirm.getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.getByText('A new API key is created; the old one no longer works')).toBeVisible();
  await expect(maskedKey(page)).not.toHaveText(shown);
  await page.getByRole('button', { name: /Copy$/ }).click();
  await expect.poll(() => clipboard(page)).not.toBe(key);
  expect(await clipboard(page)).toMatch(/^owk_[0-9a-f]{64}$/);

  // Edit: the server's refusal shows at the field; then a valid change is saved.
  const edit = page.locator('form#website-edit');
  await edit.getByLabel('Address').fill(takenUrl);
  await edit.getByRole('button', { name: 'Save' }).click();
  // in the console's words (locales: apiErrors.refusals), not the API's "Invalid url: …"
  await expect(edit.getByText('The organization already monitors this website.', { exact: true })).toBeVisible();
  const renamed = `${name} renamed`;
  await edit.getByLabel('Name').fill(renamed);
  await edit.getByLabel('Address').fill(`${url}/cz`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The website is saved')).toBeVisible();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `${url}/cz` })).toBeVisible();

  // Delete: the confirmation says what goes with it.
  await page.getByRole('button', { name: 'Delete' }).click();
  const deletion = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await expect(deletion).toContainText('Deleting the website also deletes everything that belongs to it:');
  for (const label of ['Product feeds', 'Competitors', 'Products']) {
    await expect(deletion.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(deletion).toContainText('This cannot be undone.');
  await deletion.getByRole('button', { name: 'Delete website' }).click();
  await expect(page.getByText(`Website ${renamed} is deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/websites(\?|$)/);
  await searchWebsites(page, renamed);
  await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);
  await expect(page.getByText('No data', { exact: true }).filter({ visible: true })).toBeVisible();
});

test("an Owner's website detail lists its feeds and competitors, linking to their pages", async ({ page }) => {
  await signIn(page, byRole('Owner').email);
  await page.goto('/websites');
  // The demo catalogue lives on the first website by name: sort by competitors, most first.
  await page.getByRole('columnheader', { name: 'Competitors' }).click();
  await page.getByRole('columnheader', { name: 'Competitors' }).click();
  await expect(page).toHaveURL(/sorters/);
  const first = page.getByRole('row').nth(1);
  await expect(first.getByRole('cell').last()).toHaveText(/^[1-9]\d*$/);
  const count = (await first.getByRole('cell').last().textContent())!;
  await first.getByRole('link').first().click();
  await expect(page.getByText(`Competitors (${count})`)).toBeVisible();
  const competitors = page.getByRole('table', { name: 'Competitors' });
  await expect(competitors.getByRole('link', { name: 'Alza.cz', exact: true })).toHaveAttribute(
    'href',
    /\/competitors\/[0-9a-f-]{36}/,
  );
  const feeds = page.getByRole('table', { name: 'Product feeds' });
  await expect(feeds.getByRole('link').first()).toHaveAttribute('href', /\/product-feeds\/[0-9a-f-]{36}/);
});

test('deleting the website chosen in the header moves the choice to another website', async ({ page }) => {
  const stamp = Date.now();
  const name = `Borealis Gear ${stamp}`;
  await signIn(page, byRole('Owner').email);
  await page.goto('/websites');
  await page.getByRole('button', { name: 'New website' }).click();
  const dialog = page.getByRole('dialog', { name: 'New website' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Address').fill(`https://borealis-${stamp}.shop.example`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/websites\/[0-9a-f-]{36}/);
  const websiteId = /\/websites\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // Choose it in the header through the address, as a link would.
  const url = new URL(page.url());
  url.searchParams.set('owid', websiteId);
  await page.goto(url.toString());
  const header = page.getByRole('banner');
  await expect(header.getByTitle(new RegExp(`^${name}`)).filter({ visible: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete website' })
    .click();
  await expect(page.getByText(`Website ${name} is deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/websites\?/);
  await expect(page).not.toHaveURL(new RegExp(`owid=${websiteId}`));
  await expect(page).toHaveURL(/[?&]owid=[0-9a-f-]{36}/);
  await expect(header.getByTitle(new RegExp(`^${name}`))).toHaveCount(0);
});

test('an Admin filters the websites by organization', async ({ page }) => {
  await signIn(page, byRole('Admin').email);
  await page.goto('/websites');
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.keyboard.type('Danube');
  await page.getByTitle('Danube Electronics', { exact: true }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Danube Electronics');
  const organizations = await page.getByRole('row').locator('td:nth-child(3)').allTextContents();
  expect(new Set(organizations)).toEqual(new Set(['Danube Electronics']));
});

test('a Viewer is shown neither the websites nor their create or delete buttons', async ({ page }) => {
  await signIn(page, byRole('Viewer').email);
  await page.goto('/websites');
  await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New website' })).toHaveCount(0);
  await page.goto('/websites/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rotate key' })).toHaveCount(0);
});
