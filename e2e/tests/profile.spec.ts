import type { Page } from '@playwright/test';
import { E2E_USERS, api, expect, expectToast, loginForm, signIn, test } from '../fixtures.ts';

// The 'editor' account is this file's own: the test changes its e-mail, name and password.
const { editor } = E2E_USERS;
const NEW_PASSWORD = 'Changed9Pass';
const MESSAGES = {
  email: 'Valid email is required',
  password: 'Password must be at least 8 characters with uppercase, lowercase, and number',
};

function profileDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  return {
    dialog,
    username: dialog.getByLabel('Username', { exact: true }),
    email: dialog.getByLabel('Email', { exact: true }),
    password: dialog.getByLabel('Password', { exact: true }),
    currentPassword: dialog.getByLabel('Current password', { exact: true }),
    firstName: dialog.getByLabel('First name', { exact: true }),
    lastName: dialog.getByLabel('Last name', { exact: true }),
    save: dialog.getByRole('button', { name: 'Save changes' }),
    cancel: dialog.getByRole('button', { name: 'Cancel' }),
  };
}

test.describe('Edit Profile', () => {
  test.afterEach(async ({ page }) => {
    // Put the account back the way prepare-db made it (the database is recreated each run anyway).
    const client = api(page);
    await client.post('/api/auth/logout');
    let current = NEW_PASSWORD;
    const me = await client.login(editor.username, NEW_PASSWORD).catch(() => {
      current = editor.password;
      return client.login(editor.username, editor.password);
    });
    await client.put(`/api/users/${me.id}`, {
      email: 'editor@example.com',
      password: editor.password,
      currentPassword: current,
      firstName: '',
      lastName: '',
    });
    await client.post('/api/auth/logout');
    await client.login(editor.username, editor.password);
  });

  test('validation messages, a valid save, and the new password on a fresh sign-in', async ({ page }) => {
    await signIn(page, editor.username, editor.password);
    // No name yet: the sidebar shows the e-mail.
    await expect(page.getByTestId('sidebar-user-name')).toHaveText('editor@example.com');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = profileDialog(page);
    await expect(form.dialog).toBeVisible();
    await expect(form.username).toHaveValue('editor');
    await expect(form.email).toHaveValue('editor@example.com');
    await expect(form.password).toHaveValue('');
    await expect(form.firstName).toHaveValue('');
    await expect(form.dialog.getByText('Leave blank to keep the current password')).toBeVisible();
    // Role user: the username is shown, not editable; no current password until a new one is typed.
    await expect(form.username).not.toBeEditable();
    await expect(form.dialog.getByText('Only an administrator can change a username')).toBeVisible();
    await expect(form.currentPassword).toHaveCount(0);

    // Nothing reaches the server while the form is invalid.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/users/')) puts.push(r.url());
    });

    // Each rule on its own.
    await form.email.fill('not-an-email');
    await form.save.click();
    await expect(form.dialog.getByText(MESSAGES.email, { exact: true })).toBeVisible();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');

    await form.email.fill('editor@example.com');
    await expect(form.dialog.getByText(MESSAGES.email)).toHaveCount(0);
    for (const weak of ['Short1', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      await form.password.fill(weak);
      await form.save.click();
      await expect(form.dialog.getByText(MESSAGES.password, { exact: true }), weak).toBeVisible();
    }
    // Both at once.
    await form.email.fill('nope');
    await form.save.click();
    for (const message of Object.values(MESSAGES))
      await expect(form.dialog.getByText(message, { exact: true })).toBeVisible();
    expect(puts).toEqual([]);
    await expect(form.dialog).toBeVisible();

    // A new password needs the current one: a wrong one is refused under its field, nothing saved.
    await form.email.fill('editor@example.com');
    await form.password.fill(NEW_PASSWORD);
    await expect(form.currentPassword).toBeVisible();
    await form.firstName.fill('Paula');
    await form.lastName.fill('Silva');
    await form.currentPassword.fill('Wrong-Passw0rd');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/users/')),
      form.save.click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(form.dialog.getByText('Current password is incorrect', { exact: true })).toBeVisible();
    await expect(form.currentPassword).toHaveAttribute('aria-invalid', 'true');
    expect((await api(page).me()).firstName).toBeNull();

    // A valid save.
    await form.currentPassword.fill(editor.password);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/users/')),
      form.save.click(),
    ]);
    expect(response.status()).toBe(200);
    await expectToast(page, 'Success', 'Profile updated successfully');
    await expect(form.dialog).toBeHidden();
    await expect(page.getByTestId('sidebar-user-name')).toHaveText('Paula Silva');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toContainText('PS');

    // Reopened, it shows the saved values and a blank password.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(form.firstName).toHaveValue('Paula');
    await expect(form.lastName).toHaveValue('Silva');
    await expect(form.email).toHaveValue('editor@example.com');
    await expect(form.password).toHaveValue('');
    await form.cancel.click();
    await expect(form.dialog).toBeHidden();

    // The new password works for a fresh sign-in; the old one no longer does.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(loginForm(page).submit).toBeVisible();
    await signIn(page, editor.username, editor.password, { expectSuccess: false });
    await expect(loginForm(page).error).toHaveText('Invalid username or password');
    await signIn(page, editor.username, NEW_PASSWORD);
    await expect(page.getByTestId('sidebar-user-name')).toHaveText('Paula Silva');
  });

  test('Cancel closes the dialog without saving', async ({ page }) => {
    await signIn(page, editor.username, editor.password);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = profileDialog(page);
    await form.firstName.fill('Nobody');
    await form.cancel.click();
    await expect(form.dialog).toBeHidden();
    await expect(page.getByTestId('sidebar-user-name')).not.toHaveText('Nobody');
    expect((await api(page).me()).firstName).not.toBe('Nobody');
  });
});
