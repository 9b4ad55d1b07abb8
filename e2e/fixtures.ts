import { expect, type APIResponse, type Locator, type Page, type Response } from '@playwright/test';

export { expect, test } from '@playwright/test';
export { E2E_USERS } from './users.ts';

export interface SignInOptions {
  /** Tick (true) or untick (false) 'Remember username'; left as the form shows it when omitted. */
  remember?: boolean;
  /** Wait for the admin shell (default) or return right after the login answer. */
  expectSuccess?: boolean;
}

/** The login form's controls (the same on every /admin path while signed out). */
export function loginForm(page: Page) {
  return {
    description: page.getByText('Sign in to your account', { exact: true }),
    username: page.getByLabel('Username', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    remember: page.getByRole('checkbox', { name: 'Remember username' }),
    submit: page.getByRole('button', { name: 'Sign In', exact: true }),
    error: page.locator('[data-slot="alert"]'),
  };
}

/** The shell is up: the sidebar trigger sits in the header of every admin screen (desktop and phone). */
export const shellTrigger = (page: Page): Locator => page.locator('[data-sidebar="trigger"]');

/**
 * Waits for the back office's shell after a navigation. The first load of the app (its bundle, the
 * session, the settings) took more than the default 5 s on a loaded machine; 15 s is what a person
 * would still wait.
 */
export const expectShell = (page: Page) => expect(shellTrigger(page)).toBeVisible({ timeout: 15_000 });

/**
 * Signs in through the real form. Opens /admin first unless the page already shows the form
 * (so a test can sign in on /admin/users and stay there). Returns the login answer.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  opts: SignInOptions = {},
): Promise<Response> {
  const form = loginForm(page);
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/admin') || !(await form.submit.isVisible())) {
    await page.goto('/admin');
  }
  await expect(form.submit).toBeVisible();
  await form.username.fill(username);
  await form.password.fill(password);
  if (opts.remember !== undefined) await form.remember.setChecked(opts.remember);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST'),
    form.submit.click(),
  ]);
  if (opts.expectSuccess !== false) {
    expect(response.status(), `sign-in of ${username}`).toBe(200);
    await expectShell(page);
  }
  return response;
}

/** The visible toast with this title (Radix also copies the text into a screen-reader live region). */
export function toastWith(page: Page, title: string): Locator {
  return page
    .locator('[data-slot="toast"]')
    .filter({ has: page.locator('[data-slot="toast-title"]', { hasText: title }) });
}

export async function expectToast(page: Page, title: string, description?: string): Promise<Locator> {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  await expect(toast.locator('[data-slot="toast-title"]')).toHaveText(title);
  if (description !== undefined) await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(description);
  return toast;
}

/**
 * JSON calls for test setup through page.request, which shares the page's cookies: sign in with
 * api(page).login(...) and the page is signed in too. Every call expects a 2xx answer.
 */
export function api(page: Page) {
  const request = page.request;
  const check = async <T>(res: APIResponse, what: string): Promise<T> => {
    if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${await res.text()}`);
    const type = res.headers()['content-type'] ?? '';
    return (type.includes('application/json') ? await res.json() : await res.text()) as T;
  };
  return {
    get: async <T = unknown>(url: string) => check<T>(await request.get(url), `GET ${url}`),
    post: async <T = unknown>(url: string, data?: unknown) =>
      check<T>(await request.post(url, { data }), `POST ${url}`),
    put: async <T = unknown>(url: string, data?: unknown) => check<T>(await request.put(url, { data }), `PUT ${url}`),
    login: async (username: string, password: string) =>
      check<{ id: number; username: string; role: string }>(
        await request.post('/api/auth/login', { data: { username, password } }),
        `login of ${username}`,
      ),
    me: async () =>
      check<{ id: number; username: string; email: string | null; firstName: string | null; lastName: string | null }>(
        await request.get('/api/auth/user'),
        'GET /api/auth/user',
      ),
  };
}

/** The bell button in the header and its unread badge. */
export function bell(page: Page) {
  return {
    button: page.getByRole('button', { name: /^Notifications/ }),
    badge: page.getByTestId('notification-badge'),
    panel: page.locator('[data-slot="popover-content"]'),
  };
}
