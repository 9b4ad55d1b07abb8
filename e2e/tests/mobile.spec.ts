import { E2E_USERS, expect, expectToast, shellTrigger, signIn, test } from '../fixtures.ts';

const { admin } = E2E_USERS;

// Runs in the 'mobile-chromium' project only (390 x 844, touch): see playwright.config.ts.
test.describe('phone layout', { tag: '@mobile' }, () => {
  test('the navigation is a slide-in drawer; choosing an entry navigates and closes it', async ({ page }, testInfo) => {
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await signIn(page, admin.username, admin.password);
    // Toasts sit at the bottom on phones, clear of the header's menu button.
    const toast = await expectToast(page, 'Login successful', 'Welcome back, Ana!');
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThan(844 / 2);
    // A swipe to the right past 50 px dismisses it.
    await page.mouse.move(toastBox.x + 40, toastBox.y + toastBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(toastBox.x + 240, toastBox.y + toastBox.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(toast).toBeHidden({ timeout: 2_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // No sidebar on the page: only the toggle in the header.
    await expect(page.locator('[data-slot="sidebar"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Leads', exact: true })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const trigger = shellTrigger(page);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await page.screenshot({ path: testInfo.outputPath('phone-dashboard.png') });

    await trigger.tap();
    const drawer = page.getByRole('dialog', { name: 'Sidebar' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute('data-mobile', 'true');
    await expect(drawer.locator('[data-sidebar="content"] [data-slot="nav-label"]')).toHaveText([
      'Dashboard',
      'Inbox',
      'Today',
      'Leads',
      'Imports',
      'Money Owed',
      'Suppliers',
      'Email Templates',
      'Users',
      'DB Backups',
      'Settings',
    ]);
    await expect(drawer.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();
    // Slid in from the left edge, 18rem wide, once the animation has settled.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    expect((await drawer.boundingBox())!.width).toBe(288);

    const shot = testInfo.outputPath('phone-drawer-open.png');
    await page.screenshot({ path: shot });
    await testInfo.attach('phone drawer open', { path: shot, contentType: 'image/png' });

    await drawer.getByRole('link', { name: 'Leads', exact: true }).tap();
    await expect(page).toHaveURL('/admin/leads');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Opened again, the new page's entry is the active one; a tap on the overlay closes it.
    await trigger.tap();
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('[data-sidebar="menu-button"][data-active="true"]')).toHaveText(['Leads']);
    await page.mouse.click(370, 400);
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/admin/leads');

    const after = testInfo.outputPath('phone-leads.png');
    await page.screenshot({ path: after });
    await testInfo.attach('phone leads after navigating', { path: after, contentType: 'image/png' });
  });
});
