import type { Page } from '@playwright/test';
import {
  E2E_USERS,
  api,
  expect,
  expectToast,
  signIn,
  shellTrigger,
  test,
  toastWith,
  expectShell,
} from '../fixtures.ts';
import { PUBLIC_SETTINGS } from '../public-data.ts';

const { admin, staff } = E2E_USERS;

/** Signs in through page.request (cookies are shared with the page), then opens the path. */
async function openAs(page: Page, user: { username: string; password: string }, path: string) {
  await api(page).login(user.username, user.password);
  await page.goto(path);
  await expectShell(page);
}

/** The entries' labels (the Inbox entry also carries its unread count, which is not part of its label). */
const navButtons = (page: Page) =>
  page.locator('[data-sidebar="content"] [data-sidebar="menu-button"] [data-slot="nav-label"]');
/** An entry by its label (the Inbox link's name also says its unread count: 'Inbox 1 unread'). */
const navEntry = (page: Page, label: string) =>
  page
    .locator('[data-sidebar="content"] a')
    .filter({ has: page.locator('[data-slot="nav-label"]').getByText(label, { exact: true }) });
/** The desktop sidebar: data-state expanded / collapsed. */
const desktopSidebar = (page: Page) => page.locator('[data-slot="sidebar"][data-state]');
const sidebarWidth = async (page: Page) =>
  (await page.locator('[data-slot="sidebar-container"]').boundingBox())?.width ?? 0;

test.describe('admin shell', () => {
  test('side navigation for an admin: every entry, in order, with its path', async ({ page }) => {
    await openAs(page, admin, '/admin');
    const expected: [string, string][] = [
      ['Dashboard', '/admin'],
      ['Inbox', '/admin/inbox'],
      ['Today', '/admin/today'],
      ['Leads', '/admin/leads'],
      ['Imports', '/admin/imports'],
      ['Money Owed', '/admin/money'],
      ['Suppliers', '/admin/suppliers'],
      ['Email Templates', '/admin/email-templates'],
      ['Users', '/admin/users'],
      ['DB Backups', '/admin/db-backups'],
      ['Settings', '/admin/settings'],
    ];
    await expect(navButtons(page)).toHaveText(expected.map(([label]) => label));
    for (const [label, href] of expected) await expect(navEntry(page, label)).toHaveAttribute('href', href);
    // The header names the company (its settings), not the product.
    await expect(page.getByTestId('sidebar-company-name')).toHaveText(PUBLIC_SETTINGS['company.name']);
    // The footer: the user (name and role) and the logout button.
    await expect(page.getByTestId('sidebar-user-name')).toHaveText('Ana');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toContainText('admin');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('side navigation for role user: no Users, no DB Backups', async ({ page }) => {
    await openAs(page, staff, '/admin');
    await expect(navButtons(page)).toHaveText([
      'Dashboard',
      'Inbox',
      'Today',
      'Leads',
      'Imports',
      'Money Owed',
      'Suppliers',
      'Email Templates',
      'Settings',
    ]);
    await expect(navEntry(page, 'Users')).toHaveCount(0);
    await expect(navEntry(page, 'DB Backups')).toHaveCount(0);
    // No name and no e-mail: the username stands in.
    await expect(page.getByTestId('sidebar-user-name')).toHaveText('staff');
  });

  test('the active entry is highlighted: exact match for /admin, prefix match for the others', async ({ page }) => {
    await openAs(page, admin, '/admin');
    const activeLabels = () =>
      page.locator('[data-sidebar="content"] [data-sidebar="menu-button"][data-active="true"]');

    await expect(activeLabels()).toHaveText(['Dashboard']);
    await expect(navEntry(page, 'Dashboard')).toHaveAttribute('data-active', 'true');
    await expect(navEntry(page, 'Leads')).toHaveAttribute('data-active', 'false');

    // A lead that does not exist still sits under Leads.
    await page.goto('/admin/leads/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Lead not found' })).toBeVisible();
    await expect(activeLabels()).toHaveText(['Leads']);
    await expect(navEntry(page, 'Dashboard')).toHaveAttribute('data-active', 'false');

    await page.goto('/admin/imports/3');
    await expect(activeLabels()).toHaveText(['Imports']);

    // Client-side navigation moves the highlight too.
    await navEntry(page, 'Settings').click();
    await expect(page).toHaveURL('/admin/settings');
    await expect(activeLabels()).toHaveText(['Settings']);
    await navEntry(page, 'Dashboard').click();
    await expect(page).toHaveURL('/admin');
    await expect(activeLabels()).toHaveText(['Dashboard']);
  });

  test('every admin route shows its title', async ({ page }) => {
    test.setTimeout(90_000); // a dozen whole page loads
    await openAs(page, admin, '/admin');
    const routes: [string, string][] = [
      ['/admin', 'Dashboard'],
      ['/admin/inbox', 'Inbox'],
      ['/admin/today', 'Today'],
      ['/admin/money', 'Money Owed'],
      ['/admin/leads', 'Leads'],
      ['/admin/leads/999999', 'Lead not found'],
      ['/admin/imports', 'Imports'],
      ['/admin/imports/3', 'Import #3'],
      ['/admin/suppliers', 'Suppliers'],
      ['/admin/users', 'Users'],
      ['/admin/db-backups', 'DB Backups'],
      ['/admin/email-templates', 'Email Templates'],
      ['/admin/settings', 'Settings'],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
      await expect(page, path).toHaveURL(path);
    }
  });

  test("role user on /admin/users sees 'Access Denied'", async ({ page }) => {
    await openAs(page, staff, '/admin/users');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page
        .getByText("You don't have permission to access user management. Admin access required.", { exact: true })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toHaveCount(0);
    await expect(page).toHaveURL('/admin/users');

    await page.goto('/admin/db-backups');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'DB Backups' })).toHaveCount(0);
  });

  test('unknown paths redirect to /', async ({ page }) => {
    await openAs(page, admin, '/admin');
    for (const path of ['/admin/nope', '/whatever', '/admin/leads/5/extra']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/');
      await expect(page.getByRole('link', { name: 'Garagem' })).toBeVisible();
      await expect(shellTrigger(page)).toHaveCount(0);
    }
  });

  test('signed out, unknown public and admin paths redirect to / too', async ({ page }) => {
    for (const path of ['/whatever/else', '/admin/nope']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/');
      await expect(page.getByRole('link', { name: 'Garagem' })).toBeVisible();
    }
  });

  test('the sidebar collapses to the icon rail (trigger and Ctrl+B) and remembers it for 7 days', async ({
    page,
    context,
  }) => {
    await openAs(page, admin, '/admin');
    const sidebar = desktopSidebar(page);
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect.poll(() => sidebarWidth(page)).toBe(256);

    await shellTrigger(page).click();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(sidebar).toHaveAttribute('data-collapsible', 'icon');
    await expect(shellTrigger(page)).toHaveAttribute('aria-expanded', 'false');
    // The icon rail: 3rem wide, labels gone, icons still there and clickable.
    await expect.poll(() => sidebarWidth(page)).toBe(48);
    await expect(navEntry(page, 'Leads')).toBeVisible();

    await page.keyboard.press('Control+B');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect.poll(() => sidebarWidth(page)).toBe(256);

    await page.keyboard.press('Control+B');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    const sevenDays = 7 * 24 * 60 * 60;
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + sevenDays))).toBeLessThan(120);

    await page.reload();
    await expectShell(page);
    await expect(desktopSidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(() => sidebarWidth(page)).toBe(48);

    // Expanded again, and that is remembered too.
    await shellTrigger(page).click();
    await expect(desktopSidebar(page)).toHaveAttribute('data-state', 'expanded');
    await page.reload();
    await expect(desktopSidebar(page)).toHaveAttribute('data-state', 'expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
  });

  test('dark mode: light by default, the Settings switch turns it on, and it survives a reload', async ({ page }) => {
    await openAs(page, admin, '/admin/settings');
    const html = page.locator('html');
    const darkMode = page.getByRole('switch', { name: 'Dark mode' });

    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(darkMode).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

    await darkMode.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(darkMode).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The page really is dark, not just tagged.
    const background = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    // The header toggle switches back.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('toasts: only one is visible at a time, and it goes away by itself after 5 s', async ({ page }) => {
    const toasts = page.locator('[data-slot="toast"]');
    await signIn(page, admin.username, admin.password);
    await expectToast(page, 'Login successful');
    // A second toast right away replaces the first.
    await page.getByRole('button', { name: 'Log out' }).click();
    const second = await expectToast(page, 'Logged out successfully');
    const shownAt = Date.now();
    await expect(toastWith(page, 'Login successful')).toHaveCount(0);
    await expect(toasts).toHaveCount(1);

    await page.waitForTimeout(3_000);
    await expect(second).toBeVisible();
    await expect(second).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_000);
    await expect(toasts).toHaveCount(0);
  });
});
