import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/src/seed/demo-users.ts';
import { closeOpenedPages, signedInPage, signIn } from './support/signIn.ts';

test.afterEach(closeOpenedPages);

const byRole = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;

test('a User sends a support request and an Admin marks it resolved', async ({ page, browser }) => {
  test.slow();
  const user = byRole('User');
  const topic = `Prices of Alza look wrong ${Date.now()}`;
  const message = '<b>Since Monday</b> the lowest prices are doubled.\nPlease check.';
  await signIn(page, user.email);
  await page.goto('/contact-support');

  // Nothing is sent without a topic and a message.
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByText('Enter the topic.')).toBeVisible();
  await expect(page.getByText('Enter your message.')).toBeVisible();

  await page.getByLabel('Topic').fill(topic);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your request “${topic}” is sent to support` }),
  ).toContainText(`We will reply to ${user.email}.`);
  await expect(page.getByLabel('Topic')).toHaveValue('');

  // The user's own requests: the new one, open; HTML shown as text; no resolve action.
  const own = page.getByRole('row').filter({ hasText: topic });
  await expect(own).toContainText('Open');
  await expect(own).toContainText('<b>Since Monday</b>');
  await expect(page.getByRole('button', { name: /^Mark .* resolved$/ })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'User' })).toHaveCount(0);

  // The Admin sees who sent it and resolves it.
  const admin = await signedInPage(browser, byRole('Admin').email);
  await admin.goto('/contact-support');
  await expect(admin.getByText('Support requests')).toBeVisible();
  const request = admin.getByRole('row').filter({ hasText: topic });
  await expect(request).toContainText(user.email);
  await expect(request).toContainText('Northwind Outdoor Supply');
  await expect(request).toContainText('Open');
  await request.getByRole('button', { name: `Mark “${topic}” resolved` }).click();
  await expect(admin.getByText(`“${topic}” is marked resolved`)).toBeVisible();
  await expect(request).toContainText('Resolved');
  await expect(request.getByRole('button', { name: `Mark “${topic}” resolved` })).toHaveCount(0);

  // The status filter, kept in the address.
  await admin.getByRole('combobox', { name: 'Status' }).click({ force: true });
  await admin.getByTitle('Open', { exact: true }).click();
  await expect(admin).toHaveURL(/filters/);
  await expect(admin.getByRole('row').filter({ hasText: topic })).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByTitle('Open', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: topic })).toHaveCount(0);

  // The sender sees it resolved.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: topic })).toContainText('Resolved');
});
