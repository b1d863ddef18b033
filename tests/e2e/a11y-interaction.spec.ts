import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { auditOnRequest } from './support/a11y-gate.ts';
import { audit, type Finding, formatFindings } from './support/axe.ts';
import { setProfileLanguage } from './support/profile.ts';
import { signIn as signInWithForm } from './support/signIn.ts';

/**
 * Issue 20, what a route's first view does not show: dialogs open (and showing their errors),
 * the matching product page at work, the document's language, the sidebar at 1024 px, visible
 * focus, and the queue's shortcuts left alone while typing.
 */

const demoUser = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;

/** Signs in, patient with the first page of a fresh stack on a loaded machine. */
async function signIn(page: Page, email: string) {
  test.setTimeout(Math.max(test.info().timeout, 3 * 60_000));
  await signInWithForm(page, email).catch(async () => {
    await expect(page.getByRole('button', { name: /User menu/ })).toContainText(email, { timeout: 60_000 });
  });
}

/** The create dialogs, by the page and the button that opens them (a role without the button skips it). */
const DIALOGS = [
  { path: '/organizations', opener: 'New organization' },
  { path: '/users', opener: 'Invite user' },
  { path: '/websites', opener: 'New website' },
  { path: '/competitors', opener: 'Add competitor' },
  { path: '/product-feeds', opener: /^(New|Add) (product )?feed/ },
];

async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
    expect(inside, `focus left the dialog after ${i + 1} Tab presses`).toBe(true);
  }
}

auditOnRequest();

for (const role of ['Admin', 'Owner']) {
  test(`${role}: the create dialogs pass the audit open and with their errors, keep focus inside and give it back`, async ({
    page,
  }) => {
    test.setTimeout(5 * 60_000);
    await signIn(page, demoUser(role).email);
    const findings: Finding[] = [];
    let opened = 0;
    for (const { path, opener } of DIALOGS) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
      const button = page.getByRole('button', { name: opener });
      if (!(await button.isVisible().catch(() => false))) continue;
      await button.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      opened += 1;
      findings.push(...(await audit(page, `${role} dialog "${String(opener)}" on ${path}`)));
      // Submitted empty: the errors show, are announced (role="alert") and name the field.
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(dialog.getByRole('alert').first()).toBeVisible();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeAttached();
      findings.push(...(await audit(page, `${role} dialog "${String(opener)}" on ${path}, with errors`)));
      await expectFocusTrapped(page, dialog);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button, 'focus goes back to the button that opened the dialog').toBeFocused();
    }
    expect(opened, 'dialogs opened').toBeGreaterThan(0);
    expect(findings, formatFindings(findings)).toEqual([]);
  });
}

test('Owner: the matching product page passes the audit at work and with its search open; shortcuts are announced and leave typing alone', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  await signIn(page, demoUser('Owner').email);
  await page.goto('/product-matching');
  const start = page.getByRole('button', { name: 'Start matching' });
  await expect(start).toBeEnabled({ timeout: 30_000 });
  await expect(start).toHaveAttribute('aria-keyshortcuts', 'Enter Space');
  await start.click();
  await expect(page).toHaveURL(/\/product-matching\/[0-9a-f-]{36}/);
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  const findings = await audit(page, 'Owner productMatchingDetail');

  const match = page.getByRole('button', { name: /^Match/ });
  await expect(match).toHaveAttribute('aria-keyshortcuts', 'M');
  const search = page.getByRole('button', { name: /Search competitor's catalogue/ });
  await expect(search).toHaveAttribute('aria-keyshortcuts', '/');
  await search.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  findings.push(...(await audit(page, 'Owner productMatchingDetail, search dialog')));
  // Typing "m" and "n" in the search field types them; no decision is taken.
  const field = dialog.getByRole('searchbox').or(dialog.getByRole('textbox')).first();
  await field.focus();
  await page.keyboard.type('mns');
  await expect(field).toHaveValue('mns');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(search).toBeFocused();
  await expect(page.getByText(/Saving \d+ decision/)).toHaveCount(0);

  // Leave through the page (it releases the products it holds).
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page.getByRole('button', { name: 'Start matching' })).toBeVisible();
  expect(findings, formatFindings(findings)).toEqual([]);
});

test('the document language follows the chosen language', async ({ page }) => {
  const owner = demoUser('Owner');
  await signIn(page, owner.email);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  try {
    // The select's shown value lies over its input: the click goes to the select itself.
    await page.getByRole('combobox', { name: 'Language' }).click({ force: true });
    await page.getByRole('option', { name: 'Čeština' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  } finally {
    await setProfileLanguage(owner, 'en');
  }
});

test('at 1024 px the sidebar stays open and usable, the page does not scroll sideways, and focus is visible', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, demoUser('Owner').email);
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  const link = sidebar.getByRole('link', { name: 'Match confirmation queue' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/match-confirmation/);
  await expect(page.getByRole('heading', { name: 'Match confirmation queue' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  // The first Tab stops on the header's first link, drawn with a visible focus outline.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName,
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(outline.tag).not.toBe('BODY');
  expect(outline.outline || outline.shadow, 'the focused element shows a focus outline').toBe(true);
});
