import { type Browser, type BrowserContext, expect, type Page, type Request, test } from '@playwright/test';
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
/** Requests of the opened pages not answered yet, with when they were sent (reported when a test fails). */
const inFlight = new Map<Request, number>();

/**
 * A page in a browser context of its own (a second user beside the test's page). Specs that use it
 * call `test.afterEach(closeOpenedPages)`: a page left open keeps polling and holding what it
 * holds while every later spec runs.
 */
export async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  opened.add(context);
  context.on('request', (request) => inFlight.set(request, Date.now()));
  context.on('requestfinished', (request) => inFlight.delete(request));
  context.on('requestfailed', (request) => inFlight.delete(request));
  return context.newPage();
}

export async function signedInPage(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await openPage(browser);
  await signIn(page, email, password);
  return page;
}

/** A request's GraphQL operation name ('' when it is none). */
export function operationOf(request: Request): string {
  try {
    return (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '';
  } catch {
    return '';
  }
}

/**
 * Closes the pages `openPage` opened. After a failed test it first prints their requests still
 * unanswered (a page stuck waiting on the network shows there, with how long it has waited).
 */
// A hook without parameters asks Playwright for no fixtures; the test it runs after is `test.info()`.
export async function closeOpenedPages(): Promise<void> {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus && inFlight.size) {
    const now = Date.now();
    const lines = [...inFlight].map(
      ([request, sentAt]) =>
        `  ${request.method()} ${request.url()} ${operationOf(request)} waiting ${((now - sentAt) / 1000).toFixed(1)} s`,
    );
    console.log(`Requests of the opened pages still unanswered when "${testInfo.title}" failed:\n${lines.join('\n')}`);
  }
  inFlight.clear();
  const contexts = [...opened];
  opened.clear();
  await Promise.all(contexts.map((context) => context.close()));
}
