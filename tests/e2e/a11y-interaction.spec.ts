import { expect, type Locator, type Page, test } from '@playwright/test';
import { appendFileSync } from 'node:fs';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { audit as auditPage, type Finding, formatFindings } from './support/axe.ts';
import { setProfileLanguage } from './support/profile.ts';
import { signIn as signInWithForm } from './support/signIn.ts';

/**
 * Issue 20, what a route's first view does not show: dialogs open (and showing their errors),
 * the matching product page at work, the document's language, the sidebar at 1024 px, visible
 * focus, and the queue's shortcuts left alone while typing.
 */

/** Audits what the page shows now; A11Y_REPORT=<file> appends each finding as a JSON line. */
async function audit(page: Page, where: string): Promise<Finding[]> {
  const findings = await auditPage(page, where);
  if (process.env.A11Y_REPORT && findings.length)
    appendFileSync(process.env.A11Y_REPORT, `${findings.map((finding) => JSON.stringify(finding)).join('\n')}\n`);
  return findings;
}

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
    const { stop, outlined } = await focusStop(page);
    expect(outlined, `no focus outline on ${stop} after ${i + 1} Tab presses`).toBe(true);
  }
}

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
    // Chosen with the keyboard, as a screen reader user would: the list's options for assistive
    // technology are the select's hidden helpers (a click on one waits for it to show, forever:
    // the test ran into its 3 min timeout), the active one named by aria-activedescendant.
    const select = page.getByRole('combobox', { name: 'Language' });
    await select.focus();
    await page.keyboard.press('ArrowDown');
    const czech = page.getByRole('option', { name: 'Čeština' });
    await expect(async () => {
      const active = await select.getAttribute('aria-activedescendant');
      const wanted = await czech.getAttribute('id', { timeout: 1_000 });
      if (active !== wanted) await page.keyboard.press('ArrowDown');
      expect(active).toBe(wanted);
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await expect(page.getByRole('navigation', { name: 'Hlavní navigace' })).toBeVisible();
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
  // The first Tab stops on a control of the shell, drawn with a visible focus outline.
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
  // On a page just opened, the first Tab stops on the skip link, shown while focused; Enter takes
  // the keyboard to the page (the main landmark), and the next Tab goes on inside it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Match confirmation queue', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the page' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const address = page.url();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(page.url(), 'the skip link leaves the address as it was').toBe(address);
  await page.keyboard.press('Tab');
  expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))).toBe(true);
});

/** The focused element as assistive technology names it (its role and name), and whether it shows a focus outline. */
async function focusStop(page: Page): Promise<{ stop: string; outlined: boolean }> {
  const focused = page.locator(':focus');
  if ((await focused.count()) === 0) return { stop: '(nothing: the page)', outlined: false };
  const [line = ''] = (await focused.ariaSnapshot()).split('\n');
  const keys = await focused.getAttribute('aria-keyshortcuts');
  // On the control, on the box drawn around it (a select's or a field's, up to five levels up), or on
  // the mark drawn beside a native radio button or checkbox.
  const outlined = await focused.evaluate((element) => {
    const boxes: (Element | null)[] = [element.nextElementSibling];
    for (let box: Element | null = element, level = 0; box && level < 6; box = box.parentElement, level += 1)
      boxes.push(box);
    return boxes.some((box) => {
      if (!box) return false;
      const style = getComputedStyle(box);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    });
  });
  return { stop: `${line.replace(/^- /, '').replace(/:$/, '')}${keys ? ` [keys: ${keys}]` : ''}`, outlined };
}

test('Owner: a keyboard walk of the matching queue reaches Start matching, moves with J, leaves typing alone and keeps focus after a decision', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await signIn(page, demoUser('Owner').email);
  await page.goto('/product-matching');
  const start = page.getByRole('button', { name: 'Start matching' });
  await expect(start).toBeEnabled({ timeout: 30_000 });
  const selectedRow = page.getByRole('row', { selected: true });
  await expect(selectedRow).toHaveCount(1);
  // The queue's controls by their names, for the issue's note (the table's rows left out).
  const snapshot = await page.getByRole('main').ariaSnapshot();
  console.log(
    `The queue's accessibility tree (rows left out):\n${snapshot
      .split('\n')
      .filter((line) => !/^\s+- (row|cell|rowgroup)\b/.test(line) && !/^\s{8,}/.test(line))
      .join('\n')}`,
  );

  // Tab from the top of the page to Start matching: every stop named and outlined.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const stops: string[] = [];
  for (let i = 0; i < 60 && !(await start.evaluate((element) => element === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
    const { stop, outlined } = await focusStop(page);
    stops.push(`${i + 1}. ${stop}${outlined ? '' : ' (NO FOCUS OUTLINE)'}`);
  }
  console.log(`Tab order to Start matching:\n${stops.join('\n')}`);
  await expect(start).toBeFocused();
  expect(stops.filter((stop) => stop.includes('NO FOCUS OUTLINE'))).toEqual([]);

  // J moves the queue's selection; typed in the Brand field it is text.
  await start.blur();
  const first = (await selectedRow.textContent()) ?? '';
  await page.keyboard.press('j');
  await expect(selectedRow).not.toHaveText(first);
  // ... and the row is read out, the keyboard staying where it was.
  const rowReadOut = page.getByRole('status').filter({ hasText: /^Product 2 of \d+: / });
  await expect(rowReadOut).toBeAttached();
  await expect(selectedRow).toContainText(((await rowReadOut.textContent()) ?? '').replace(/^Product 2 of \d+: /, ''));
  const second = (await selectedRow.textContent()) ?? '';
  const brand = page.getByRole('combobox', { name: 'Brand' });
  await brand.focus();
  await page.keyboard.type('jk');
  await expect(brand).toHaveValue('jk');
  await expect(selectedRow).toHaveText(second);
  await brand.fill('');
  await brand.blur();

  // Enter opens the selected product; where the keyboard is then, and after a decision taken with its button.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-matching\/[0-9a-f-]{36}/);
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  // The keyboard was nowhere (on the page): it goes to the new page's title, which a screen reader reads.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  const walk: string[] = [`product page opened: focus on ${(await focusStop(page)).stop}`];
  const product = await heading.innerText();
  await page.keyboard.press('j');
  // The choice is read out (the keyboard stays where it was): "Candidate 2 of 5: <name> at <competitor>".
  const readOut = page.getByRole('status').filter({ hasText: /^Candidate \d+ of \d+: / });
  await expect(readOut).toBeAttached();
  const [, name = ''] = /^Candidate \d+ of \d+: (.+) at [^:]+$/.exec((await readOut.textContent()) ?? '') ?? [];
  expect(name, 'the selected candidate read out by its name').not.toBe('');
  await expect(page.getByRole('option', { selected: true }).first()).toContainText(name);
  walk.push(`J: read out "${await readOut.textContent()}"`);
  const skip = page.getByRole('button', { name: /^Skip/ }).first();
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Saving \d+ decision/)).toHaveCount(0, { timeout: 30_000 });
  const after = await focusStop(page);
  walk.push(
    `Skip (Enter on its button): product ${(await heading.innerText()) === product ? 'unchanged' : 'changed to the next'}, focus on ${after.stop}`,
  );
  expect(after.stop, 'focus stays on a control after a decision').not.toBe('(nothing: the page)');
  await page.keyboard.press('u');
  await expect(page.getByText(/Saving \d+ decision/)).toHaveCount(0, { timeout: 30_000 });
  walk.push(`U: undo; focus on ${(await focusStop(page)).stop}`);
  // M, pressed with the keyboard on the Skip button: the key decides, the keyboard stays on a control.
  await page.keyboard.press('m');
  await expect(page.getByText(/Saving \d+ decision/)).toHaveCount(0, { timeout: 30_000 });
  const matched = await focusStop(page);
  walk.push(
    `M: product ${(await heading.innerText()) === product ? 'unchanged' : 'changed to the next'}, read out "${await readOut.textContent()}", focus on ${matched.stop}`,
  );
  expect(matched.stop, 'focus stays on a control after a decision').not.toBe('(nothing: the page)');
  await page.keyboard.press('u');
  walk.push(`U: undo; heading "${await heading.innerText()}", focus on ${(await focusStop(page)).stop}`);
  console.log(`Keyboard walk of the product page:\n${walk.join('\n')}`);
  await expect(page.getByText(/Saving \d+ decision/)).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(start).toBeVisible();
});
