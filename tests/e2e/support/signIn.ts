import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../api/src/seed/demo-users.ts';

/** Signs in through the console's own form and waits until the shell shows the user. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(email);
}

const opened = new Set<BrowserContext>();

/**
 * A page in a browser context of its own (a second user beside the test's page). Specs that use it
 * call `test.afterEach(closeOpenedPages)`: a page left open keeps polling and holding what it
 * holds while every later spec runs.
 */
export async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  opened.add(context);
  return context.newPage();
}

export async function signedInPage(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await openPage(browser);
  await signIn(page, email, password);
  return page;
}

export async function closeOpenedPages(): Promise<void> {
  const contexts = [...opened];
  opened.clear();
  await Promise.all(contexts.map((context) => context.close()));
}
