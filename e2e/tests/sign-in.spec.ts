import {
  E2E_USERS,
  bell,
  expect,
  expectToast,
  loginForm,
  shellTrigger,
  signIn,
  test,
  expectShell,
} from '../fixtures.ts';

const { admin, lockme } = E2E_USERS;

test.describe('staff sign-in', () => {
  for (const path of ['/admin', '/admin/leads']) {
    test(`signed out, ${path} shows the login form`, async ({ page }) => {
      await page.goto(path);
      const form = loginForm(page);
      await expect(form.description).toBeVisible();
      await expect(form.username).toBeVisible();
      await expect(form.username).toHaveValue('');
      await expect(form.password).toBeVisible();
      await expect(form.password).toHaveAttribute('type', 'password');
      await expect(form.remember).toBeVisible();
      await expect(form.remember).not.toBeChecked();
      await expect(page.getByText('Remember username', { exact: true })).toBeVisible();
      await expect(form.submit).toBeEnabled();
      // The guard shows the form in place: no redirect, no shell.
      await expect(page).toHaveURL(path);
      await expect(shellTrigger(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Leads' })).toHaveCount(0);
    });
  }

  test('a wrong password shows the server message and stays on the form', async ({ page }) => {
    const response = await signIn(page, admin.username, 'Wrong-Password-1', { expectSuccess: false });
    expect(response.status()).toBe(401);
    const form = loginForm(page);
    await expect(form.error).toHaveText('Invalid username or password');
    await expect(form.description).toBeVisible();
    await expect(form.password).toHaveValue('');
    await expect(form.username).toHaveValue(admin.username);
    await expect(page).toHaveURL('/admin');
    await expect(shellTrigger(page)).toHaveCount(0);
  });

  test('the right password shows the welcome toast and the Dashboard', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await expectToast(page, 'Login successful', 'Welcome back, Ana!');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back, track your leads and imports')).toBeVisible();
    await expect(page).toHaveURL('/admin');
    await expect(loginForm(page).description).toHaveCount(0);
  });

  test("while the request runs the button reads 'Signing in...' and is disabled", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    const form = loginForm(page);
    await form.username.fill(admin.username);
    await form.password.fill(admin.password);
    await form.submit.click();

    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(form.submit).toHaveCount(0);

    release();
    await expectShell(page);
    await expect(busy).toHaveCount(0);
  });

  test("'Remember username' ticked keeps the username after logout; unticked clears it", async ({ page }) => {
    const form = loginForm(page);
    const logOut = page.getByRole('button', { name: 'Log out' });

    await signIn(page, admin.username, admin.password, { remember: true });
    expect(await page.evaluate(() => localStorage.getItem('rememberedUsername'))).toBe(admin.username);
    await logOut.click();
    await expect(form.submit).toBeVisible();
    await expect(form.username).toHaveValue(admin.username);
    await expect(form.remember).toBeChecked();
    await expect(form.password).toHaveValue('');
    // Still there after a reload: it lives in local storage.
    await page.reload();
    await expect(form.username).toHaveValue(admin.username);

    await signIn(page, admin.username, admin.password, { remember: false });
    expect(await page.evaluate(() => localStorage.getItem('rememberedUsername'))).toBeNull();
    await logOut.click();
    await expect(form.submit).toBeVisible();
    await expect(form.username).toHaveValue('');
    await expect(form.remember).not.toBeChecked();
  });

  test('five wrong passwords lock the account; then even the right password is refused', async ({ page }) => {
    const form = loginForm(page);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await signIn(page, lockme.username, `Wrong-${attempt}-Password`, { expectSuccess: false });
      if (attempt < 5) {
        expect(response.status(), `attempt ${attempt}`).toBe(401);
        await expect(form.error).toHaveText('Invalid username or password');
      } else {
        expect(response.status(), 'the fifth attempt').toBe(423);
        await expect(form.error).toContainText('locked');
      }
    }
    const lockText = await form.error.innerText();
    expect(lockText).toMatch(/Too many failed sign-in attempts\. This account is locked for \d+ more minutes?\./);

    const response = await signIn(page, lockme.username, lockme.password, { expectSuccess: false });
    expect(response.status()).toBe(423);
    await expect(form.error).toContainText('locked');
    await expect(form.description).toBeVisible();
    await expect(shellTrigger(page)).toHaveCount(0);
  });

  test('logging out shows the toast and the login form', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expectToast(page, 'Logged out successfully', 'You have been logged out of your account.');
    await expect(loginForm(page).description).toBeVisible();
    await expect(shellTrigger(page)).toHaveCount(0);
    // The session is really gone on the server.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.reload();
    await expect(loginForm(page).submit).toBeVisible();
  });

  test("losing the session: 'Unauthorized' toast, then /api/login lands on the login form", async ({
    page,
    context,
  }) => {
    await signIn(page, admin.username, admin.password);
    await context.clearCookies();

    // Times taken as the events happen: the 401 answer, then the browser's request for /api/login.
    let unauthorizedAt = 0;
    let redirectAt = 0;
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/notifications' && r.status() === 401) unauthorizedAt ||= Date.now();
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/login') redirectAt ||= Date.now();
    });
    await bell(page).button.click();

    await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await expect.poll(() => redirectAt, { message: 'the browser goes to /api/login' }).toBeGreaterThan(0);
    expect(unauthorizedAt).toBeGreaterThan(0);
    // Spec: the redirect follows the 401 after 500 ms (some slack for timers and event delivery).
    expect(redirectAt - unauthorizedAt).toBeGreaterThanOrEqual(400);

    await expect(page).toHaveURL('/admin');
    await expect(loginForm(page).description).toBeVisible();
    await expect(loginForm(page).submit).toBeVisible();
  });
});
