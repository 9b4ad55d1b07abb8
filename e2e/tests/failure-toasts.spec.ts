// The failure messages the specification names (back office section 8; public site section 8) for
// the screens no other spec failed on purpose. The server fails for real: page.route answers the
// one call with a 500 (or drops it), everything else reaches the test server.
import type { Page, Route } from '@playwright/test';
import { api, E2E_USERS, expect, expectToast, loginForm, shellTrigger, test } from '../fixtures.ts';
import type { E2EUser } from '../users.ts';
import { createImportViaApi, openImport } from '../lib/imports-api.ts';
import { createLeadViaApi, openLead } from '../lib/lead-detail-api.ts';
import { uniqueTag } from '../lib/leads-api.ts';

const { admin, editor } = E2E_USERS;
const SERVER_DOWN = 'The database is not answering';

/** Signs in through the API and opens the path, waiting for the shell (the loaded test machine can be slow). */
async function openAs(page: Page, user: E2EUser, path: string) {
  await api(page).login(user.username, user.password);
  await page.goto(path);
  await expect(shellTrigger(page)).toBeVisible({ timeout: 30_000 });
}

/** Answers the next matching call (method and path) with a 500 and a server message. */
async function failNext(page: Page, method: string, path: RegExp, message: string | null = SERVER_DOWN) {
  await page.route(path, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: message === null ? '{}' : JSON.stringify({ message, code: 'INTERNAL' }),
    });
  });
}

test.describe('failure toasts the specification names', () => {
  test("import detail: 'Failed to update paid status'; the box goes back", async ({ page }) => {
    await api(page).login(admin.username, admin.password);
    const imp = await createImportViaApi(page);
    await openImport(page, imp.id);
    await failNext(page, 'PUT', new RegExp(`/api/imports/${imp.id}$`));
    const paid = page.getByRole('checkbox', { name: 'Service paid' });
    await paid.click();
    await expectToast(page, 'Error', 'Failed to update paid status');
    await expect(paid).not.toBeChecked();
  });

  test("proposals: 'Failed to delete proposal' with the server's message; the proposal stays", async ({ page }) => {
    await api(page).login(admin.username, admin.password);
    const lead = await createLeadViaApi(page);
    await api(page).post(`/api/leads/${lead.id}/proposals`, {
      vehicleBrand: 'Audi',
      vehicleModel: 'A4',
      vehicleFuelType: 'petrol',
      vehicleEngineSize: 1984,
      vehicleCo2Emissions: 140,
      vehicleFirstRegistration: '06/2020',
      vehicleMileage: 60000,
      vehiclePrice: '28000',
      transportCost: '2000',
      registrationFee: '340',
    });
    await openLead(page, lead);
    await failNext(page, 'DELETE', /\/api\/proposals\/\d+(\?.*)?$/);
    await page.getByRole('button', { name: 'Delete proposal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Error', `Failed to delete proposal: 500: ${SERVER_DOWN}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('proposal-item')).toHaveCount(1);
  });

  test("templates: 'Failed to create email template' with the server's message; the dialog keeps the text", async ({
    page,
  }) => {
    await openAs(page, admin, '/admin/email-templates');
    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog');
    const id = uniqueTag('t-');
    await dialog.getByLabel('Template ID').fill(id);
    await dialog.getByLabel("Title (the e-mail's subject)").fill('Olá');
    await dialog.getByLabel('Body', { exact: true }).fill('Olá {{firstName}}');
    await failNext(page, 'POST', /\/api\/email-templates$/);
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expectToast(page, 'Error', `Failed to create email template: 500: ${SERVER_DOWN}`);
    await expect(dialog.getByLabel('Template ID')).toHaveValue(id);
  });

  test("settings: 'Failed to save settings' with the server's message", async ({ page }) => {
    await openAs(page, admin, '/admin/settings');
    await page.getByLabel('Public phone').fill('+351 210 000 001');
    await failNext(page, 'PUT', /\/api\/settings$/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Error', `Failed to save settings: 500: ${SERVER_DOWN}`);
  });

  test("backups: 'Backup Failed' with the server's message", async ({ page }) => {
    await openAs(page, admin, '/admin/db-backups');
    await failNext(page, 'POST', /\/api\/admin\/backup\/create$/);
    await page.getByRole('button', { name: 'Create backup' }).click();
    await expectToast(page, 'Backup Failed', SERVER_DOWN);
  });

  test("suppliers: the server's message, else 'Failed to create supplier'", async ({ page }) => {
    await openAs(page, admin, '/admin/suppliers');
    await page.getByRole('button', { name: 'Add Supplier' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Supplier' });
    await dialog.getByLabel('Name *').fill(`Supplier ${uniqueTag()}`);
    await failNext(page, 'POST', /\/api\/suppliers$/);
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expectToast(page, 'Error', SERVER_DOWN);
    await page.unroute(/\/api\/suppliers$/);
    await failNext(page, 'POST', /\/api\/suppliers$/, null);
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expect(
      page.locator('[data-slot="toast-description"]', { hasText: 'Failed to create supplier' }),
    ).toBeVisible();
  });

  test("login: the server's message; a network error says 'Something went wrong'", async ({ page }) => {
    const form = loginForm(page);
    await page.goto('/admin');
    await form.username.fill(admin.username);
    await form.password.fill(admin.password);
    await failNext(page, 'POST', /\/api\/auth\/login$/);
    await form.submit.click();
    await expect(form.error).toContainText(SERVER_DOWN);
    await page.unroute(/\/api\/auth\/login$/);
    await page.route(/\/api\/auth\/login$/, (route) => route.abort('connectionrefused'));
    await form.password.fill(admin.password);
    await form.submit.click();
    await expect(form.error).toContainText('Something went wrong. Please try again.');
  });

  test("profile: 'Error' / 'Failed to update profile'; the dialog stays open", async ({ page }) => {
    await openAs(page, editor, '/admin');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('First name').fill('Eva');
    await failNext(page, 'PUT', /\/api\/users\/\d+$/);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Error', 'Failed to update profile');
    await expect(dialog).toBeVisible();
  });
});
