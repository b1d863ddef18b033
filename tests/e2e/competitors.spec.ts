import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { closeOpenedPages, signedInPage } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;
const NOT_ACCESSIBLE = 'Not Accessible';
const CSV_HEADER = 'external_id,name,brand,ean,mpn,price,currency,availability,url';

async function signedIn(browser: Browser, role: string): Promise<Page> {
  return signedInPage(browser, byRole(role).email);
}

/** Picks an option of the select with this accessible name. */
async function choose(page: Page, select: string, option: string) {
  // The chosen value lies over the search input: the click goes through it, as a person's would.
  await page.getByRole('combobox', { name: select }).click({ force: true });
  await page.getByTitle(option, { exact: true }).last().click();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('an Owner adds, edits, filters and deletes a competitor and sees its monitored view; an Admin reads its full detail and imports its products', async ({
  browser,
}) => {
  // Two users, six screens.
  test.slow();
  const stamp = Date.now();
  const name = `Rival Outdoor ${stamp}`;
  const url = `https://rival-${stamp}.example`;
  const owner = await signedIn(browser, 'Owner');
  await owner.goto('/competitors');
  await expect(owner.getByRole('row', { name: /Alza\.cz/ })).toBeVisible();

  // Add: the client checks the address; the server refuses one the website already has, at the field.
  await owner.getByRole('button', { name: 'Add competitor' }).click();
  const create = owner.getByRole('dialog', { name: 'Add a competitor' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Address').fill('rival.example');
  await create.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(create.getByText('Enter a full address starting with http:// or https://.')).toBeVisible();
  await create.getByLabel('Address').fill('https://www.alza.cz.example');
  await create.getByRole('button', { name: 'Add', exact: true }).click();
  // in the console's words (locales: apiErrors.refusals), not the API's "Invalid url: …"
  const taken = create.getByText('The website already has a competitor with this address.', { exact: true });
  await expect(taken).toBeVisible();
  await expect(create.getByRole('radio', { name: 'Confirmation' })).toBeChecked();
  await create.getByLabel('Address').fill(url);
  // A changed address is no longer the one the server refused: its message goes.
  await expect(taken).toHaveCount(0);
  await create.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(owner.getByText(`${name} is added`)).toBeVisible();
  const row = owner.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Confirmation');
  await expect(row).toContainText('Active');

  // Edit it to automatic matching.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = owner.getByRole('dialog', { name: 'Edit the competitor' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  // The dialog may still be opening (its animation) under a busy machine: check until it holds.
  const automatic = edit.getByRole('radio', { name: 'Automatic' });
  await expect(async () => {
    await automatic.check({ timeout: 2_000 });
    await expect(automatic).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText(`${name} is saved`)).toBeVisible();
  await expect(row).toContainText('Automatic');

  // Search and filters, kept in the address.
  await owner.getByRole('searchbox', { name: 'Search by name or address' }).fill(`rival-${stamp}`);
  await owner.getByRole('searchbox', { name: 'Search by name or address' }).press('Enter');
  await expect(owner.getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();
  await choose(owner, 'Matching mode', 'Confirmation');
  await expect(row).toHaveCount(0);
  await choose(owner, 'Matching mode', 'Automatic');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(owner.getByText(`${name} is inactive`)).toBeVisible();
  await choose(owner, 'Active', 'Active');
  await expect(row).toHaveCount(0);
  await choose(owner, 'Active', 'Inactive');
  await expect(row).toContainText('Inactive');
  await expect(owner).toHaveURL(/mode=automatic/);
  await owner.reload();
  await expect(row).toBeVisible();
  await expect(owner.getByRole('row')).toHaveCount(2);
  await expect(owner.getByRole('searchbox', { name: 'Search by name or address' })).toHaveValue(`rival-${stamp}`);

  // Its page: the monitored view, not 'Not Accessible'.
  await row.getByRole('link', { name }).click();
  await expect(heading(owner)).toHaveText(name);
  await expect(owner.getByText('Matched products', { exact: true })).toBeVisible();
  await expect(owner.getByText('No matched product has both prices yet.')).toBeVisible();
  await expect(owner.getByRole('row', { name: /^Prices last seen/ })).toHaveText('Prices last seenNo data yet');
  await expect(owner.getByRole('heading', { name: NOT_ACCESSIBLE })).toHaveCount(0);
  await expect(owner.getByRole('main').getByText('Settings', { exact: true })).toHaveCount(0);
  const detailUrl = owner.url();

  // The Admin: the full detail of the same competitor, and a CSV import with one bad row.
  const admin = await signedIn(browser, 'Admin');
  await admin.goto(new URL(detailUrl).pathname);
  await expect(heading(admin)).toHaveText(name);
  await expect(admin.getByRole('main').getByText('Settings', { exact: true })).toBeVisible();
  await expect(admin.getByRole('row', { name: /^Website/ })).toContainText('(Northwind Outdoor Supply)');
  await expect(admin.getByRole('row', { name: /^Products/ })).toHaveText('Products0');
  const csv = [
    CSV_HEADER,
    `R-${stamp}-1,Trail tent 2P,Husky,,,"4 990",CZK,in stock,`,
    `R-${stamp}-2,Sleeping bag,Husky,,,,CZK,,`,
    `R-${stamp}-3,Camping stove,,,,1290.50,CZK,skladem,`,
  ].join('\n');
  const [chooser] = await Promise.all([
    admin.waitForEvent('filechooser'),
    admin.getByRole('button', { name: 'Choose a CSV file' }).click(),
  ]);
  await chooser.setFiles({ name: 'rival.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(admin.getByLabel('CSV text')).toHaveValue(csv);
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
  const result = admin.getByRole('region', { name: 'Import result' });
  await expect(result.getByRole('row', { name: /^Rows read/ })).toHaveText('Rows read3');
  await expect(result.getByRole('row', { name: /^Imported/ })).toHaveText('Imported2');
  await expect(result.getByRole('row', { name: /^Rejected/ })).toHaveText('Rejected1');
  const errors = result.getByRole('table', { name: '1 rejected row' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toHaveText('3priceRequired');
  await expect(admin.getByRole('row', { name: /^Products/ })).toHaveText('Products2');
  // The catalogue below lists the two imported products by name, and finds one by its id.
  const catalogue = admin.getByRole('region', { name: "The competitor's products" });
  await expect(catalogue.getByText('2 products')).toBeVisible();
  const catalogueRows = catalogue.locator('tbody tr.ant-table-row');
  await expect(catalogueRows).toHaveCount(2);
  await expect(catalogueRows.nth(0)).toContainText('Camping stove');
  await expect(catalogueRows.nth(1)).toContainText('Trail tent 2P');
  await expect(catalogueRows.nth(1)).toContainText(`R-${stamp}-1`);
  await catalogue.getByLabel('Search by name, their id or EAN').fill(`R-${stamp}-3`);
  await catalogue.getByLabel('Search by name, their id or EAN').press('Enter');
  await expect(catalogueRows).toHaveCount(1);
  await expect(catalogueRows.nth(0)).toContainText('Camping stove');
  await admin.context().close();

  // Back to the Owner: the imported products and their time reach the monitored view.
  await owner.reload();
  await expect(owner.getByRole('row', { name: /^Products/ })).toHaveText('Products2');
  await expect(owner.getByRole('row', { name: /^Prices last seen/ })).not.toContainText('No data yet');

  // Delete it, after a confirmation.
  await owner.goBack();
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(owner.getByText(`Delete ${name}?`)).toBeVisible();
  await owner.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(owner.getByText(`${name} is deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await owner.context().close();
});

test("an Owner's monitored view of a seeded competitor shows the price position", async ({ browser }) => {
  const owner = await signedIn(browser, 'Owner');
  await owner.goto('/competitors');
  await owner.getByRole('link', { name: 'Alza.cz', exact: true }).click();
  await expect(heading(owner)).toHaveText('Alza.cz');
  await expect(owner.getByText(/On average our prices are [\d.,]+% (below|above) this competitor's\./)).toBeVisible();
  await expect(owner.getByText(/^Of \d+ compared products:/)).toBeVisible();
  await owner.context().close();
});

test('a User has no competitors: the list and a competitor page are not accessible', async ({ browser }) => {
  const admin = await signedIn(browser, 'Admin');
  await admin.goto('/competitors');
  await admin.getByRole('row').nth(1).getByRole('link').first().click();
  const detailPath = new URL(admin.url()).pathname;
  await admin.context().close();

  const user = await signedIn(browser, 'User');
  await user.goto('/competitors');
  await expect(user.getByRole('heading', { name: NOT_ACCESSIBLE })).toBeVisible();
  await expect(user.getByRole('button', { name: 'Add competitor' })).toHaveCount(0);
  await expect(
    user.getByRole('navigation', { name: 'Main navigation' }).getByText('Competitors', { exact: true }),
  ).toHaveCount(0);
  await user.goto(detailPath);
  await expect(user.getByRole('heading', { name: NOT_ACCESSIBLE })).toBeVisible();
  await user.context().close();
});
