import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';

/**
 * /products on the demo catalogue: the demo Owner's website (northwind's first) has 241 products
 * (240 of the demo catalogue and the matched fixture pair, api/src/seed/scraped-pair-demo.ts)
 * with CZK prices, brands such as Husky, and matches with three competitors (see
 * api/src/seed/catalogue-demo.ts). Read-only: nothing is changed.
 */
const owner = DEMO_USERS.find((user) => user.roles.includes('Owner'))!;

async function openProducts(page: Page, query = '') {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/[?&]owid=/);
  const owid = new URL(page.url()).searchParams.get('owid')!;
  await page.goto(`/products?owid=${owid}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(productRows(page).first()).toBeVisible();
}

const productTable = (page: Page) =>
  page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Our price' }) });
const productRows = (page: Page) =>
  productTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
/** The list's total as the pager says it ("240 products"). */
const totalText = (page: Page) => page.getByText(/^≈? ?[\d,]+ products?$/);

/** The texts of one column in the rows shown, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await productTable(page).getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const rows = await productRows(page).all();
  return Promise.all(rows.map((row) => row.getByRole('cell').nth(index).innerText()));
}

/** "CZK 4,990.00" → 4990; the dash of no price → null. */
const priceOf = (text: string): number | null => (/\d/.test(text) ? Number(text.replace(/[^\d.-]/g, '')) : null);

/**
 * Runs `action`, then waits for the list it asks for to arrive and be shown: the answer to a
 * ProductList request sent after the action began (an answer to an earlier request still in
 * flight, such as the first load's, does not count).
 */
async function listed(page: Page, action: () => Promise<unknown>) {
  const request = page.waitForRequest(
    (sent) =>
      sent.url().includes('/graphql') &&
      (sent.postDataJSON() as { operationName?: string } | null)?.operationName === 'ProductList',
  );
  await action();
  await (await request).response();
  await expect(page.getByRole('region', { name: 'Product list' })).toHaveAttribute('aria-busy', 'false');
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByTitle(option, { exact: true }).filter({ visible: true }).click();
}

/** RFC 4180 rows (quoted fields with commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

test('filters by brand and difference, kept in the URL across a reload', async ({ page }) => {
  await openProducts(page);
  await expect(totalText(page)).toHaveText('241 products');

  const brand = page.getByRole('combobox', { name: 'Brand' });
  await listed(page, async () => {
    await brand.fill('Husky');
    await brand.press('Enter');
  });
  await expect(page).toHaveURL(/[?&]brand=Husky/);
  const brands = await column(page, 'Brand');
  expect(brands.length).toBeGreaterThan(0);
  expect(new Set(brands)).toEqual(new Set(['Husky']));
  const huskyTotal = Number((await totalText(page).innerText()).replace(/\D/g, ''));
  expect(huskyTotal).toBeLessThan(241);

  await listed(page, () => choose(page, page.getByRole('combobox', { name: 'Difference' }), 'Normal'));
  await expect(page).toHaveURL(/[?&]diff=normal/);
  const ratings = await column(page, 'Difference');
  expect(ratings.length).toBeGreaterThan(0);
  expect(new Set(ratings)).toEqual(new Set(['Normal']));
  expect(new Set(await column(page, 'Brand'))).toEqual(new Set(['Husky']));
  const bothTotal = Number((await totalText(page).innerText()).replace(/\D/g, ''));
  expect(bothTotal).toBeLessThan(huskyTotal);
  expect(bothTotal).toBe(ratings.length);

  await listed(page, () => page.reload());
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('Husky');
  await expect(totalText(page)).toHaveText(`${bothTotal} product${bothTotal === 1 ? '' : 's'}`);
  expect(new Set(await column(page, 'Difference'))).toEqual(new Set(['Normal']));

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(totalText(page)).toHaveText('241 products');
  await expect(page).not.toHaveURL(/brand=|diff=/);
});

test("the brand filter offers the website's brands, also those not on the page shown", async ({ page }) => {
  await openProducts(page, '&pageSize=10');
  const shown = new Set(await column(page, 'Brand'));
  await page.getByRole('combobox', { name: 'Brand' }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const offered = await options.allInnerTexts();
  expect(offered.some((value) => !shown.has(value))).toBe(true);
  const unseen = offered.find((value) => !shown.has(value))!;
  await listed(page, () => options.filter({ hasText: unseen }).first().click());
  await expect(page).toHaveURL(/[?&]brand=/);
  expect(new URL(page.url()).searchParams.get('brand')).toBe(unseen);
  expect(new Set(await column(page, 'Brand'))).toEqual(new Set([unseen]));
});

test('a search by EAN finds the one product', async ({ page }) => {
  await openProducts(page);
  const ean = (await column(page, 'EAN')).find((text) => /^\d{13}$/.test(text.trim()))!;
  const search = page.getByLabel('Search by name, brand or EAN');
  await listed(page, async () => {
    await search.fill(ean);
    await search.press('Enter');
  });
  await expect(totalText(page)).toHaveText('1 product');
  expect(await column(page, 'EAN')).toEqual([ean]);
});

test('sorts by our price both ways', async ({ page }) => {
  await openProducts(page);
  const header = productTable(page).getByRole('columnheader', { name: 'Our price' });
  const prices = async () =>
    (await column(page, 'Our price')).map(priceOf).filter((price): price is number => price !== null);

  await listed(page, () => header.click());
  await expect(page).toHaveURL(/[?&]sort=PRICE_ASC/);
  const ascending = await prices();
  expect(ascending.length).toBe(20);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await listed(page, () => header.click());
  await expect(page).toHaveURL(/[?&]sort=PRICE_DESC/);
  const descending = await prices();
  expect(descending.length).toBe(20);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  // The dearest product leads one way, the cheapest the other.
  expect(descending[0]).toBeGreaterThan(ascending[0]!);
  expect(descending.at(-1)).toBeGreaterThanOrEqual(ascending.at(-1)!);
});

test('pages through the list, the page and its size in the URL', async ({ page }) => {
  await openProducts(page);
  const firstPage = await column(page, 'Name');
  expect(firstPage).toHaveLength(20);

  await listed(page, () => page.getByRole('listitem', { name: '2', exact: true }).click());
  await expect(page).toHaveURL(/[?&]page=2/);
  const secondPage = await column(page, 'Name');
  expect(secondPage).toHaveLength(20);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  // Names A to Z continue from one page to the next.
  expect(secondPage[0]!.localeCompare(firstPage.at(-1)!)).toBeGreaterThanOrEqual(0);

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect.poll(() => column(page, 'Name')).toEqual(firstPage);

  await listed(page, () => page.goto(`${page.url()}&pageSize=50&page=5`));
  // 241 products, 50 a page: the fifth page holds the last 41.
  expect(await column(page, 'Name')).toHaveLength(41);
  await expect(totalText(page)).toHaveText('241 products');
});

test('the CSV export holds exactly the rows the filters show, in their order', async ({ page }) => {
  await openProducts(page, '&brand=Husky&sort=PRICE_DESC&pageSize=100');
  await listed(page, () => choose(page, page.getByRole('combobox', { name: 'Matching' }), 'With matched competitors'));
  await expect(page).toHaveURL(/[?&]matching=HAS_MATCHED/);
  const names = await column(page, 'Name');
  const prices = (await column(page, 'Our price')).map(priceOf);
  const total = Number((await totalText(page).innerText()).replace(/\D/g, ''));
  expect(names.length).toBe(total);
  expect(names.length).toBeGreaterThan(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
  const [header, ...rows] = parseCsv(text).filter((row) => row.some((cell) => cell !== ''));
  expect(header).toEqual(expect.arrayContaining(['item_id', 'name', 'brand', 'price', 'diff_rating', 'matched_count']));
  const at = (name: string) => header!.indexOf(name);
  expect(rows.map((row) => row[at('name')])).toEqual(names);
  expect(rows.map((row) => Number(row[at('price')]))).toEqual(prices);
  expect(new Set(rows.map((row) => row[at('brand')]))).toEqual(new Set(['Husky']));
  expect(rows.every((row) => Number(row[at('matched_count')]) > 0)).toBe(true);
  await expect(page.getByText(`Exported ${total} products.`)).toBeVisible();
});

test('a row opens the detail drawer with the competitor offers and the price chart', async ({ page }) => {
  await openProducts(page, '&matching=HAS_MATCHED');
  const name = (await column(page, 'Name'))[0]!;
  await productRows(page).first().getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/[?&]product=[0-9a-f-]{36}/);

  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(drawer.getByText('Item ID')).toBeVisible();
  const offers = drawer.getByRole('table', { name: 'Competitor products' });
  await expect(
    offers
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .first(),
  ).toBeVisible();
  await expect(offers.getByText('Matched', { exact: true }).first()).toBeVisible();
  await expect(offers.getByText(/Alza\.cz|Sportisimo|Hudy sport/).first()).toBeVisible();

  const chart = drawer.getByRole('img', { name: /^Price history of \d+ competitor products?$/ });
  await expect(chart).toBeVisible();
  // One line per matched competitor product, each named in the legend.
  const matchedRows = offers.getByRole('row').filter({ has: page.getByText('Matched', { exact: true }) });
  const lines = await chart.locator('path').count();
  expect(lines).toBeGreaterThan(0);
  expect(lines).toBe(await matchedRows.count());
  for (const row of await matchedRows.all()) {
    const competitor = await row.getByRole('cell').first().innerText();
    await expect(drawer.getByRole('figure').getByText(competitor, { exact: true })).toBeVisible();
  }

  // The open product is in the URL: a reload shows it again; closing removes it.
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('img', { name: /^Price history/ })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/[?&]product=/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
