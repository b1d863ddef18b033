import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { signIn as signInWithForm } from './support/signIn.ts';

const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;

async function signIn(page: Page, email: string) {
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/[?&]owid=/);
}

/** The text of one column (1-based) in every data row of the table. */
const column = (page: Page, n: number) => page.getByRole('row').locator(`td:nth-child(${n})`).allTextContents();

/** The choice a select shows (its dropdown closed). */
const shownChoice = (page: Page, label: string) => page.getByTitle(label, { exact: true }).filter({ visible: true });

async function choose(page: Page, field: string, option: string) {
  // A chosen value's label lies over the input, as in any antd select: click through it.
  await page.getByRole('combobox', { name: field }).click({ force: true });
  await page.getByTitle(option, { exact: true }).click();
}

test("the selected website's portal listings: links open in a new tab, filters and sorting are kept in the address", async ({
  page,
}) => {
  test.slow();
  await signIn(page, byRole('User').email);
  await page.goto('/products/aggregators');
  await expect(page.getByText(/Listings of .+ on price-comparison portals\./)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(21);
  const link = page.getByRole('link', { name: /^Open .+ on .+ \(new tab\)$/ }).first();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // One portal, our offer the cheapest there.
  await choose(page, 'Portal', 'Heureka.cz');
  await choose(page, 'Our rank', 'Cheapest (1st)');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/filters/);
  await expect.poll(async () => new Set(await column(page, 1))).toEqual(new Set(['Heureka.cz']));
  const ranks = await column(page, 6);
  expect(ranks.length).toBeGreaterThan(0);
  for (const rank of ranks) expect(rank).toMatch(/^1\. of \d+$/);

  // Kept over a reload, with the form showing the filters.
  await page.reload();
  await expect(shownChoice(page, 'Cheapest (1st)')).toBeVisible();
  await expect(shownChoice(page, 'Heureka.cz')).toBeVisible();
  await expect.poll(async () => new Set(await column(page, 1))).toEqual(new Set(['Heureka.cz']));

  // Not listed: no rank.
  await choose(page, 'Our rank', 'We have no offer');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(async () => new Set(await column(page, 6))).toEqual(new Set(['No offer']));

  // Sorted by the number of offers, most first (no filters).
  await page.goto('/products/aggregators');
  await expect(page.getByRole('row')).toHaveCount(21);
  await page.getByRole('columnheader', { name: 'Offers' }).click();
  await page.getByRole('columnheader', { name: 'Offers' }).click();
  await expect(page).toHaveURL(/sorters/);
  await expect
    .poll(async () => {
      const offers = (await column(page, 4)).map(Number);
      return offers.length > 1 && offers.every((value, i) => i === 0 || value <= offers[i - 1]!);
    })
    .toBe(true);
});
