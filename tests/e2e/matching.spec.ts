import { type Browser, expect, type Page, type Request, type Route, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO_USERS, type DemoUser } from '../../api/src/seed/demo-users.ts';
import { E2E_WEB_URL } from './stack-ports.ts';
import { graphql, idToken, revertDecisionsSince } from './support/api.ts';
import { closeOpenedPages, operationOf, signedInPage, signIn as signInWithForm } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

/**
 * The matching queues end to end, on northwind's second demo website (the products spec works on
 * the first): a reviewer works ten products with the keyboard alone (the next product shows
 * within 100 ms of the deciding key), undoes one, finds every decision in the log and Home's
 * statistics moved by exactly those decisions; a User's matches wait for confirmation, where an
 * Owner confirms them in bulk; another reviewer's product shows who holds it. No other spec reads
 * that website; afterwards every decision that can still be reverted is reverted through the log
 * (a User's match confirmed by the Owner goes back to waiting for confirmation, one step).
 */

const owner = DEMO_USERS.find((user) => user.roles.includes('Owner'))!;
const reviewerUser = DEMO_USERS.find((user) => user.roles.includes('User'))!;
const SWITCH_BUDGET_MS = 100;

/** Northwind's second website in name order (the demo catalogue's second northwind website). */
async function secondNorthwindWebsite(): Promise<{ id: string; name: string }> {
  const data = await graphql<{ organizationWebsiteList: { data: { id: string; name: string }[] } }>(
    owner,
    'query { organizationWebsiteList(limit: 2, offset: 0) { data { id name } } }',
  );
  return data.organizationWebsiteList.data[1]!;
}

const signIn = (page: Page, user: DemoUser) => signInWithForm(page, user.email);
const newSignedInPage = (browser: Browser, user: DemoUser) => signedInPage(browser, user.email);

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The pairs of the product on screen still waiting to match. */
const waitingPairs = (page: Page) => page.getByRole('option').filter({ hasText: 'Waiting to match' });

/**
 * Leaves the product page inside the app (Back to the queue), so the page releases the products
 * it holds; a reload or a closed tab would keep them reserved for five minutes.
 */
async function leaveProductPage(page: Page) {
  const pending = new Set<Request>();
  let sent = 0;
  const onRequest = (request: Request) => {
    if (
      request.method() === 'POST' &&
      request.url().endsWith('/graphql') &&
      operationOf(request) === 'MatchingReleaseProduct'
    ) {
      pending.add(request);
      sent += 1;
    }
  };
  const onDone = (request: Request) => pending.delete(request);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  // While decisions are being saved the page asks before it is left (the next test).
  await expect(page.getByText(/^Saving \d+ decision/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(heading(page)).toHaveText('Product matching queue');
  await expect.poll(() => sent > 0 && pending.size === 0).toBe(true);
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  page.off('requestfailed', onDone);
}

/** From the queue page, Enter starts work on the first product (once the queue has loaded). */
async function startMatching(page: Page) {
  await expect(page.getByRole('button', { name: 'Start matching' })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-matching\/[0-9a-f-]{36}/);
  await expect(waitingPairs(page).first()).toBeVisible();
}

/** Home's overall count of one statistic, e.g. 'Waiting to match'. */
async function homeStatistic(page: Page, website: { id: string }, label: string): Promise<number> {
  await page.goto(`/?owid=${website.id}`);
  const legend = page.getByRole('list', { name: 'All competitors' });
  const item = legend.getByRole('listitem').filter({ hasText: new RegExp(`^${label}:`) });
  await expect(item).toBeVisible();
  return Number((await item.innerText()).replace(/\D/g, ''));
}

/**
 * Presses `key` on the product page and answers how long after the key-down the heading showed
 * `expectedName` (measured in the page: from the key event to the next frame after the heading changed).
 * The deciding request is held back until the next product has shown, so the switch cannot have
 * waited for the server: if it did, it never comes and the test fails.
 */
async function pressAndTimeSwitch(page: Page, key: string, expectedName: string): Promise<number> {
  let release!: () => void;
  const switched = new Promise<void>((resolve) => (release = resolve));
  const handled: Promise<void>[] = [];
  const holdDecision = (route: Route) => {
    const operation = operationOf(route.request());
    const held = operation === 'MatchingDecide' || operation === 'MatchingSkipProduct' ? switched : Promise.resolve();
    const done = held.then(() => route.continue());
    handled.push(done);
    return done;
  };
  await page.route('**/graphql', holdDecision);
  try {
    return await timeSwitch(page, key, expectedName);
  } finally {
    release();
    await Promise.all(handled);
    await page.unroute('**/graphql', holdDecision);
  }
}

async function timeSwitch(page: Page, key: string, expectedName: string): Promise<number> {
  await page.evaluate((expected) => {
    const state = window as unknown as { __switch?: Promise<number> };
    state.__switch = new Promise<number>((resolve) => {
      let pressedAt = 0;
      document.addEventListener('keydown', () => (pressedAt = performance.now()), { capture: true, once: true });
      const title = () => document.querySelector('main h1')?.textContent ?? '';
      const observer = new MutationObserver(() => {
        if (!pressedAt || title() !== expected) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - pressedAt));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, expectedName);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as { __switch: Promise<number> }).__switch);
}

test.describe.configure({ mode: 'serial' });

let website: { id: string; name: string };
let startedAt: string;

test.beforeAll(async () => {
  website = await secondNorthwindWebsite();
  startedAt = new Date(Date.now() - 1000).toISOString();
});

test.afterAll(async () => {
  if (website) await revertDecisionsSince(owner, website.id, startedAt);
});

test('a reviewer works ten products with the keyboard alone, undoes one, and the log and Home follow', async ({
  page,
}) => {
  test.slow();
  await signIn(page, owner);
  const waitingBefore = await homeStatistic(page, website, 'Waiting to match');
  const matchedBefore = await homeStatistic(page, website, 'Matched');

  await page.goto(`/product-matching?owid=${website.id}`);
  await startMatching(page);

  const worked: string[] = [];
  const switches: number[] = [];
  let pairsDecided = 0;
  let matches = 0;
  const keys = ['n', 'm', 's'];
  for (let product = 0; product < 10; product += 1) {
    await expect(waitingPairs(page).first()).toBeVisible();
    const name = (await heading(page).innerText()).trim();
    worked.push(name);
    pairsDecided += await waitingPairs(page).count();
    // The last product ends with "never match" on one pair, so undoing it restores exactly that pair.
    const key = product === 9 ? 'n' : keys[product % keys.length]!;
    // Decide until one pair is left (never match: one pair at a time), then time the deciding key.
    while ((await waitingPairs(page).count()) > 1) {
      const before = await waitingPairs(page).count();
      await page.keyboard.press('n');
      await expect(waitingPairs(page)).toHaveCount(before - 1);
    }
    // The next product is prefetched (claimed and read) and rendered ahead out of sight: from here the deciding key must show it at once.
    const next = page.getByText(/^Next: /);
    await expect(next).toBeVisible();
    const nextName = (await next.innerText()).replace(/^Next: /, '');
    await expect(page.getByRole('region', { name: nextName, includeHidden: true })).toBeAttached();
    if (key === 'm') matches += 1;
    switches.push(await pressAndTimeSwitch(page, key, nextName));
    await expect(heading(page)).toHaveText(nextName);
  }
  // Every switch happened with its decision still held back (above); how fast it drew is a frame
  // figure that a loaded machine can stretch once, so the budget holds for the median of the ten.
  const median = [...switches].sort((a, b) => a - b)[Math.floor(switches.length / 2)]!;
  console.log(
    `next product shown after the deciding key (ms): ${switches.map((ms) => ms.toFixed(1)).join(', ')}; median ${median.toFixed(1)}`,
  );
  expect(median).toBeLessThanOrEqual(SWITCH_BUDGET_MS);
  await expect(page.getByText(/^Saving \d+ decision/)).toHaveCount(0);

  // Undo: the tenth product comes back with its pair waiting again.
  await page.keyboard.press('u');
  await expect(heading(page)).toHaveText(worked[9]!);
  await expect(page.getByText(`Your last decision on “${worked[9]}” was undone.`)).toBeVisible();
  await expect(waitingPairs(page)).toHaveCount(1);
  await leaveProductPage(page);

  // The log (my decisions) shows every product worked, and the undo.
  await page.goto(`/product-matching/activity-log?owid=${website.id}&actor=me`);
  const rows = page.getByRole('row');
  for (const name of worked) await expect(rows.filter({ hasText: name }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Revert · undo' }).first()).toBeVisible();
  await expect(
    rows
      .filter({ hasText: worked[9]! })
      .filter({ hasText: 'Never match · matching queue' })
      .filter({ hasText: 'Reverted' })
      .first(),
  ).toBeVisible();
  // ... and its CSV export (the same filter) has them too.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('decided_at');
  for (const name of worked) expect(csv).toContain(name);

  // Home: every pair of the ten products left "waiting to match", but the one undone.
  expect(await homeStatistic(page, website, 'Waiting to match')).toBe(waitingBefore - pairsDecided + 1);
  expect(await homeStatistic(page, website, 'Matched')).toBe(matchedBefore + matches);
});

test("a User's match waits for confirmation, and an Owner confirms the pairs in bulk", async ({ browser }) => {
  test.slow();
  const user = await newSignedInPage(browser, reviewerUser);
  await user.goto(`/match-confirmation?owid=${website.id}`);
  const waitingText = user.getByText(/pairs? waits? for confirmation$/);
  await expect(waitingText).toBeVisible();
  const waitingBefore = Number((await waitingText.innerText()).replace(/\D/g, ''));

  // The User matches the best candidate of three products (each finished by the match).
  await user.goto(`/product-matching?owid=${website.id}`);
  await startMatching(user);
  const matched: { name: string; competitor: string }[] = [];
  while (matched.length < 3) {
    await expect(waitingPairs(user).first()).toBeVisible();
    const name = (await heading(user).innerText()).trim();
    // Only products whose pairs all wait at one competitor end with one match.
    const groups = user
      .getByRole('listbox')
      .filter({ has: user.getByRole('option').filter({ hasText: 'Waiting to match' }) });
    if ((await groups.count()) !== 1) {
      await user.keyboard.press('ArrowRight');
      await expect(heading(user)).not.toHaveText(name);
      continue;
    }
    const competitor = (await groups.getAttribute('aria-label'))!.replace(/^Candidates at /, '');
    await groups.getByRole('option').filter({ hasText: 'Waiting to match' }).first().click();
    await user.keyboard.press('m');
    await expect(heading(user)).not.toHaveText(name);
    matched.push({ name, competitor });
  }
  await expect(user.getByText(/^Saving \d+ decision/)).toHaveCount(0);
  await leaveProductPage(user);

  // It waits for confirmation (the newest pairs, on the queue's last page): the User sees it there, without the Owner's buttons.
  const waiting = waitingBefore + 3;
  const lastPage = `/match-confirmation?owid=${website.id}&page=${Math.ceil(waiting / 100)}`;
  const rowOf = (page: Page, pair: { name: string; competitor: string }) =>
    page.getByRole('row').filter({ hasText: pair.name }).filter({ hasText: pair.competitor });
  await user.goto(lastPage);
  await expect(waitingText).toHaveText(`${waiting} pairs wait for confirmation`);
  for (const pair of matched) await expect(rowOf(user, pair)).toBeVisible();
  await expect(user.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
  // ... and its product's page shows the pair as waiting to confirm.
  await user.goto(`/product-matching/activity-log?owid=${website.id}&actor=me`);
  await user.getByRole('link', { name: matched[0]!.name }).first().click();
  await expect(heading(user)).toHaveText(matched[0]!.name);
  await expect(
    user
      .getByRole('listbox', { name: `Candidates at ${matched[0]!.competitor}` })
      .getByRole('option')
      .filter({ hasText: 'Waiting to confirm' }),
  ).toHaveCount(1);
  await leaveProductPage(user);

  // The Owner selects two pairs and confirms them at once with the button, then the third with its key (C).
  const ownerPage = await newSignedInPage(browser, owner);
  await ownerPage.goto(lastPage);
  const select = (pair: { name: string; competitor: string }) =>
    ownerPage.getByRole('checkbox', { name: `Select ${pair.name} at ${pair.competitor}` }).check();
  for (const pair of matched.slice(0, 2)) await select(pair);
  await ownerPage.getByRole('button', { name: /^Confirm 2 selected/ }).click();
  await expect(ownerPage.getByText('2 pairs confirmed')).toBeVisible();
  for (const pair of matched.slice(0, 2)) await expect(rowOf(ownerPage, pair)).toHaveCount(0);
  await select(matched[2]!);
  await expect(ownerPage.getByRole('button', { name: /^Confirm 1 selected/ })).toBeVisible();
  await ownerPage.keyboard.press('c');
  await expect(ownerPage.getByText('1 pair confirmed')).toBeVisible();
  await expect(rowOf(ownerPage, matched[2]!)).toHaveCount(0);
  await expect(ownerPage.getByText(/pairs? waits? for confirmation$/)).toHaveText(
    new RegExp(`^${waitingBefore} pairs? waits? for confirmation$`),
  );

  // The log shows the Owner's confirmations.
  await ownerPage.goto(`/product-matching/activity-log?owid=${website.id}&actor=me&event=CONFIRM`);
  for (const pair of matched) {
    await expect(
      ownerPage.getByRole('row').filter({ hasText: pair.name }).filter({ hasText: 'Confirm · confirmation queue' }),
    ).toBeVisible();
  }
});

test("another reviewer's product shows who holds it, and nothing can be decided there", async ({ browser }) => {
  const ownerPage = await newSignedInPage(browser, owner);
  await ownerPage.goto(`/product-matching?owid=${website.id}`);
  await startMatching(ownerPage);
  const name = (await heading(ownerPage).innerText()).trim();

  const user = await newSignedInPage(browser, reviewerUser);
  await user.goto(ownerPage.url().replace(E2E_WEB_URL, ''));
  await expect(heading(user)).toHaveText(name);
  await expect(
    user.getByText(`${owner.email} is working on this product: you can look, but not decide.`),
  ).toBeVisible();
  await expect(user.getByRole('button', { name: 'Match', exact: true })).toBeDisabled();
  await user.keyboard.press('m');
  await expect(user.getByText(`${owner.email} is working on this product: your decision was not sent.`)).toBeVisible();
  await expect(waitingPairs(user).first()).toBeVisible();
  await leaveProductPage(ownerPage);
});

test('a decision taken on stale data is refused with its reason, and the product is shown again as it is now', async ({
  browser,
}) => {
  // The same reviewer in two windows: both hold the lease, the second still shows the old pair.
  const first = await newSignedInPage(browser, owner);
  await first.goto(`/product-matching?owid=${website.id}`);
  await startMatching(first);
  const name = (await heading(first).innerText()).trim();
  const second = await newSignedInPage(browser, owner);
  await second.goto(first.url().replace(E2E_WEB_URL, ''));
  await expect(heading(second)).toHaveText(name);
  await expect(waitingPairs(second).first()).toBeVisible();
  const pairs = await waitingPairs(second).count();

  await first.keyboard.press('n');
  await expect(first.getByText(/^Saving \d+ decision/)).toHaveCount(0);
  await second.keyboard.press('n');
  await expect(
    second.getByText(
      'This product changed since you opened it (someone else decided on it): your decision was not applied. The product has been reloaded; decide again.',
    ),
  ).toBeVisible();
  await expect(heading(second)).toHaveText(name);
  await expect(waitingPairs(second)).toHaveCount(pairs - 1);
  await expect(second.getByRole('option').filter({ hasText: 'Never match' }).first()).toBeVisible();
  await leaveProductPage(second);
  await leaveProductPage(first);
});

test('the page asks before it is left while a decision is being saved, and a reload afterwards shows it saved', async ({
  page,
}) => {
  await signIn(page, owner);
  await page.goto(`/product-matching?owid=${website.id}`);
  await startMatching(page);
  const name = (await heading(page).innerText()).trim();
  const pairs = await waitingPairs(page).count();
  test.skip(pairs < 2, 'the product needs a second waiting pair, so the decision keeps it on screen');

  // The decision is held back on its way to the server, so it stays unsaved.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holdDecision = (route: Route) =>
    operationOf(route.request()) === 'MatchingDecide' ? released.then(() => route.continue()) : route.continue();
  await page.route('**/graphql', holdDecision);
  await page.keyboard.press('n');
  await expect(page.getByText('Saving 1 decision…')).toBeVisible();

  // A reload: the browser asks; staying keeps the page as it is (the same document: the mark set
  // on it now is still there). The reload is started by a script of the page (location.reload()),
  // so the question and its answer stay inside the document. The automation's own reload command
  // twice went ahead in full CI runs although its dialog had been dismissed (the page loaded
  // afresh); it did not happen in about 20 runs of this test alone, loaded or not, nor in a bare page
  // with the same handler, so it is not the console's answer that let it through.
  await page.evaluate(() => {
    (window as { stayedOn?: boolean }).stayedOn = true;
  });
  const beforeUnload = page.waitForEvent('dialog');
  await page.evaluate(() => {
    setTimeout(() => window.location.reload(), 0);
  });
  const asked = await beforeUnload;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(page.getByText('Saving 1 decision…')).toBeVisible();
  await expect(heading(page)).toHaveText(name);
  expect(await page.evaluate(() => (window as { stayedOn?: boolean }).stayedOn)).toBe(true);

  // A link inside the console: the page asks in its own words; staying keeps it.
  const confirm = page.waitForEvent('dialog');
  const clicking = page.getByRole('link', { name: 'Back to the queue' }).click();
  const question = await confirm;
  expect(question.type()).toBe('confirm');
  expect(question.message()).toBe('Decisions are still being saved. Leave now and they may be lost — leave anyway?');
  await question.dismiss();
  await clicking;
  await expect(heading(page)).toHaveText(name);
  await expect(page).toHaveURL(/\/product-matching\/[0-9a-f-]{36}/);

  // Once the decision is saved, nothing is asked and a reload shows it.
  release();
  await expect(page.getByText('Saving 1 decision…')).toHaveCount(0);
  await page.unroute('**/graphql', holdDecision);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.reload();
  await expect(heading(page)).toHaveText(name);
  await expect(waitingPairs(page)).toHaveCount(pairs - 1);
  await expect(page.getByRole('option').filter({ hasText: 'Never match' }).first()).toBeVisible();
  expect(dialogs).toEqual([]);
  await leaveProductPage(page);
});

test("a manual search of a competitor's catalogue pairs the product with a product that was not a candidate", async ({
  page,
}) => {
  await signIn(page, owner);
  await page.goto(`/product-matching?owid=${website.id}`);
  await startMatching(page);
  const name = (await heading(page).innerText()).trim();
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: `Search a competitor for “${name}”` });
  await expect(dialog.getByRole('searchbox', { name: 'EAN or name words' })).toBeFocused();
  await page.keyboard.press('Enter');
  // A hit that is not paired with the product yet (it carries no status tag): matched from the search.
  const hit = dialog
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') })
    .filter({ hasNot: page.locator('[data-enum]') })
    .first();
  await expect(hit).toBeVisible();
  const hitName = (await hit.getByRole('heading').innerText()).trim();
  await hit.getByRole('button', { name: 'Match', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Saving \d+ decision/)).toHaveCount(0);
  await leaveProductPage(page);

  await page.goto(`/product-matching/activity-log?owid=${website.id}&actor=me&source=SEARCH`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: name })
      .filter({ hasText: hitName })
      .filter({ hasText: 'Match · manual search' }),
  ).toBeVisible();
});

test('a pair marked never match stays so through two feed re-imports of the product and the matching runs after them', async ({
  page,
}) => {
  test.slow();
  await signIn(page, owner);
  await page.goto(`/product-matching?owid=${website.id}`);
  await startMatching(page);
  const productId = /\/product-matching\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const pairsOf = async () => {
    const data = await graphql<{
      matchingProduct: {
        product: ProductRow;
        competitors: {
          pairs: { id: string; status: string; version: number; competitorProduct: { id: string; name: string } }[];
        }[];
      };
    }>(
      owner,
      `query($id: ID!) { matchingProduct(productId: $id) { product { itemId name brand ean mpn category price currency }
         competitors { pairs { id status version competitorProduct { id name } } } } }`,
      { id: productId },
    );
    return { product: data.matchingProduct.product, pairs: data.matchingProduct.competitors.flatMap((c) => c.pairs) };
  };
  const before = await pairsOf();

  // Never match on the first pair, by its key.
  const waiting = await waitingPairs(page).count();
  await page.keyboard.press('n');
  if (waiting > 1) await expect(waitingPairs(page)).toHaveCount(waiting - 1);
  await expect(page.getByText(/^Saving \d+ decision/)).toHaveCount(0);
  // (Earlier tests of this file may have left other pairs of the product never matched.)
  const neverBefore = new Set(before.pairs.filter((pair) => pair.status === 'NEVER_MATCH').map((pair) => pair.id));
  const newlyNever = async () =>
    (await pairsOf()).pairs.filter((pair) => pair.status === 'NEVER_MATCH' && !neverBefore.has(pair.id));
  await expect.poll(async () => (await newlyNever()).length).toBe(1);
  const never = (await newlyNever())[0]!;
  expect(before.pairs.find((pair) => pair.id === never.id)!.status).toBe('WAITING');
  const neverDecision = (await pairDecisions(productId, never.id))[0];
  expect(neverDecision).toMatchObject({ event: 'NEVER_MATCH' });
  await leaveProductPage(page);

  // The shop's feed lists the product: imported once renamed (its matching keys change, so the
  // run after the import matches it again), then once more as it was.
  const feed = await graphql<{ productFeedCreate: { id: string } }>(
    owner,
    'mutation($input: ProductFeedCreateInput!) { productFeedCreate(input: $input) { id } }',
    {
      input: {
        organizationWebsiteId: website.id,
        name: 'E2E re-import',
        source: 'UPLOAD',
        format: 'CSV',
        csvDelimiter: ',',
        columnMapping: FEED_COLUMNS.map(([field, column]) => ({ field, column })),
      },
    },
  );
  try {
    const { product } = before;
    for (const name of [`${product.name} (2026)`, product.name]) {
      const importedAt = Date.now();
      const run = await uploadFeed(feed.productFeedCreate.id, feedCsv({ ...product, name }));
      expect(run).toMatchObject({ status: 'SUCCEEDED', rowsImported: 1, rowsRejected: 0 });
      await matchingRunAfter(importedAt);
      const after = await pairsOf();
      expect(after.product.name).toBe(name);
      expect(after.pairs.find((pair) => pair.id === never.id)).toEqual(never);
      // Never proposed again: still the one pair of the product with that competitor product.
      expect(after.pairs.filter((pair) => pair.competitorProduct.id === never.competitorProduct.id)).toEqual([never]);
    }
  } finally {
    await graphql(owner, 'mutation($id: ID!) { productFeedDelete(productFeedId: $id) { id } }', {
      id: feed.productFeedCreate.id,
    });
  }

  // The product's page shows the pair as never matched.
  await page.goto(`/product-matching/${productId}?owid=${website.id}`);
  await expect(heading(page)).toHaveText(before.product.name);
  // (Another competitor may list a product of the same name, never matched by an earlier test.)
  await expect(
    page
      .getByRole('option')
      .filter({ hasText: never.competitorProduct.name })
      .filter({ hasText: 'Never match' })
      .first(),
  ).toBeVisible();
  await leaveProductPage(page);
  // Nothing was decided on the pair since (an earlier test may have decided it before).
  expect((await pairDecisions(productId, never.id))[0]).toEqual(neverDecision);
});

/** The decisions on one pair of a product, newest first (the product's timeline). */
async function pairDecisions(productId: string, matchId: string) {
  const data = await graphql<{ matchingProductTimeline: { id: string; event: string; matchId: string }[] }>(
    owner,
    'query($id: ID!) { matchingProductTimeline(productId: $id) { id event matchId } }',
    { id: productId },
  );
  return data.matchingProductTimeline.filter((decision) => decision.matchId === matchId);
}

interface ProductRow {
  itemId: string;
  name: string;
  brand: string | null;
  ean: string | null;
  mpn: string | null;
  category: string | null;
  price: number | null;
  currency: string;
}

/** The re-import feed's columns: each feed field and the CSV column it is read from. */
const FEED_COLUMNS = [
  ['ID', 'id'],
  ['NAME', 'name'],
  ['BRAND', 'brand'],
  ['GTIN', 'gtin'],
  ['MPN', 'mpn'],
  ['CATEGORY', 'category'],
  ['PRICE', 'price'],
  ['CURRENCY', 'currency'],
] as const;

/** A CSV feed of one product, in FEED_COLUMNS. */
function feedCsv(product: ProductRow): string {
  const cell = (value: string | number | null) => `"${String(value ?? '').replace(/"/g, '""')}"`;
  const values = [
    product.itemId,
    product.name,
    product.brand,
    product.ean,
    product.mpn,
    product.category,
    product.price,
    product.currency,
  ];
  return `${FEED_COLUMNS.map(([, column]) => column).join(',')}\n${values.map(cell).join(',')}\n`;
}

/** Uploads a file to a feed through the worker, as the feed's page does, and answers the finished run. */
async function uploadFeed(feedId: string, csv: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${E2E_WEB_URL}/feeds/${feedId}/upload?fileName=reimport.csv`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${await idToken(owner)}` },
    body: csv,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { run: Record<string, unknown> }).run;
}

/** Waits until the website's matching runs started since `since` (the import's) have all finished, and answers them. */
async function matchingRunAfter(since: number) {
  let runs: { trigger: string; status: string; createdAt: string }[] = [];
  await expect
    .poll(
      async () => {
        const data = await graphql<{ matchingRunList: { data: typeof runs } }>(
          owner,
          'query($w: ID!) { matchingRunList(organizationWebsiteId: $w, limit: 10, offset: 0) { data { trigger status createdAt } } }',
          { w: website.id },
        );
        runs = data.matchingRunList.data.filter((run) => Date.parse(run.createdAt) >= since - 1000);
        return runs.length > 0 && runs.every((run) => run.status === 'SUCCEEDED' || run.status === 'FAILED');
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(runs.map((run) => `${run.trigger} ${run.status}`)).toContain('CHANGES SUCCEEDED');
  return runs;
}
