// Issue 30 item 1 (ADR 052): every money and measure field staff type in is typed the Portuguese
// way ('180,50', '1.234,56', '150.000') under a pt-PT and an en-US browser, and the saved value is
// read back from the API. The import's service price on its detail page has its own spec
// (typed-numbers-and-links).
import type { Browser, Locator, Page } from '@playwright/test';
import { api, E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { createImportViaApi, createSupplierViaApi, getImportViaApi, openImport } from '../lib/imports-api.ts';
import { createLeadViaApi, getLeadViaApi, signInViaApi, type ApiLead } from '../lib/lead-detail-api.ts';

async function staffPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signInViaApi(page, E2E_USERS.admin);
  return page;
}

/** Opens the lead; the first load of the detail on a busy machine takes more than 5 s. */
async function openLead(page: Page, lead: Pick<ApiLead, 'id' | 'reference'>) {
  await page.goto(`/admin/leads/${lead.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Lead #${lead.reference}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** Types into a typed-number field and leaves it, as a person tabbing on. */
async function typeNumber(field: Locator, typed: string) {
  await field.fill(typed);
  await field.blur();
}

// Many saves per locale on a loaded machine.
test.describe.configure({ timeout: 180_000 });

for (const locale of ['pt-PT', 'en-US']) {
  test.describe(`typed the Portuguese way under ${locale}`, () => {
    test('Add Lead: budget and mileage', async ({ browser }) => {
      const page = await staffPage(browser, locale);
      await page.goto('/admin/leads');
      await page.getByRole('button', { name: 'Add Lead', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Lead' });
      await dialog.getByLabel('First name *').fill(`Números ${locale}`);
      await dialog.getByLabel('Make *').fill('Audi');
      await dialog.getByLabel('Model *').fill('A4');
      await typeNumber(dialog.getByLabel('Budget (€)'), '1.234,56');
      await typeNumber(dialog.getByLabel('Mileage (km)'), '150.000');
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST'),
        dialog.getByRole('button', { name: 'Add Lead' }).click(),
      ]);
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      expect(await getLeadViaApi(page, id)).toMatchObject({
        budget: '1234.56',
        requestedBudget: '1234.56',
        mileage: 150000,
      });
      await page.context().close();
    });

    test("lead detail's vehicle: budget and mileage", async ({ browser }) => {
      const page = await staffPage(browser, locale);
      const lead = await createLeadViaApi(page);
      await openLead(page, lead);
      for (const [budget, mileage, savedBudget, savedMileage] of [
        ['180,50', '1 234', '180.50', 1234],
        ['1.234,56', '150.000', '1234.56', 150000],
      ] as const) {
        await page.getByRole('button', { name: 'Edit vehicle' }).click();
        const form = page.getByRole('form', { name: 'Edit vehicle' });
        await typeNumber(form.getByLabel('Budget (€)'), budget);
        await typeNumber(form.getByLabel('Mileage (km)'), mileage);
        await form.getByRole('button', { name: 'Save' }).click();
        await expect(form).toBeHidden({ timeout: 15_000 });
        expect(await getLeadViaApi(page, lead.id)).toMatchObject({ budget: savedBudget, mileage: savedMileage });
      }
      await page.context().close();
    });

    test('import: a supplier cost added and edited, the vehicle price and ISV', async ({ browser }) => {
      const page = await staffPage(browser, locale);
      const supplier = await createSupplierViaApi(page);
      const imp = await createImportViaApi(page, { servicePrice: '2000' });
      await openImport(page, imp.id);
      const costs = () => api(page).get<Array<{ value: string }>>(`/api/imports/${imp.id}/costs`);

      await page.getByRole('button', { name: 'Add Cost' }).click();
      const add = page.getByRole('dialog', { name: 'Add Cost' });
      await add.getByRole('combobox').click();
      await page.getByRole('option', { name: new RegExp(`^${supplier.name}`) }).click();
      await typeNumber(add.getByLabel('Value (€) *'), '180,50');
      await expect(add.getByTestId('number-reads')).toContainText('Reads as €180.50');
      await add.getByRole('button', { name: 'Add Cost' }).click();
      await expect(add).toBeHidden();
      expect((await costs()).map((c) => c.value)).toEqual(['180.50']);
      // The profit to the cent: not €18 050 (issue 30).
      expect((await getImportViaApi(page, imp.id)).finance.profit).toBe('1819.50');

      await page
        .getByTestId('cost-item')
        .getByRole('button', { name: /^Edit cost/ })
        .click();
      const edit = page.getByRole('dialog', { name: 'Edit Cost' });
      await typeNumber(edit.getByLabel('Value (€) *'), '1.234,56');
      await edit.getByRole('button', { name: 'Save Cost' }).click();
      await expect(edit).toBeHidden();
      expect((await costs()).map((c) => c.value)).toEqual(['1234.56']);

      await page.getByRole('button', { name: 'Edit vehicle' }).click();
      const vehicle = page.getByRole('form', { name: 'Edit vehicle' });
      await typeNumber(vehicle.getByLabel('Vehicle price (€)'), '24.500,50');
      await typeNumber(vehicle.getByLabel('ISV (€)'), '1 234,56');
      await vehicle.getByRole('button', { name: 'Save' }).click();
      await expect(vehicle).toBeHidden({ timeout: 15_000 });
      expect(await getImportViaApi(page, imp.id)).toMatchObject({ vehiclePrice: '24500.50', vehicleIsv: '1234.56' });
      await page.context().close();
    });

    test('proposal editor: prices, mileage, engine, CO2, transport and registration', async ({ browser }) => {
      const page = await staffPage(browser, locale);
      const lead = await createLeadViaApi(page);
      await api(page).post(`/api/leads/${lead.id}/proposals`, {
        vehicleBrand: 'BMW',
        vehicleModel: '320d',
        vehicleFuelType: 'diesel',
        vehicleFirstRegistration: '03/2021',
        vehiclePrice: '20000',
      });
      await openLead(page, lead);
      await page.getByTestId('proposal-item').getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Proposal' });
      await typeNumber(dialog.getByLabel('Price', { exact: true }), '24.500,50');
      await typeNumber(dialog.getByLabel('Original price'), '26.000,00');
      await typeNumber(dialog.getByLabel('Price without VAT'), '19 918,29');
      await typeNumber(dialog.getByLabel('Mileage'), '150.000');
      await typeNumber(dialog.getByLabel('Engine size'), '1.995');
      await typeNumber(dialog.getByLabel('CO2 emissions'), '119');
      await dialog.getByRole('tab', { name: 'Import Costs' }).click();
      await typeNumber(dialog.getByLabel('Transport', { exact: true }), '1.234,56');
      await typeNumber(dialog.getByLabel('Registration', { exact: true }), '180,50');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, 'Success', 'Proposal updated');
      const [saved] = await api(page).get<Array<Record<string, unknown>>>(`/api/leads/${lead.id}/proposals`);
      expect(saved).toMatchObject({
        vehiclePrice: '24500.50',
        vehicleOriginalPrice: '26000.00',
        vehiclePriceWithoutVat: '19918.29',
        vehicleMileage: 150000,
        vehicleEngineSize: 1995,
        vehicleCo2Emissions: 119,
        transportCost: '1234.56',
        registrationFee: '180.50',
      });
      await page.context().close();
    });

    test('Create New Import: vehicle price, ISV and service price', async ({ browser }) => {
      const page = await staffPage(browser, locale);
      await page.goto('/admin/imports');
      await page.getByRole('button', { name: 'New Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Import' });
      await dialog.getByLabel('Client name *').fill(`Números ${locale}`);
      await dialog.getByLabel('Make *').fill('Audi');
      await dialog.getByLabel('Model *').fill('A4');
      await typeNumber(dialog.getByLabel('Vehicle price (€)'), '24.500,50');
      await typeNumber(dialog.getByLabel('ISV (€)'), '1 234,56');
      await typeNumber(dialog.getByLabel('Service price (€)'), '€ 2.000,00');
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/imports') && r.request().method() === 'POST'),
        dialog.getByRole('button', { name: 'Create Import' }).click(),
      ]);
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      expect(await getImportViaApi(page, id)).toMatchObject({
        vehiclePrice: '24500.50',
        vehicleIsv: '1234.56',
        servicePrice: '2000.00',
      });
      await page.context().close();
    });

    test("Edit Lead: the quoted amount, '27.450,00'", async ({ browser }) => {
      const page = await staffPage(browser, locale);
      const lead = await createLeadViaApi(page);
      await openLead(page, lead);
      await page.getByRole('button', { name: 'Edit lead' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Lead' });
      await typeNumber(dialog.getByLabel('Quoted amount (€)'), '27.450,00');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog).toBeHidden({ timeout: 15_000 });
      expect(await getLeadViaApi(page, lead.id)).toMatchObject({ quotedAmount: '27450.00' });
      await page.context().close();
    });

    test('proposal editor: a zloty price, its rate typed with a comma, and the electric range', async ({ browser }) => {
      const page = await staffPage(browser, locale);
      const lead = await createLeadViaApi(page);
      await api(page).post(`/api/leads/${lead.id}/proposals`, {
        vehicleBrand: 'BMW',
        vehicleModel: '330e',
        vehicleFuelType: 'plugin_hybrid',
        pluginValue: true,
        vehicleFirstRegistration: '03/2021',
        listedPrice: '89900',
        listedCurrency: 'PLN',
        exchangeRate: '0.2',
        exchangeRateDate: '2026-11-20',
        vehiclePrice: '17980',
      });
      await openLead(page, lead);
      await page.getByTestId('proposal-item').getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Proposal' });
      await typeNumber(dialog.getByLabel('Exchange rate (€ per PLN)'), '0,2345');
      await expect(dialog.getByTestId('euro-price')).toContainText(/21.081\.55/);
      await dialog.getByRole('tab', { name: 'Import Costs' }).click();
      await typeNumber(dialog.getByLabel('Electric range'), '62');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, 'Success', 'Proposal updated');
      const [saved] = await api(page).get<Array<Record<string, unknown>>>(`/api/leads/${lead.id}/proposals`);
      expect(saved).toMatchObject({ exchangeRate: '0.234500', vehiclePrice: '21081.55', electricRangeKm: 62 });
      await page.context().close();
    });

    // Each locale adds a currency no other spec sets: PLN is the foreign-price spec's, and a second
    // PLN row would be refused as a duplicate.
    test('settings: an exchange rate with a decimal comma', async ({ browser }) => {
      const page = await staffPage(browser, locale);
      await page.goto('/admin/settings');
      const card = page.getByTestId('exchange-rates');
      await card.getByRole('button', { name: 'Add a currency' }).click();
      const last = async (label: string) => card.getByLabel(label, { exact: true }).last();
      await (await last('Currency')).fill(locale === 'pt-PT' ? 'HUF' : 'CZK');
      await (await last('€ per unit')).fill('0,2345');
      await (await last('Date')).fill('2026-11-20');
      await card.getByRole('button', { name: 'Save rates' }).click();
      await expectToast(page, 'Success', 'Exchange rates saved');
      const { rates } = await api(page).get<{ rates: Array<{ currency: string; eurPerUnit: string }> }>(
        '/api/exchange-rates',
      );
      const rate = rates.find((r) => r.currency === (locale === 'pt-PT' ? 'HUF' : 'CZK'));
      expect(Number(rate?.eurPerUnit)).toBe(0.2345);
      await page.context().close();
    });
  });
}
