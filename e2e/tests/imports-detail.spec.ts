import { IMPORT_STATUS_LABELS, IMPORT_PROGRESS } from '#shared/imports/status.ts';
import { LEAD_STATUS_LABELS, type LeadStatus } from '#shared/leads/status.ts';
import { IMPORT_STAGE_SEQUENCE } from '#shared/imports/tracking.ts';
import { api, E2E_USERS, expect, expectToast, signIn, test } from '../fixtures.ts';
import { createLeadViaApi, getLeadViaApi, openLead, signInViaApi } from '../lib/lead-detail-api.ts';
import { createImportViaApi, createSupplierViaApi, getImportViaApi, openImport } from '../lib/imports-api.ts';

test.describe('imports', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page));

  test('convert a lead from its proposal: the dialog prefills car, prices and client; the lead becomes Converted', async ({
    page,
  }) => {
    const lead = await createLeadViaApi(page, { firstName: 'Inês', lastName: 'Prata', status: undefined });
    const { proposal } = await api(page).post<{ proposal: { id: number; publicId: string; isvCost: string | null } }>(
      `/api/leads/${lead.id}/proposals`,
      {
        vehicleBrand: 'Audi',
        vehicleModel: 'A4',
        vehicleFuelType: 'petrol',
        vehicleEngineSize: 1984,
        vehicleCo2Emissions: 140,
        vehicleFirstRegistration: '06/2020',
        vehicleMileage: 60000,
        vehiclePrice: '28000',
        transportCost: '2150.50',
        registrationFee: '340',
      },
    );
    // A proposal moves the lead on (Quoted): the status the dialog's Cancel must leave as it is.
    const before = LEAD_STATUS_LABELS[(await getLeadViaApi(page, lead.id)).status as LeadStatus];
    await openLead(page, lead);
    await expect(page.getByTestId('lead-status')).toHaveText(before);
    await page.getByTestId('lead-status').click();
    await page.getByRole('option', { name: 'Converted' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Import from Lead' });
    await expect(dialog.getByLabel('Client name *')).toHaveValue('Inês Prata');
    await expect(dialog.getByLabel('Email')).toHaveValue(lead.email!);

    // Cancel first: nothing changes.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('lead-status')).toHaveText(before);
    expect((await getLeadViaApi(page, lead.id)).status).not.toBe('converted');

    await page.getByTestId('lead-status').click();
    await page.getByRole('option', { name: 'Converted' }).click();
    await dialog.getByTestId('import-proposal').click();
    await page.getByRole('option', { name: 'Audi A4 - €28 000' }).click();
    await expect(dialog.getByLabel('Make *')).toHaveValue('Audi');
    await expect(dialog.getByLabel('Model *')).toHaveValue('A4');
    await expect(dialog.getByLabel('Year')).toHaveValue('2020');
    await expect(dialog.getByLabel('Vehicle price (€)')).toHaveValue('28000');
    await expect(dialog.getByLabel('ISV (€)')).toHaveValue((proposal.isvCost ?? '').replace(/\.00$/, ''));
    // Service price = transport + registration (section 9), to the cent.
    await expect(dialog.getByLabel('Service price (€)')).toHaveValue('2490.50');
    await dialog.getByLabel('VIN').fill('wauzzz8k9ba123456');
    await dialog.getByRole('button', { name: 'Create Import' }).click();

    const toast = await expectToast(page, 'Success', 'Import created successfully');
    await expect(page.getByTestId('lead-status')).toHaveText('Converted');
    expect((await getLeadViaApi(page, lead.id)).status).toBe('converted');
    await toast.getByRole('button', { name: 'Open import' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Import #\d+$/ })).toBeVisible();
    await expect(page.getByTestId('vehicle-card')).toContainText('WAUZZZ8K9BA123456');
    await expect(page.getByTestId('service-price')).toHaveText('€2 490.50');
    await expect(page.getByRole('link', { name: 'View proposal' })).toHaveAttribute(
      'href',
      `/proposta/${proposal.publicId}`,
    );
    await expect(page.getByRole('link', { name: `Lead #${lead.reference}` })).toBeVisible();
  });

  test('walk an import through every stage, with the dated history and the arrows disabled at the ends', async ({
    page,
  }) => {
    const imp = await createImportViaApi(page);
    await openImport(page, imp.id);
    const previous = page.getByRole('button', { name: /^Previous stage/ });
    const next = page.getByRole('button', { name: /^Next stage/ });
    await expect(previous).toBeDisabled();
    for (const [i, status] of IMPORT_STAGE_SEQUENCE.entries()) {
      await expect(page.getByTestId('import-status-badge')).toHaveText(IMPORT_STATUS_LABELS[status]);
      await expect(page.getByTestId('import-percent')).toHaveText(`${IMPORT_PROGRESS[status]}% complete`);
      if (i < IMPORT_STAGE_SEQUENCE.length - 1) await next.click();
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    const history = page.getByTestId('stage-history').getByRole('listitem');
    await expect(history).toHaveCount(IMPORT_STAGE_SEQUENCE.length);
    await expect(history.last()).toContainText('Deliveredcurrent');
    await expect(history.last()).toContainText('Ana');
    await expect(page.getByTestId('days-in-stage')).toContainText(/^Delivered for less than a day/);

    // The dropdown jumps anywhere, canceled included; back one stage from the end works too.
    await page.getByTestId('import-status').click();
    await page.getByRole('option', { name: 'Canceled' }).click();
    await expect(page.getByTestId('import-status-badge')).toHaveText('Canceled');
    await expect(page.getByTestId('import-percent')).toHaveText('100% complete');
    const saved = await getImportViaApi(page, imp.id);
    expect(saved.status).toBe('canceled');
    expect(saved.history.map((h) => h.status)).toEqual([...IMPORT_STAGE_SEQUENCE, 'canceled']);
  });

  test('add, edit and delete costs and see the profit change to the cent', async ({ page }) => {
    const supplier = await createSupplierViaApi(page, { name: `Transportes ${Date.now()}` });
    const imp = await createImportViaApi(page, { servicePrice: '2000' });
    await openImport(page, imp.id);
    const profit = page.getByTestId('import-profit');
    await expect(profit).toHaveText('€2 000.00');

    await page.getByRole('button', { name: 'Add Cost' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Cost' });
    await dialog.getByRole('button', { name: 'Add Cost' }).click();
    await expect(dialog.getByText('Supplier is required')).toBeVisible();
    await expect(dialog.getByText('Value is required')).toBeVisible();
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: new RegExp(`^${supplier.name}`) }).click();
    await dialog.getByLabel('Value (€) *').fill('500.25');
    await dialog.getByLabel('Notes').fill('Truck Munich - Lisbon');
    await dialog.getByRole('button', { name: 'Add Cost' }).click();
    await expect(dialog).toBeHidden();
    await expect(profit).toHaveText('€1 499.75');
    const cost = page.getByTestId('cost-item');
    await expect(cost).toHaveAttribute('data-invoiced', 'false');
    await expect(cost).toContainText('Not invoiced');
    await expect(page.getByTestId('finance-summary')).toContainText('Costs passed along€500.25');
    await expect(page.getByTestId('finance-summary')).toContainText('Our invoice value€1 499.75');

    // A flag toggles on its own: invoiced to us moves the cost out of "passed along".
    await cost.getByRole('checkbox', { name: 'Invoiced to us' }).click();
    await expect(page.getByTestId('finance-summary')).toContainText('Costs invoiced to us€500.25');
    await expect(page.getByTestId('finance-summary')).toContainText('Our invoice value€2 000.00');
    await cost.getByRole('checkbox', { name: 'Invoiced', exact: true }).click();
    await expect(cost).toHaveAttribute('data-invoiced', 'true');

    await cost.getByRole('button', { name: /^Edit cost/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Cost' });
    await expect(edit.getByLabel('Value (€) *')).toHaveValue('500.25');
    await edit.getByLabel('Value (€) *').fill('2100');
    await edit.getByRole('button', { name: 'Save Cost' }).click();
    await expect(edit).toBeHidden();
    await expect(profit).toHaveText('-€100.00');
    await expect(profit).toHaveClass(/text-red-600/);

    // The list shows the same profit, rounded.
    await page.goto('/admin/imports');
    await expect(page.locator(`[data-import-id="${imp.id}"]`).getByTestId('profit')).toHaveText('-€100');
    await openImport(page, imp.id);

    await page
      .getByTestId('cost-item')
      .getByRole('button', { name: /^Delete cost/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this cost entry?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Cost deleted');
    await expect(profit).toHaveText('€2 000.00');
    await expect(page.getByText('No costs recorded yet.')).toBeVisible();
  });

  test('notes save only when changed; client edit cancel restores', async ({ page }) => {
    const imp = await createImportViaApi(page);
    await openImport(page, imp.id);
    const notes = page.getByLabel('Notes', { exact: true });
    await expect(page.getByRole('button', { name: 'Save notes' })).toBeHidden();
    await notes.fill('Keys at the office');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expect(page.getByRole('button', { name: 'Save notes' })).toBeHidden();
    await page.reload();
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Keys at the office');

    const card = page.getByTestId('client-card');
    await card.getByRole('button', { name: 'Edit client' }).click();
    await card.getByLabel('Name *').fill('Changed name');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toContainText(imp.clientName);
  });

  test('two people edit one import: the second gets the conflict message, keeps their text, reloads and saves', async ({
    page,
    browser,
  }) => {
    const imp = await createImportViaApi(page);
    const other = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', timezoneId: 'UTC' });
    const page2 = await other.newPage();
    await signIn(page2, E2E_USERS.staff.username, E2E_USERS.staff.password);
    await openImport(page, imp.id);
    await openImport(page2, imp.id);

    // Both open the client card; the first saves.
    const card1 = page.getByTestId('client-card');
    const card2 = page2.getByTestId('client-card');
    await card1.getByRole('button', { name: 'Edit client' }).click();
    await card2.getByRole('button', { name: 'Edit client' }).click();
    await card1.getByLabel('VAT ID').fill('PT111111111');
    await card1.getByRole('button', { name: 'Save' }).click();
    await expect(card1).toContainText('PT111111111');

    await card2.getByLabel('Address').fill('Avenida da Liberdade 10, Lisboa');
    await card2.getByRole('button', { name: 'Save' }).click();
    const notice = page2.getByTestId('stale-write');
    await expect(notice).toContainText('This import was changed by someone else. Reload to see the latest.');
    await expect(card2.getByLabel('Address')).toHaveValue('Avenida da Liberdade 10, Lisboa');
    expect((await api(page).get<{ clientAddress: string | null }>(`/api/imports/${imp.id}`)).clientAddress).not.toBe(
      'Avenida da Liberdade 10, Lisboa',
    );

    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(notice).toBeHidden();
    await expect(card2.getByLabel('Address')).toHaveValue('Avenida da Liberdade 10, Lisboa');
    // Their form still holds the VAT ID they saw; they take the latest before saving again.
    await card2.getByLabel('VAT ID').fill('PT111111111');
    await card2.getByRole('button', { name: 'Save' }).click();
    await expect(card2).toContainText('Avenida da Liberdade 10, Lisboa');
    const saved = await api(page).get<{ clientAddress: string; clientVatId: string }>(`/api/imports/${imp.id}`);
    expect(saved).toMatchObject({ clientAddress: 'Avenida da Liberdade 10, Lisboa', clientVatId: 'PT111111111' });
    await other.close();
  });
});
