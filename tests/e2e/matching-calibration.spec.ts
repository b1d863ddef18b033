import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS, type DemoUser } from '../../api/src/seed/demo-users.ts';
import { E2E_PORTS, E2E_WEB_URL } from './stack-ports.ts';
import { closeOpenedPages, signIn as signInWithForm } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

/**
 * Calibrated automatic matching end to end (docs/matching.md): an Owner decides pairs in the
 * matching queue, a retrain of the organization's model runs on the job worker (too few decisions
 * yet: the current model stays, and says so), and the competitor's page shows the new estimate:
 * as many fewer decisions still needed as were taken. Works on northwind's second demo website,
 * as the matching spec does, and reverts its decisions through the log afterwards.
 *
 * Not yet seen passing (fixme): on the loaded machine its first run read the competitor's page
 * (the "more decisions needed" figure) but did not find the queue's "Start matching" within
 * 15 s, and the next two runs' stacks did not start (the Auth emulator timed out). Run it on a
 * quiet machine and drop the fixme once it passes.
 */

const owner = DEMO_USERS.find((user) => user.roles.includes('Owner'))!;

async function idToken(user: DemoUser): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

async function graphql<T>(user: DemoUser, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${E2E_WEB_URL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await idToken(user)}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`request failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function revertDecisionsSince(websiteId: string, since: string) {
  for (let round = 0; round < 20; round += 1) {
    const data = await graphql<{
      matchingLog: { data: { id: string; revertable: boolean; reverts: string | null }[] };
    }>(
      owner,
      'query($w: ID!, $from: String!) { matchingLog(organizationWebsiteId: $w, filter: { from: $from }, limit: 500, offset: 0) { data { id revertable reverts } } }',
      { w: websiteId, from: since },
    );
    const next = data.matchingLog.data.find((decision) => decision.revertable && !decision.reverts);
    if (!next) return;
    await graphql(owner, 'mutation($input: MatchingRevertInput!) { matchingRevert(input: $input) { replayed } }', {
      input: { decisionId: next.id, idempotencyKey: `e2e-calibration-cleanup-${next.id}` },
    });
  }
}

const waitingPairs = (page: Page) => page.getByRole('option').filter({ hasText: 'Waiting to match' });

/** "... 38 more decisions are needed ..." on the competitor's page: the number. */
async function decisionsNeeded(page: Page, competitorId: string): Promise<number> {
  await page.goto(`/competitors/${competitorId}`);
  const text = await page.getByTestId('matching-calibration').innerText({ timeout: 30_000 });
  const found = /(\d+) more decisions? (are|is) needed/.exec(text);
  if (!found) throw new Error(`no "more decisions needed" on the competitor's page: ${text}`);
  return Number(found[1]);
}

test.fixme('an Owner decides pairs, a retrain runs, and the competitor page shows the new estimate', async ({
  page,
}) => {
  test.slow();
  const since = new Date().toISOString();
  const sites = await graphql<{ organizationWebsiteList: { data: { id: string; organization: { id: string } }[] } }>(
    owner,
    'query { organizationWebsiteList(limit: 2, offset: 0) { data { id organization { id } } } }',
  );
  const website = sites.organizationWebsiteList.data[1]!;
  const organizationId = website.organization.id;
  const competitors = await graphql<{ competitorList: { data: { id: string; name: string }[] } }>(
    owner,
    'query($w: ID!) { competitorList(organizationWebsiteId: $w, limit: 50, offset: 0) { data { id name } } }',
    { w: website.id },
  );
  const competitor = competitors.competitorList.data[0]!;
  try {
    await signInWithForm(page, owner.email);
    const before = await decisionsNeeded(page, competitor.id);
    expect(before).toBeGreaterThan(3);

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

    // A retrain of the organization's model on the job worker: too few decisions, the model stays.
    await graphql(owner, 'mutation($o: ID!) { matchingRetrainStart(organizationId: $o) }', { o: organizationId });
    await expect
      .poll(
        async () =>
          (
            await graphql<{
              matchingModel: {
                activeVersion: string;
                retrains: { outcome: string; message: string; finishedAt: string }[];
              };
            }>(
              owner,
              'query($o: ID!) { matchingModel(organizationId: $o) { activeVersion retrains { outcome message finishedAt } } }',
              { o: organizationId },
            )
          ).matchingModel.retrains.find((r) => r.finishedAt >= since)?.outcome,
        { timeout: 60_000 },
      )
      .toBe('TOO_FEW_LABELS');

    // The competitor's page: three fewer decisions needed.
    expect(await decisionsNeeded(page, competitor.id)).toBe(before - 3);
  } finally {
    await revertDecisionsSince(website.id, since);
  }
});
