import { api, expect, expectToast, test } from '../fixtures.ts';
import { signInViaApi } from '../lib/lead-detail-api.ts';
import { createImportViaApi, createSupplierViaApi, openImport } from '../lib/imports-api.ts';

test.describe('customer tracking page', { tag: '@mobile' }, () => {
  test('a phone shows the car, the stages reached with dates and the contacts, without prices', async ({
    page,
    browser,
  }) => {
    await signInViaApi(page);
    const imp = await createImportViaApi(page, { vehicleMake: 'Tesla', vehicleModel: 'Model 3', vehicleYear: 2023 });
    let version = imp.version;
    for (const status of ['handling_paperwork', 'waiting_transport', 'in_transit']) {
      version = (await api(page).put<{ version: number }>(`/api/imports/${imp.id}`, { status, version })).version;
    }
    const customer = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
      locale: 'pt-PT',
    });
    const phone = await customer.newPage();
    await phone.goto(`/acompanhar/${imp.publicId}`);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Tesla Model 3 (2023)');
    await expect(phone).toHaveTitle(/Acompanhe a importação do seu Tesla Model 3/);
    await expect(phone.getByTestId('tracking-current')).toHaveText('Em trânsito');
    await expect(phone.getByTestId('tracking-percent')).toHaveText('35% concluído');
    const stages = phone.getByTestId('tracking-stages').getByRole('listitem');
    await expect(stages).toHaveCount(8);
    await expect(stages.nth(0)).toContainText('Concluída a');
    await expect(stages.nth(3)).toHaveAttribute('aria-current', 'step');
    await expect(stages.nth(4)).toContainText('Por concluir');
    await expect(phone.getByRole('link', { name: /Ligar/ })).toBeVisible();
    await expect(phone.locator('body')).not.toContainText('€');
    await expect(phone.locator('body')).not.toContainText(imp.clientName);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await phone.goto('/acompanhar/00000000-0000-4000-8000-000000000000');
    await expect(phone.getByRole('heading', { name: 'Importação não encontrada' })).toBeVisible();
    await customer.close();
  });

  test('the import detail, the list and suppliers fit a phone (no sideways scrolling)', async ({ page }) => {
    await signInViaApi(page);
    const supplier = await createSupplierViaApi(page, {
      name: `Autozentrum Becker & Söhne GmbH Niederlassung ${Date.now()}`,
      email: 'gebrauchtwagen-export-abteilung@autozentrum-becker-soehne.example.com',
    });
    const imp = await createImportViaApi(page, { vehicleModel: 'GLC 220 d 4MATIC Avantgarde Night Edition' });
    await api(page).post(`/api/imports/${imp.id}/costs`, {
      supplierId: supplier.id,
      date: '2026-11-20',
      value: '1320',
    });
    for (const [path, loaded] of [
      [`/admin/imports/${imp.id}`, page.getByTestId('cost-item')],
      ['/admin/imports', page.getByTestId('imports-total')],
      ['/admin/suppliers', page.getByRole('list', { name: 'Suppliers' })],
    ] as const) {
      await page.goto(path);
      await expect(loaded).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await page.goto(`/admin/imports/${imp.id}`);
    await page.getByRole('button', { name: 'Add Cost' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Cost' })).toBeVisible();
  });

  test('staff copy the tracking link from the import', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page);
    const imp = await createImportViaApi(page);
    await openImport(page, imp.id);
    await page.getByRole('button', { name: 'Copy tracking link' }).click();
    await expectToast(page, 'Success', 'Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/acompanhar/${imp.publicId}$`),
    );
  });
});
