import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { closeOpenedPages, signedInPage } from './support/signIn.ts';

/**
 * Data insights end to end (issue 16) on the demo Owner's website (northwind's first: the demo
 * catalogue matched to three competitors, with collected prices): the brand snapshot's heat map
 * on demo data; a count cell opens the products list filtered to its brand, competitor and
 * comparison, whose total equals the cell; the table's CSV equals the table. A User (read-only
 * role) sees and does the same. Read-only: nothing is changed.
 */
test.afterEach(closeOpenedPages);

const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;

/** The products list's total as its pager says it ("12 products"). */
const totalText = (page: Page) => page.getByText(/^≈? ?[\d,]+ products?$/);
const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function openBrandSnapshot(browser: Browser, role: string): Promise<{ page: Page; owid: string }> {
  const page = await signedInPage(browser, byRole(role).email);
  await expect(page).toHaveURL(/[?&]owid=/);
  const owid = new URL(page.url()).searchParams.get('owid')!;
  // The group's own address opens the brand snapshot.
  await page.goto(`/data-insights?owid=${owid}`);
  await expect(page).toHaveURL(/\/data-insights\/brand-snapshot\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Brand snapshot' })).toBeVisible();
  return { page, owid };
}

/** The brand table's rows as their cells' texts (the total line last). */
async function brandTableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('region', { name: 'Brands against the market' }).getByRole('table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  return table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.split('\n')[0]!.trim()),
      ),
    );
}

/** A CSV line's cells (the export quotes only cells holding a separator, a quote or a line end). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') cells.push(cell), (cell = '');
    else cell += c;
  }
  cells.push(cell);
  return cells;
}

async function walkTheSnapshot(browser: Browser, role: string) {
  const { page, owid } = await openBrandSnapshot(browser, role);

  // The heat map on demo data: brands against competitors, each cell with its index and signed difference.
  const heatMap = page.getByRole('table', { name: /^Price index of each brand against each competitor/ });
  await expect(heatMap).toBeVisible();
  const competitors = await heatMap.locator('thead th').allInnerTexts();
  expect(competitors.length).toBeGreaterThan(1);
  await expect(
    heatMap
      .locator('tbody td')
      .filter({ hasText: /[−+±]\d/ })
      .first(),
  ).toBeVisible();

  // The table's CSV equals the table: same lines, same figures (the table writes them in English here).
  const shown = await brandTableRows(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export table (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^brand-snapshot-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  expect(csvCells(lines[0]!)).toEqual([
    'Brand',
    'Products',
    'Matched',
    'Coverage %',
    'Price index',
    'Cheaper',
    'Same',
    'Pricier',
    'Avg. difference %',
  ]);
  expect(lines.length - 1).toBe(shown.length);
  lines.slice(1).forEach((line, i) => {
    const csv = csvCells(line);
    const table = shown[i]!;
    expect(csv[0]).toBe(table[0]);
    for (let column = 1; column < table.length; column++) {
      const text = table[column]!;
      expect(csv[column], `${table[0]}, column ${column}`).toBe(
        text === '—' ? '' : String(number(text.replace(/,/g, ''))),
      );
    }
  });

  // Counts instead of the index: each count opens the products behind it.
  // antd draws the radio's label as the button (the input itself is hidden under it).
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Count cheaper' }) })
    .click();
  await expect(page.getByRole('radio', { name: 'Count cheaper' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]show=CHEAPER/);
  const countMap = page.getByRole('table', { name: /^Products of each brand cheaper than each competitor/ });
  const links = countMap.locator('tbody').getByRole('link');
  await expect(links.first()).toBeVisible();
  // The first cell with products in it (a zero count still opens an empty list, but says less).
  const texts = await links.allInnerTexts();
  const index = texts.findIndex((text) => number(text) > 0);
  expect(index).toBeGreaterThanOrEqual(0);
  const link = links.nth(index);
  const count = number(texts[index]!);
  const label = (await link.getAttribute('aria-label'))!;
  expect(label).toMatch(/ cheaper than /);
  await link.click();

  await expect(page).toHaveURL(/\/products\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('owid')).toBe(owid);
  expect(url.searchParams.get('comparison')).toBe('CHEAPER');
  expect(url.searchParams.get('competitor')).toBeTruthy();
  expect(url.searchParams.get('brand')).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  // The filter shows as a tag naming the competitor; the list's total is the cell's count.
  const competitorName = label.replace(/^.* cheaper than /, '');
  await expect(page.getByTestId('insight-filter-tags')).toContainText(`Cheaper than ${competitorName}`);
  await expect(totalText(page)).toHaveText(`${count} product${count === 1 ? '' : 's'}`);

  // Removing the tag lifts the comparison (the brand stays).
  await page.getByRole('button', { name: `Remove filter: Cheaper than ${competitorName} (within 1%)` }).click();
  await expect(page).not.toHaveURL(/comparison=/);
  await expect(page).toHaveURL(/[?&]brand=/);
  await page.close();
}

test('an Owner opens the brand snapshot, sees the heat map on demo data, a count cell opens the products list with the same total, and the CSV equals the table', async ({
  browser,
}) => {
  test.slow();
  await walkTheSnapshot(browser, 'Owner');
});

test('a User (read-only) sees the same brand snapshot, cells and CSV', async ({ browser }) => {
  test.slow();
  await walkTheSnapshot(browser, 'User');
});

test('an invalid period in the address falls back to the last 30 days and says so; the competitor snapshot has its table and chart', async ({
  browser,
}) => {
  test.slow();
  const { page, owid } = await openBrandSnapshot(browser, 'Owner');
  await page.goto(`/data-insights/brand-snapshot?owid=${owid}&period=7`);
  await expect(
    page.getByText('The address named a period that does not exist; showing Last 30 days instead.'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toBeVisible();

  await page.goto(`/data-insights/competitor-snapshot?owid=${owid}&period=90`);
  await expect(page.getByRole('heading', { level: 1, name: 'Competitor snapshot' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Competitors' }).getByRole('table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const chart = page.getByRole('region', { name: /^Price index over time/ });
  await expect(
    chart
      .getByRole('figure', { name: 'Daily price index per competitor' })
      .or(chart.getByText('No prices collected in this period')),
  ).toBeVisible();
  await page.close();
});
