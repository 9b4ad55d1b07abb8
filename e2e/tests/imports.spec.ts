import { api, E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { signInViaApi } from '../lib/lead-detail-api.ts';
import { createImportViaApi, createSupplierViaApi } from '../lib/imports-api.ts';

test.describe('imports', () => {
  test('a 1366 px window shows all ten columns of the list without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await api(page).login(E2E_USERS.admin.username, E2E_USERS.admin.password);
    await createImportViaApi(page, {
      clientName: 'Maria Conceição Albuquerque Fernandes',
      clientEmail: 'maria.conceicao.albuquerque@example.com',
      vehicleMake: 'Mercedes-Benz',
      vehicleModel: 'GLC 300 de 4MATIC Coupé',
      vehicleVin: 'WDC2539091F123456',
      vehiclePrice: '121000',
      vehicleIsv: '11500',
      servicePrice: '12000',
    });
    await page.goto('/admin/imports');
    const table = page.getByRole('table', { name: 'Imports' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const container = page.locator('[data-slot="table-container"]');
    const { scroll, client } = await container.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expect(table.getByRole('columnheader', { name: 'Created' })).toBeInViewport();
  });

  test.beforeEach(async ({ page }) => signInViaApi(page));

  test('the list: search, filters, count and CSV', async ({ page }) => {
    const imp = await createImportViaApi(page, { vehicleVin: `VIN${Date.now()}` });
    await page.goto('/admin/imports');
    await expect(page.getByRole('radio', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('searchbox', { name: 'Search imports' }).fill(imp.clientName);
    await expect(page.getByTestId('imports-total')).toHaveText('1 active import');
    await page.getByRole('radio', { name: 'Concluded' }).click();
    await expect(page.getByText('No imports found')).toBeVisible();
    await page.getByRole('radio', { name: 'All' }).click();
    await expect(page.getByTestId('imports-total')).toHaveText('1 import');
    const csv = await page.request.get(
      (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(imp.clientName);
    await page.getByText(imp.clientName).click();
    await expect(page).toHaveURL(`/admin/imports/${imp.id}`);
  });

  test('suppliers: add with validation, edit, delete; a supplier with costs cannot be deleted', async ({ page }) => {
    const name = `Inspeções ${Date.now()}`;
    await page.goto('/admin/suppliers');
    await page.getByRole('button', { name: 'Add Supplier' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Supplier' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Valid email is required')).toBeVisible();
    await dialog.getByLabel('Name *').fill(name);
    await dialog.getByLabel('Email').fill('geral@inspecoes.example.pt');
    await dialog.getByLabel('Country').fill('Portugal');
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expectToast(page, 'Success', 'Supplier created');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('geral@inspecoes.example.pt');
    await expect(row.getByTestId('supplier-totals')).toHaveText('No costs yet');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Supplier' });
    await edit.getByLabel('Phone').fill('+351 220 000 000');
    await edit.getByRole('button', { name: 'Save Supplier' }).click();
    await expectToast(page, 'Success', 'Supplier updated');
    await expect(row).toContainText('+351 220 000 000');

    // With a cost: refused, with the server's reason, and the supplier stays.
    const withCost = await createSupplierViaApi(page, { name: `Busy ${Date.now()}` });
    const imp = await createImportViaApi(page);
    await api(page).post(`/api/imports/${imp.id}/costs`, {
      supplierId: withCost.id,
      date: '2026-11-20',
      value: '99.90',
    });
    await page.reload();
    const busy = page.getByRole('row').filter({ hasText: withCost.name });
    await expect(busy.getByTestId('supplier-totals')).toContainText('1 cost, €99.90');
    await busy.getByRole('button', { name: `Delete ${withCost.name}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(`Are you sure you want to delete ${withCost.name}?`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(
      page,
      'Error',
      `Cannot delete ${withCost.name}: it has 1 recorded cost. Costs are part of the books, so a supplier with costs stays.`,
    );
    await expect(busy).toBeVisible();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', `${name} deleted`);
    await expect(row).toBeHidden();
  });
});
