import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { graphql as graphqlAs } from './support/api.ts';
import { closeOpenedPages, signedInPage } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function signedIn(browser: Browser, role: string): Promise<Page> {
  return signedInPage(browser, byRole(role).email);
}

/** A GraphQL call as a demo user, through the worker (a fresh ID token from the Auth emulator). */
const graphql = <T>(role: string, query: string, variables: Record<string, unknown>) =>
  graphqlAs<T>(byRole(role), query, variables);

/**
 * A website of the Owner's organization that no other spec works in (the first ones carry the
 * demo catalogue): the 301st by name, still within the picker's first 500.
 */
async function quietWebsite(): Promise<{ id: string; name: string }> {
  const data = await graphql<{ organizationWebsiteList: { data: { id: string; name: string }[] } }>(
    'Owner',
    'query Sites($limit: Int!, $offset: Int!) { organizationWebsiteList(limit: $limit, offset: $offset) { data { id name } } }',
    { limit: 1, offset: 300 },
  );
  return data.organizationWebsiteList.data[0]!;
}

/** A valid EAN-13 (its check digit computed) for product n. */
function ean(n: number): string {
  const base = String(200_000_000_000 + n);
  const sum = [...base].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
  return base + String((10 - (sum % 10)) % 10);
}

/**
 * 1,000 rows with three bad ones: row 10 has no id (line 11), row 500 a negative price (line 501),
 * row 999 an EAN with a wrong check digit (line 1000). Prices are written as '12,50 Kč'.
 */
function catalogue(prefix: string): string {
  const lines = ['ITEM_ID,Product name,Price,EAN,Brand'];
  for (let n = 1; n <= 1000; n++) {
    if (n === 10) lines.push(`,Product ${n},"${n},50 Kč",${ean(n)},Kestrel`);
    else if (n === 500) lines.push(`${prefix}-${n},Product ${n},-12.50,${ean(n)},Kestrel`);
    else if (n === 999)
      lines.push(
        `${prefix}-${n},Product ${n},"${n},50 Kč",${ean(n).slice(0, 12)}${(Number(ean(n)[12]) + 1) % 10},Kestrel`,
      );
    else lines.push(`${prefix}-${n},Product ${n} <b>bold</b>,"${n},50 Kč",${ean(n)},Kestrel`);
  }
  return `${lines.join('\n')}\n`;
}

const importSection = (page: Page) => page.getByRole('region', { name: 'Import', exact: true });
const errorsSection = (page: Page) => page.getByRole('region', { name: 'Row errors' });
const historySection = (page: Page) => page.getByRole('region', { name: 'Import history' });
/** The value beside a label of the progress panel (antd Descriptions: a th and its td). */
const figure = (scope: Locator, label: string) =>
  scope.locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');

test('an Owner creates an upload feed with a CSV mapping, imports 1,000 rows (3 rejected, listed), and a second upload of the same file changes nothing', async ({
  browser,
}) => {
  // Two imports of 1,000 rows through the worker, three screens.
  test.slow();
  const stamp = Date.now();
  const name = `Catalogue upload ${stamp}`;
  const website = await quietWebsite();
  const owner = await signedIn(browser, 'Owner');
  await owner.goto(`/product-feeds?owid=${website.id}`);
  await expect(owner.getByText(`Feeds of ${website.name}`)).toBeVisible();

  // Create: the mapping editor checks the required columns before anything is sent.
  await owner.getByRole('button', { name: 'New feed' }).click();
  const dialog = owner.getByRole('dialog', { name: 'New product feed' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await expect(dialog.getByRole('radio', { name: 'Uploaded file' })).toBeChecked();
  await expect(dialog.getByLabel('Feed URL')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    dialog.getByText('Enter the column of ID. Enter the column of Name. Enter the column of Price.', { exact: true }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Price' }).click();
  await dialog.getByLabel('Column of ID').fill('ITEM_ID');
  await dialog.getByLabel('Column of Name').fill('Product name');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Map the columns of Price.', { exact: true })).toBeVisible();
  // Added fields come in order: Price (required), then Brand, then EAN / GTIN.
  await dialog.getByRole('button', { name: 'Add a field' }).click();
  await dialog.getByLabel('Column of Price').fill('Price');
  await dialog.getByRole('button', { name: 'Add a field' }).click();
  await dialog.getByLabel('Column of Brand').fill('Brand');
  await dialog.getByRole('button', { name: 'Add a field' }).click();
  await dialog.getByLabel('Column of EAN / GTIN').fill('EAN');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(owner.getByText(`Feed ${name} created`)).toBeVisible();
  // The feed's page is headed by its name.
  await expect(heading(owner)).toHaveText(name);
  await expect(owner.getByText('Uploaded file', { exact: true })).toBeVisible();
  await expect(owner.getByText('ID ← ITEM_ID')).toBeVisible();
  await expect(owner.getByText('EAN / GTIN ← EAN')).toBeVisible();
  await expect(importSection(owner).getByText('No import yet.')).toBeVisible();

  // Upload 1,000 rows: the progress reaches the end, 997 imported, 3 rejected and listed.
  const file = { name: `catalogue-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(catalogue(`E2E${stamp}`)) };
  await importSection(owner).locator('input[type=file]').setInputFiles(file);
  const progress = importSection(owner).getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(importSection(owner).getByText('Succeeded')).toBeVisible();
  await expect(figure(importSection(owner), 'Rows read')).toHaveText('1,000');
  await expect(figure(importSection(owner), 'Imported')).toHaveText('997');
  await expect(figure(importSection(owner), 'Rejected')).toHaveText('3');
  await expect(figure(importSection(owner), 'New products')).toHaveText('997');
  await expect(owner.getByText(`${file.name} imported`)).toBeVisible();
  const errorRows = errorsSection(owner).locator('tbody tr.ant-table-row');
  await expect(errorRows).toHaveCount(3);
  await expect(errorRows.nth(0)).toContainText(/11\s*—\s*IDMissing/);
  await expect(errorRows.nth(1)).toContainText(`501E2E${stamp}-500PriceMust not be negative`);
  await expect(errorRows.nth(2)).toContainText(`1000E2E${stamp}-999EAN / GTIN`);
  await expect(errorRows.nth(2)).toContainText('has a wrong check digit');
  await expect(errorsSection(owner).getByText('3 row errors')).toBeVisible();

  // The same file again: nothing changes, and the run says so.
  await importSection(owner).locator('input[type=file]').setInputFiles(file);
  await expect(historySection(owner).locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(figure(importSection(owner), 'New products')).toHaveText('0');
  await expect(figure(importSection(owner), 'Changed products')).toHaveText('0');
  await expect(figure(importSection(owner), 'Deactivated products')).toHaveText('0');
  await expect(figure(importSection(owner), 'Imported')).toHaveText('997');
  await expect(
    importSection(owner).getByText('Nothing changed: the products were already as the feed says.'),
  ).toBeVisible();
  await expect(errorRows).toHaveCount(3);

  // The history shows both runs, newest first.
  const runs = historySection(owner).locator('tbody tr.ant-table-row');
  await expect(runs.nth(0)).toContainText('Succeeded');
  await expect(runs.nth(0)).toContainText('1,000 read · 997 imported · 3 rejected');
  await expect(runs.nth(0)).toContainText('0 new · 0 changed · 0 deactivated');
  await expect(runs.nth(1)).toContainText('Succeeded');
  await expect(runs.nth(1)).toContainText('997 new · 0 changed · 0 deactivated');

  // The list shows the feed with its last run; the search is kept in the URL.
  await owner.getByRole('link', { name: 'Product feeds' }).first().click();
  await owner.getByRole('searchbox', { name: 'Search feeds by name or URL' }).fill(String(stamp));
  await owner.getByRole('searchbox', { name: 'Search feeds by name or URL' }).press('Enter');
  await expect(owner).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  const row = owner.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Uploaded file');
  await expect(row).toContainText('CSV');
  await expect(row).toContainText('Manual');
  await expect(row).toContainText('1,000 read · 997 imported · 3 rejected');
  await expect(owner.getByRole('row')).toHaveCount(2);

  // Delete: the confirmation says the products stay.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(owner.getByText('Its products stay in the catalogue, no longer tied to a feed.')).toBeVisible();
  await owner.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(owner.getByText(`Feed ${name} deleted; its products stay`)).toBeVisible();
  await expect(owner.getByText('No feed matches the search.')).toBeVisible();
  await owner.context().close();
});

test('an Owner creates a daily URL feed, imports it now (an unreachable host fails the run, shown with its reason), renames and deletes it', async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const name = `Daily Google ${stamp}`;
  const url = `https://feed-${stamp}.invalid/google.xml`;
  const website = await quietWebsite();
  const owner = await signedIn(browser, 'Owner');
  await owner.goto(`/product-feeds?owid=${website.id}`);
  await owner.getByRole('button', { name: 'New feed' }).click();
  const dialog = owner.getByRole('dialog', { name: 'New product feed' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'From a URL' }).check();
  await dialog.getByLabel('Feed URL').fill('feed.example/google.xml');
  // The chosen option's label lies over the select's input, as in any antd select: click through it.
  await dialog.getByRole('combobox', { name: 'Format' }).click({ force: true });
  await owner.getByTitle('Google Merchant XML', { exact: true }).click();
  await expect(dialog.getByText('CSV column mapping')).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Daily' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Enter an http:// or https:// address.')).toBeVisible();
  await dialog.getByLabel('Feed URL').fill(url);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(heading(owner)).toHaveText(name);
  await expect(owner.getByRole('link', { name: url })).toBeVisible();
  await expect(owner.getByText('Google Merchant XML', { exact: true })).toBeVisible();
  await expect(owner.getByText('Daily', { exact: true })).toBeVisible();
  await expect(importSection(owner).locator('input[type=file]')).toHaveCount(0);

  // Import now: the host does not exist, so the run fails and says why; nothing else changes.
  await importSection(owner).getByRole('button', { name: 'Import now' }).click();
  await expect(importSection(owner).getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(importSection(owner).getByText('The import failed; the products stay as they were.')).toBeVisible();
  const run = historySection(owner).locator('tbody tr.ant-table-row');
  await expect(run).toHaveCount(1);
  await expect(run.first()).toContainText('Failed');
  await expect(run.first()).toContainText('0 read · 0 imported · 0 rejected');
  await expect(run.first()).toContainText('The feed URL could not be fetched');
  await expect(importSection(owner).getByRole('alert')).toContainText('The feed URL could not be fetched');
  await expect(importSection(owner).getByRole('button', { name: 'Import now' })).toBeEnabled();

  // Rename, then delete from the detail page (back to the list).
  await owner.getByRole('button', { name: 'Edit' }).click();
  const edit = owner.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Feed URL')).toHaveValue(url);
  await expect(edit.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await edit.getByLabel('Name', { exact: true }).fill(`${name} renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText(`Feed ${name} renamed saved`)).toBeVisible();
  await expect(owner.getByRole('cell', { name: `${name} renamed`, exact: true })).toBeVisible();
  await owner.getByRole('button', { name: `Delete ${name} renamed` }).click();
  await owner.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(heading(owner)).toHaveText('Product feeds');
  await owner.context().close();
});

test('a User and a Viewer cannot open product feeds and see no create or import buttons', async ({ browser }) => {
  for (const role of ['User', 'Viewer']) {
    const page = await signedIn(browser, role);
    await page.goto('/product-feeds');
    await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New feed' })).toHaveCount(0);
    await page.goto('/product-feeds/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload a file' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import now' })).toHaveCount(0);
    await page.context().close();
  }
});
