import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { demoScrapedPair } from '../../api/src/seed/scraped-pair-demo.ts';
import { E2E_PORTS } from './stack-ports.ts';
import { closeOpenedPages, signedInPage } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;
const signedIn = (browser: Browser, role: string): Promise<Page> => signedInPage(browser, byRole(role).email);
const NOT_ACCESSIBLE = 'Not Accessible';
/** The fixture shop the local stack runs beside the API (scripts/stack.ts). */
const FIXTURE_SHOP = `http://127.0.0.1:${E2E_PORTS.api + 600}`;

/**
 * A sitemap of its own for a run of the spec: a copy of the shop elektro-hvezda under fresh
 * addresses (fixture-shop/server.ts shopAt), so its products are new to the competitor however
 * many runs of the spec the stack has seen.
 */
const sitemapOfCopy = (name: string) => `${FIXTURE_SHOP}/shops/elektro-hvezda--${name}/sitemap.xml`;

/** The product addresses of a sitemap (an index of parts). */
async function productUrls(sitemap: string): Promise<string[]> {
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((found) => found[1]!);
  const index = await (await fetch(sitemap)).text();
  if (!index.includes('<sitemapindex')) return locations(index);
  const parts = await Promise.all(locations(index).map(async (part) => locations(await (await fetch(part)).text())));
  return parts.flat();
}

test('an Admin creates a scraper for a demo competitor, tests extraction, runs it and sees its prices and health; an Owner sees only when prices were last collected', async ({
  browser,
}) => {
  // Two users, a run over a fixture shop.
  test.slow();
  const stamp = Date.now();
  const name = `E2E scraper ${stamp}`;
  const sitemap = sitemapOfCopy(`e2e${stamp}`);
  const products = await productUrls(sitemap);
  const productUrl = products[0]!;

  // The Owner's monitored view of the competitor (its address serves the Admin's full detail too).
  const owner = await signedIn(browser, 'Owner');
  await owner.goto('/competitors');
  await owner.getByRole('link', { name: 'Sportisimo', exact: true }).click();
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Sportisimo');
  const competitorPath = new URL(owner.url()).pathname;

  const admin = await signedIn(browser, 'Admin');
  await admin.goto(competitorPath);
  await admin.getByRole('button', { name: 'Add scraper' }).click();
  const create = admin.getByRole('dialog', { name: 'Add a scraper for Sportisimo' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText(`Scraper ${name} was added.`)).toBeVisible();
  await expect(admin.getByText(name, { exact: true }).first()).toBeVisible();

  // Settings: the shop's sitemap, not the seeded (made-up) addresses, a short delay.
  await admin.getByRole('tab', { name: 'Settings' }).click();
  await admin.getByLabel("Scrape the known addresses of the competitor's products").uncheck();
  await admin.getByLabel('Sitemap address').fill(sitemap);
  await admin.getByLabel('Delay between pages (ms)').fill('50');
  await admin.getByLabel('Pages at once per host').fill('2');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved.')).toBeVisible();

  // Test extraction on one page: every field with its strategy; nothing saved.
  await admin.getByRole('tab', { name: 'Test extraction' }).click();
  await admin.getByLabel('Page address').fill(productUrl);
  await admin.getByRole('button', { name: 'Test', exact: true }).click();
  const fields = admin.getByRole('region', { name: 'Extracted fields' });
  await expect(fields.getByRole('row', { name: /^Price/ })).toContainText('JSON-LD');
  await expect(fields.getByRole('row', { name: /^Currency/ })).toContainText('CZK');
  const productName = (await fields.getByRole('row', { name: /^Name/ }).getByRole('cell').nth(1).textContent())!.trim();
  expect(productName.length).toBeGreaterThan(0);
  // A page that cannot be used says why, in the console's words (web/src/pages/scrapers/reasons.ts).
  await admin.getByLabel('Page address').fill(`${FIXTURE_SHOP}/shops/elektro-hvezda/special/call-for-price`);
  await admin.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'The page could not be used' })).toContainText(
    '/special/call-for-price: the page states no price ("call for price")',
  );

  // Run it and watch its progress until it succeeds.
  await admin.getByRole('tab', { name: 'Runs' }).click();
  await admin.getByRole('button', { name: `Run now: ${name}` }).click();
  await expect(admin.getByText(`A run of ${name} is queued.`)).toBeVisible();
  const runs = admin.getByRole('region', { name: 'Runs' });
  const latest = runs.locator('tbody tr.ant-table-row').first();
  await expect(latest.getByRole('progressbar')).toBeVisible();
  await expect(latest).toContainText('Succeeded', { timeout: 120_000 });
  // Every product of the shop's copy is new to the competitor.
  expect(products.length).toBeGreaterThan(0);
  await expect(latest).toContainText(`${products.length} seen, 0 changed, ${products.length} new, 0 failed`);

  // The competitor's catalogue carries the collected product at its price.
  await admin.goto(competitorPath);
  const catalogue = admin.getByRole('region', { name: "The competitor's products" });
  await catalogue.getByRole('searchbox', { name: 'Search by name, their id or EAN' }).fill(productName);
  await catalogue.getByRole('searchbox', { name: 'Search by name, their id or EAN' }).press('Enter');
  await expect(
    catalogue.getByRole('row', { name: new RegExp(productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first(),
  ).toContainText(/Kč|CZK/);
  await expect(admin.getByText(/^Prices last collected: (?!Never)/)).toBeVisible();

  // The list: the scraper with its health.
  await admin.goto('/scrapers');
  await admin.getByRole('searchbox', { name: 'Search by scraper or competitor' }).fill(name);
  await admin.getByRole('searchbox', { name: 'Search by scraper or competitor' }).press('Enter');
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Healthy');
  await expect(row).toContainText('Succeeded');
  // The search is kept in the address: a reload shows the same list.
  await expect.poll(() => new URL(admin.url()).searchParams.get('q')).toBe(name);
  await admin.reload();
  await expect(admin.getByRole('searchbox', { name: 'Search by scraper or competitor' })).toHaveValue(name);
  await expect(admin.getByRole('row', { name: new RegExp(name) })).toContainText('Healthy');

  // The Owner: no scrapers, but when the competitor's prices were last collected.
  await owner.goto('/scrapers');
  await expect(owner.getByRole('heading', { name: NOT_ACCESSIBLE })).toBeVisible();
  await owner.goto(competitorPath);
  const collected = owner.getByRole('row', { name: /^Prices last collected/ });
  await expect(collected).toBeVisible();
  await expect(collected).not.toContainText('Not collected yet');
  await expect(owner.getByText(name)).toHaveCount(0);
});

/** The price a fixture shop's product page shows now (its JSON-LD offer). */
async function shopPrice(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  return Number(/"price":"([\d.]+)"/.exec(html)![1]);
}

test("a demo scraper's run puts the competitor's price on the matched product's detail: the price, when it was collected, its history", async ({
  browser,
}) => {
  test.slow();
  // The demo's matched pair (api/src/seed/scraped-pair-demo.ts): our product matched to one the
  // shop the first demo scraper reads sells.
  const pair = demoScrapedPair(FIXTURE_SHOP);
  const scraperName = 'Alza.cz (fixture shop elektro-hvezda)';
  const admin = await signedIn(browser, 'Admin');
  await admin.goto('/scrapers');
  await admin.getByRole('searchbox', { name: 'Search by scraper or competitor' }).fill('elektro-hvezda');
  await admin.getByRole('searchbox', { name: 'Search by scraper or competitor' }).press('Enter');
  await admin.getByRole('link', { name: scraperName, exact: true }).click();
  // The page is headed by the scraper's name, not its id.
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(scraperName);

  // Run it (the run the stack's start queued may still be going: the button waits for it).
  await admin.getByRole('tab', { name: 'Runs' }).click();
  const runNow = admin.getByRole('button', { name: `Run now: ${scraperName}` });
  await expect(runNow).toBeEnabled({ timeout: 120_000 });
  const pricesBefore = await shopPrice(pair.url);
  const startedAt = Date.now();
  await runNow.click();
  await expect(admin.getByText(`A run of ${scraperName} is queued.`)).toBeVisible();
  const latest = admin.getByRole('region', { name: 'Runs' }).locator('tbody tr.ant-table-row').first();
  await expect(latest).toContainText('Succeeded', { timeout: 120_000 });
  await expect(latest).toContainText(/[1-9]\d* seen, \d+ changed, \d+ new, 0 failed/);
  const endedAt = Date.now();
  // The shop's prices move every ten minutes (scripts/stack.ts): the run read the one before or after.
  const prices = [...new Set([pricesBefore, await shopPrice(pair.url)])];

  // The Owner finds the product by its EAN and opens its detail.
  const owner = await signedIn(browser, 'Owner');
  const owid = new URL(owner.url()).searchParams.get('owid');
  await owner.goto(owid ? `/products?owid=${owid}` : '/products');
  const search = owner.getByLabel('Search by name, brand or EAN');
  await search.fill(pair.gtin!);
  await search.press('Enter');
  const rows = owner
    .getByRole('table')
    .filter({ has: owner.getByRole('columnheader', { name: 'Our price' }) })
    .getByRole('row')
    .filter({ has: owner.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(pair.name);
  await rows.first().getByRole('button', { name: pair.name, exact: true }).click();
  await expect(owner).toHaveURL(/[?&]product=[0-9a-f-]{36}/);
  const drawer = owner.getByRole('dialog');
  await expect(drawer.getByText(pair.name, { exact: true }).first()).toBeVisible();

  // The matched offer: the shop's price, collected during the run, with its history.
  const offer = drawer
    .getByRole('table', { name: 'Competitor products' })
    .getByRole('row')
    .filter({ has: owner.getByRole('cell', { name: 'Alza.cz', exact: true }) })
    .filter({ has: owner.getByRole('link', { name: pair.name }) });
  await expect(offer).toContainText('Matched');
  const money = (price: number) => price.toLocaleString('en-US', { minimumFractionDigits: 2 }).replace(/[.,]/g, '\\$&');
  const collected = prices.map(money).join('|');
  await expect(offer).toContainText(new RegExp(collected));
  // When it was collected: a minute of the run, as the detail writes times.
  const minute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
  const runMinutes = new Set<string>();
  for (let at = startedAt - 60_000; at <= endedAt + 60_000; at += 15_000) runMinutes.add(minute.format(at));
  const seen = (await offer.getByRole('cell').last().innerText()).trim();
  expect([...runMinutes]).toContain(seen);
  // Its history: the seeded earlier prices and the collected one, as points of the offer's line.
  const chart = drawer.getByRole('img', { name: /^Price history of \d+ competitor products?$/ });
  await expect(chart).toBeVisible();
  const points = chart.locator('title').filter({ hasText: /^Alza\.cz: / });
  expect(await points.count()).toBeGreaterThanOrEqual(3);
  await expect(chart.locator('title').filter({ hasText: new RegExp(`^Alza\\.cz: .*(${collected}),`) })).not.toHaveCount(
    0,
  );
});
