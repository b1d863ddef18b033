import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { graphql, revertDecisionsSince } from './support/api.ts';
import { closeOpenedPages, signIn as signInWithForm } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

/**
 * Calibrated automatic matching end to end (docs/matching.md), on northwind's second demo website
 * (as the matching spec), its decisions reverted through the log afterwards:
 * - an Owner decides pairs in the matching queue, starts a retrain of the organization's model
 *   from the console's matching model panel (too few decided lists yet: the job worker keeps the
 *   current model and the panel says why), and the competitor's page shows the new estimate. The
 *   demo's decisions (the demo Owner's on the first website, api/src/seed/matching-demo.ts) give
 *   this website's competitors an estimate from the organization's decisions; the test takes 3
 *   more and reads the estimate resting on 3 more (the threshold itself is tested on synthetic
 *   decisions in api/test/matching-calibration.test.ts).
 * - an Admin sets the target precision at the competitor and for the organization, a value out
 *   of range refused in the form; the competitor's page states the target it calibrates for.
 * Every wait is on what the user sees (or on the API for the cleanup), never a fixed sleep.
 */

const owner = DEMO_USERS.find((user) => user.roles.includes('Owner'))!;
const admin = DEMO_USERS.find((user) => user.roles.includes('Admin'))!;

/** The decisions in the website's matching log since then. */
async function decisionsSince(websiteId: string, since: string): Promise<number> {
  const data = await graphql<{ matchingLog: { data: unknown[] } }>(
    owner,
    'query($w: ID!, $from: String!) { matchingLog(organizationWebsiteId: $w, filter: { from: $from }, limit: 500, offset: 0) { data { id } } }',
    { w: websiteId, from: since },
  );
  return data.matchingLog.data.length;
}

/** How many retrains the organization has had (the panel lists the latest five). */
async function modelOf(organizationId: string): Promise<number> {
  const data = await graphql<{ matchingModel: { retrains: unknown[] } }>(
    owner,
    'query($o: ID!) { matchingModel(organizationId: $o) { retrains { id } } }',
    { o: organizationId },
  );
  return data.matchingModel.retrains.length;
}

/** northwind's second demo website, its organization and first competitor. */
async function secondWebsite() {
  const sites = await graphql<{ organizationWebsiteList: { data: { id: string; organization: { id: string } }[] } }>(
    owner,
    'query { organizationWebsiteList(limit: 2, offset: 0) { data { id organization { id } } } }',
  );
  const website = sites.organizationWebsiteList.data[1]!;
  const competitors = await graphql<{ competitorList: { data: { id: string; name: string }[] } }>(
    owner,
    'query($w: ID!) { competitorList(organizationWebsiteId: $w, limit: 50, offset: 0) { data { id name } } }',
    { w: website.id },
  );
  return { website, organizationId: website.organization.id, competitor: competitors.competitorList.data[0]! };
}

const waitingPairs = (page: Page) => page.getByRole('option').filter({ hasText: 'Waiting to match' });

/**
 * The competitor page's automatic matching: its sentences and the decisions they rest on ("...; 60
 * decisions behind this estimate.", "... over the 63 decisions so far.", "... (12 so far).").
 */
async function estimate(page: Page, competitorId: string): Promise<{ text: string; decisions: number }> {
  await page.goto(`/competitors/${competitorId}`);
  const text = await page.getByTestId('matching-calibration').innerText({ timeout: 30_000 });
  const found = /(\d+) decisions? behind this estimate|over the (\d+) decisions? so far|\((\d+) so far\)/.exec(text);
  if (!found) throw new Error(`no decision count on the competitor's page: ${text}`);
  return { text, decisions: Number(found[1] ?? found[2] ?? found[3]) };
}

test('an Owner decides pairs, retrains the model from the console, and the competitor page shows the new estimate', async ({
  page,
}) => {
  test.slow();
  const since = new Date().toISOString();
  const { website, organizationId, competitor } = await secondWebsite();
  try {
    await signInWithForm(page, owner.email);
    // The demo's decisions: an estimate from the organization's, before this website has any.
    const before = await estimate(page, competitor.id);
    expect(before.text).toMatch(
      /Automatic matching at [\d.]+ estimated precision covers \d+% of pairs, for the target precision 0\.99; \d+ decisions behind this estimate\./,
    );
    expect(before.text).toContain("Estimated from the organization's decisions: this competitor has 0 of its own.");
    expect(before.decisions).toBeGreaterThanOrEqual(50);

    // Three "never match" decisions in the queue, with the keyboard.
    await page.goto(`/product-matching?owid=${website.id}`);
    await expect(page.getByTestId('matching-runs')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'Start matching' })).toBeEnabled({ timeout: 45_000 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product-matching\/[0-9a-f-]{36}/);
    for (let decided = 0; decided < 3; decided += 1) {
      await expect(waitingPairs(page).first()).toBeVisible();
      const count = await waitingPairs(page).count();
      await page.keyboard.press('n');
      if (count > 1) await expect(waitingPairs(page)).toHaveCount(count - 1);
      else await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('', { timeout: 10_000 });
    }
    // Decisions are sent in the background ("Saving 1 decision…"): leave once all are saved, as
    // a person would (a page load while one was on its way lost it: 2 of 3 counted, one run in 3).
    await expect(page.getByText(/^Saving \d+ decisions?…$/)).toHaveCount(0, { timeout: 30_000 });
    expect(await decisionsSince(website.id, since)).toBe(3);

    // A retrain of the organization's model from the queue's model panel: too few decided lists,
    // the job worker keeps the shipped model and the panel says why.
    await page.goto(`/product-matching?owid=${website.id}`);
    const panel = page.getByTestId('matching-model');
    // The shipped model (default-N) until a retrain trains the organization's own.
    await expect(panel.getByTestId('matching-model-active')).toHaveText(/^default-\d+$/, { timeout: 45_000 });
    const activeVersion = await panel.getByTestId('matching-model-active').innerText();
    const retrainsBefore = await modelOf(organizationId);
    await panel.getByRole('button', { name: 'Retrain now' }).click();
    await expect(page.getByText('The retrain is queued; its outcome shows below.')).toBeVisible();
    // The panel polls while the retrain waits: the new outcome appears at the top of the list.
    await expect(panel.getByTestId('matching-retrain')).toHaveCount(Math.min(5, retrainsBefore + 1), {
      timeout: 90_000,
    });
    await expect(panel.getByTestId('matching-retrain-queued')).toBeHidden({ timeout: 90_000 });
    const latest = panel.getByTestId('matching-retrain').first();
    await expect(latest).toHaveAttribute('data-outcome', 'TOO_FEW_LABELS');
    await expect(latest).toContainText('Too few decided lists to retrain');
    await expect(latest).toContainText('the current model stays');
    await expect(panel.getByTestId('matching-model-active')).toHaveText(activeVersion);

    // The competitor's page: the estimate rests on the three decisions more.
    expect((await estimate(page, competitor.id)).decisions).toBe(before.decisions + 3);
  } finally {
    await revertDecisionsSince(owner, website.id, since);
  }
});

test('an Admin sets the target precision at a competitor and for its organization; a value out of range is refused', async ({
  page,
}) => {
  test.slow();
  const { website, organizationId, competitor } = await secondWebsite();
  try {
    await signInWithForm(page, admin.email);
    await page.goto(`/competitors/${competitor.id}`);
    const calibration = page.getByTestId('matching-calibration');
    await expect(calibration).toContainText('for the target precision 0.99', { timeout: 30_000 });

    // At the competitor: out of range refused in the form, nothing sent; then 0.95; then cleared.
    const form = page.getByTestId('competitor-target-precision');
    const field = form.getByRole('spinbutton', { name: 'Target precision of automatic matching at this competitor' });
    await expect(form).toContainText("Not set: the organization's applies (0.99).");
    await field.fill('0.4');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toContainText('The target precision must be greater than 0.5 and at most 1');
    await expect(calibration).toContainText('for the target precision 0.99');
    await field.fill('0.95');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(calibration).toContainText('for the target precision 0.95');
    await expect(form).not.toContainText('must be greater than 0.5');
    await form.getByRole('button', { name: "Use the organization's" }).click();
    await expect(calibration).toContainText('for the target precision 0.99');
    await expect(form).toContainText("Not set: the organization's applies (0.99).");

    // For the organization, in the matching queue's model panel: the competitor inherits it.
    await page.goto(`/product-matching?owid=${website.id}`);
    const organizationForm = page.getByTestId('organization-target-precision');
    await expect(organizationForm).toContainText('Not set: the default applies (0.99).', { timeout: 45_000 });
    await organizationForm
      .getByRole('spinbutton', { name: 'Target precision of automatic matching for the organization' })
      .fill('0.97');
    await organizationForm.getByRole('button', { name: 'Save' }).click();
    await expect(organizationForm.getByRole('button', { name: 'Use the default' })).toBeVisible();
    await page.goto(`/competitors/${competitor.id}`);
    await expect(calibration).toContainText('for the target precision 0.97', { timeout: 30_000 });
    await expect(form).toContainText("Not set: the organization's applies (0.97).");
  } finally {
    await graphql(
      admin,
      'mutation($c: ID!) { competitorMatchingTargetPrecisionSet(competitorId: $c, targetPrecision: null) { targetPrecision } }',
      {
        c: competitor.id,
      },
    );
    await graphql(
      admin,
      'mutation($o: ID!) { organizationMatchingTargetPrecisionSet(organizationId: $o, targetPrecision: null) }',
      {
        o: organizationId,
      },
    );
  }
});

test('an Owner starts a matching run for one competitor, watches it and reads its outcome', async ({ page }) => {
  test.slow();
  const since = new Date().toISOString();
  const { website } = await secondWebsite();
  try {
    await signInWithForm(page, owner.email);
    await page.goto(`/product-matching?owid=${website.id}`);
    const runs = page.getByTestId('matching-runs');
    const scope = runs.getByRole('combobox', { name: 'Competitors the run covers' });
    await expect(scope).toBeEnabled({ timeout: 45_000 });
    // The chosen value lies over the select's input: the click goes through it, as a person's would.
    await scope.click({ force: true });
    await page.getByTitle('Mall.cz', { exact: true }).last().click();
    await expect(runs.getByTitle('Mall.cz', { exact: true })).toBeVisible();
    await runs.getByRole('button', { name: 'Start a matching run' }).click();
    await expect(page.getByText('The matching run has started.')).toBeVisible();
    // The newest run first: the competitor's, polled until it ends, with what it did.
    const run = runs.getByTestId('matching-run').first();
    await expect(run).toContainText('Mall.cz');
    await expect(run).toContainText('Full run');
    await expect(run).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 120_000 });
    await expect(run.getByText('Finished', { exact: true })).toBeVisible();
    for (const outcome of ['Proposed', 'Matched automatically', 'Sent to confirmation'])
      await expect(run).toContainText(new RegExp(`${outcome}\\s*\\d+`));
    // Mall.cz matches in confirmation mode: nothing is matched automatically; the pairs above the
    // threshold the organization's decisions calibrate wait for a person's confirmation instead.
    await expect(run).toContainText(/Matched automatically\s*0/);
    await expect(run).toContainText(/Sent to confirmation\s*[1-9]/);
  } finally {
    // The matching spec works this website's queue as the demo left it.
    await revertDecisionsSince(owner, website.id, since);
  }
});
