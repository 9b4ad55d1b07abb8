import type { Page } from '@playwright/test';
import { E2E_USERS, api, expect, expectToast, loginForm, signIn, test } from '../fixtures.ts';

// User management (ADR 029). The accounts of e2e/users.ts are left as
// they are: this file adds, edits and deletes accounts of its own.
const { admin, staff } = E2E_USERS;
const ACCESS_DENIED = "You don't have permission to access user management. Admin access required.";

function userDialog(page: Page, title: 'Add User' | 'Edit User') {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    field: (label: string) => dialog.getByLabel(label, { exact: true }),
    role: dialog.getByRole('combobox', { name: 'Role' }),
    submit: dialog.getByRole('button', { name: title === 'Add User' ? 'Add User' : 'Save changes' }),
  };
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const row = (page: Page, username: string) => page.getByTestId(`user-row-${username}`);

test.describe('Users', () => {
  test("role user sees 'Access Denied', and every user-management call answers 403", async ({ page }) => {
    await signIn(page, staff.username, staff.password);
    await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText(ACCESS_DENIED, { exact: true }).first()).toBeVisible();
    await expectToast(page, 'Access Denied', ACCESS_DENIED);
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['DELETE', '/api/users/1'],
      ['GET', '/api/admin/security-audit-logs'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
    ] as const) {
      const res = await page.request.fetch(url, {
        method,
        data: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.status(), `${method} ${url}`).toBe(403);
    }
  });

  test('an admin adds, edits and deletes a user, with the error states on the way', async ({ page }) => {
    const username = `marta${Date.now() % 100000}`;
    await signIn(page, admin.username, admin.password);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(usersTable(page)).toBeVisible();
    // One's own account: the delete button is there but disabled.
    await expect(
      row(page, admin.username).getByRole('button', { name: 'You cannot delete your own account' }),
    ).toBeDisabled();

    // Add User: the spec's messages, then a taken username from the server.
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = userDialog(page, 'Add User');
    await add.submit.click();
    await expect(add.dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(add.dialog.getByText('Valid email is required')).toBeVisible();
    await expect(add.dialog.getByText('Password must be at least 8 characters long')).toBeVisible();
    await add.field('Username').fill(staff.username);
    await add.field('Email').fill(`${username}@example.pt`);
    await add.field('Password').fill('nouppercase1');
    await add.submit.click();
    await expect(add.dialog.getByText('Password must contain at least one uppercase letter')).toBeVisible();
    await add.field('Password').fill('Marta2026x');
    await add.submit.click();
    await expectToast(page, 'Error', 'Failed to create user: 409: Username already taken');
    await expect(add.dialog.getByText('Username already taken')).toBeVisible();

    await add.field('Username').fill(username);
    await add.field('First name').fill('Marta');
    await add.submit.click();
    await expectToast(page, 'Success', 'User created successfully');
    await expect(add.dialog).toBeHidden();
    await expect(row(page, username)).toContainText('Marta');
    await expect(row(page, username)).toContainText(`${username}@example.pt`);
    await expect(row(page, username).locator('[data-slot="badge"]')).toHaveText('user');

    // Search finds her on the server.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');

    // Edit User: promote her and give a surname; a blank password keeps hers.
    await row(page, username).getByRole('button', { name: 'Edit Marta' }).click();
    const edit = userDialog(page, 'Edit User');
    await expect(edit.field('Password')).toHaveValue('');
    await edit.field('Last name').fill('Lopes');
    await edit.role.click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await edit.submit.click();
    await expectToast(page, 'Success', 'User updated successfully');
    await expect(row(page, username)).toContainText('Marta Lopes');
    await expect(row(page, username).locator('[data-slot="badge"]')).toHaveText('admin');
    // Her password still works.
    const other = await page.context().browser()!.newContext();
    const res = await other.request.post('/api/auth/login', { data: { username, password: 'Marta2026x' } });
    expect(res.status()).toBe(200);
    await other.close();

    // The audit log shows what happened, filtered to her.
    const log = page.getByRole('table', { name: 'Security audit log' });
    await page.locator('#audit-username').fill(username);
    await expect(log.getByText('User created')).toBeVisible();
    await expect(log.getByText('Role changed')).toBeVisible();
    await expect(log.getByText(`user -> admin by ${admin.username}`)).toBeVisible();
    // The app's one date format (ADR 054): e.g. 'Nov 28, 2026, 05:48:58'.
    await expect(log.locator('tbody td').nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}$/);

    // Delete: the spec's confirmation; she disappears and the deletion is audited.
    await row(page, username).getByRole('button', { name: 'Delete Marta Lopes' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
    await expect(confirm).toContainText('Are you sure you want to delete this user?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'User deleted successfully');
    await expect(row(page, username)).toHaveCount(0);
    await expect(log.getByText('User deleted')).toBeVisible();
    const gone = await page.request.post('/api/auth/login', { data: { username, password: 'Marta2026x' } });
    expect(gone.status()).toBe(401);
  });

  test('the server refuses an admin deleting their own account', async ({ page }) => {
    const me = await api(page).login(admin.username, admin.password);
    const res = await page.request.delete(`/api/users/${me.id}`);
    expect(res.status()).toBe(409);
    expect((await res.json()).message).toBe('You cannot delete your own account');
    await page.goto('/admin/users');
    await expect(loginForm(page).submit).toHaveCount(0);
    await expect(row(page, admin.username)).toBeVisible();
  });
});

test.describe('Users on a phone', () => {
  test('@mobile the team shows as cards, the audit log as a list, and Add User fits the screen', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/users');
    const me = page.getByTestId(`user-card-${admin.username}`);
    await expect(me).toBeVisible();
    await expect(me.getByRole('button', { name: 'You cannot delete your own account' })).toBeDisabled();
    await expect(usersTable(page)).toBeHidden();
    await expect(page.getByRole('list', { name: 'Security audit log' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = userDialog(page, 'Add User');
    await expect(add.submit).toBeVisible();
    const box = (await add.dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
