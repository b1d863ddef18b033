import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/seed/demo-users.ts';

const demoUser = (role: string) => DEMO_USERS.find((user) => user.roles.includes(role))!;
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function signIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

const MEMBER_ITEMS = [
  'Home',
  'Products',
  'Product aggregators',
  'Price suggestion rules',
  'Match confirmation queue',
  'Product matching queue',
  'Product matching log',
  'Data insights',
  'Brand snapshot',
  'Competitor snapshot',
];
const OWNER_ITEMS = [...MEMBER_ITEMS, 'Users', 'Organizations', 'Websites', 'Product feeds', 'Competitors'];
const ADMIN_ITEMS = [
  ...MEMBER_ITEMS,
  'Users',
  'Organizations',
  'Organization billing',
  'Websites',
  'Product feeds',
  'Competitors',
  'Scrapers',
  'Settings',
];

/** For each demo role: the sidebar items (in order, Contact support last) and a route it may not open. */
const CASES = [
  { role: 'Admin', items: ADMIN_ITEMS, denied: null },
  { role: 'Owner', items: OWNER_ITEMS, denied: '/scrapers' },
  { role: 'Editor', items: OWNER_ITEMS, denied: '/organizations/billing' },
  { role: 'Viewer', items: MEMBER_ITEMS, denied: '/users' },
  { role: 'User', items: MEMBER_ITEMS, denied: '/settings' },
];

for (const { role, items, denied } of CASES) {
  test(`${role}: the sidebar shows exactly the allowed items`, async ({ page }) => {
    await signIn(page, demoUser(role).email);
    await expect(sidebar(page).getByRole('menuitem')).toHaveText([...items, 'Contact support']);
  });

  if (denied) {
    test(`${role}: opening ${denied} shows Not Accessible`, async ({ page }) => {
      await signIn(page, demoUser(role).email);
      await page.goto(denied);
      await expect(page.getByRole('heading', { name: 'Not Accessible' })).toBeVisible();
      await expect(page.getByText('You are not permitted to access this area')).toBeVisible();
    });
  }
}

test('Admin opens every area from the sidebar, each with its title', async ({ page }) => {
  await signIn(page, demoUser('Admin').email);
  await sidebar(page).getByRole('link', { name: 'Scrapers' }).click();
  await expect(page).toHaveURL(/\/scrapers/);
  await expect(page.getByRole('heading', { name: 'Scrapers', level: 1 })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Brand snapshot' }).click();
  await expect(page.getByRole('heading', { name: 'Brand snapshot', level: 1 })).toBeVisible();
});

test('a detail route shows the id from its path and a breadcrumb back', async ({ page }) => {
  await signIn(page, demoUser('Admin').email);
  await page.goto('/organizations/org-42/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText('org-42').first()).toBeVisible();
  await page.getByRole('link', { name: 'Organizations' }).last().click();
  await expect(page).toHaveURL(/\/organizations(\?|$)/);
});

test('the sidebar shows where one is: a parent that is a page looks selected on its own page only, and the current link says so', async ({
  page,
}) => {
  await signIn(page, demoUser('Admin').email);
  const link = (name: string) => sidebar(page).getByRole('link', { name, exact: true });
  // The menu's item background where a page is selected; none elsewhere.
  const background = (name: string) =>
    link(name).evaluate(
      (a) => getComputedStyle(a.closest('.ant-menu-submenu-title, .ant-menu-item') as Element).backgroundColor,
    );
  const color = (name: string) => link(name).evaluate((a) => getComputedStyle(a).color);
  const none = 'rgba(0, 0, 0, 0)';
  // The menu's selected item background (antd's, from the brand colour; web/src/components/layout/sidebar/sidebar.css).
  const selected = 'rgb(240, 244, 255)';

  await page.goto('/');
  await expect(link('Home')).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => background('Home')).toBe(selected);
  // Elsewhere, a parent that is a page reads like any other item (it was drawn as a link, in the
  // brand colour, on every page).
  for (const parent of ['Products', 'Product matching queue', 'Organizations']) {
    await expect(link(parent)).not.toHaveAttribute('aria-current');
    await expect.poll(() => background(parent)).toBe(none);
    await expect.poll(async () => (await color(parent)) === (await color('Websites'))).toBe(true);
  }

  await link('Products').click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  // Its group stays open (the click on the link closed it, hiding Product aggregators).
  await expect(link('Product aggregators')).toBeVisible();
  await page.mouse.move(900, 600);
  await expect(link('Products')).toHaveAttribute('aria-current', 'page');
  await expect(link('Home')).not.toHaveAttribute('aria-current');
  await expect.poll(() => background('Products')).toBe(selected);
  await expect.poll(() => background('Home')).toBe(none);
  await expect.poll(() => background('Product matching queue')).toBe(none);

  // A child page: the child is selected, its parent is only its ancestor (no background).
  await link('Product aggregators').click();
  await page.mouse.move(900, 600);
  await expect(link('Product aggregators')).toHaveAttribute('aria-current', 'page');
  await expect(link('Products')).not.toHaveAttribute('aria-current');
  await expect.poll(() => background('Products')).toBe(none);
});
