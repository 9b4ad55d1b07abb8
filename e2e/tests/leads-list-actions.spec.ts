import { readFile } from 'node:fs/promises';
import { E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { leadsApi, openAs, uniqueTag } from '../lib/leads-api.ts';
import { searchFor } from '../lib/leads-list-page.ts';

const { admin } = E2E_USERS;

test.describe('leads list', () => {
  test('Export CSV downloads the filtered list: UTF-8 with BOM, Portuguese format, a header and the rows', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    const kept = await leads.create({
      firstName: 'Exported',
      lastName: `Conceição ${tag}`,
      vehicleMake: 'Škoda',
      vehicleModel: 'Octavia',
      budget: '18500.50',
    });
    await leads.create({ firstName: 'Filtered', lastName: tag, status: 'rejected' });
    await page.reload();
    await searchFor(page, tag, 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      // Portuguese spreadsheets split on ';' and read a decimal comma (the default format).
      'Reference;First name;Last name;Email;Phone;Make;Model;Year;Budget (EUR);Status;Source;Created;Last interaction',
    );
    expect(lines).toHaveLength(2); // the rejected lead is filtered out like on screen
    expect(lines[1]).toMatch(
      new RegExp(
        `^${kept.reference};Exported;Conceição ${tag};;;Škoda;Octavia;;18500,50;Requested;Geral;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};`,
      ),
    );
  });

  test("header buttons: 'Create lead manually' opens its dialog; the mailbox buttons answer", async ({ page }) => {
    await openAs(page, admin, '/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByText('Manage customer inquiries and quotes')).toBeVisible();
    await page.getByRole('button', { name: 'Check e-mails' }).click();
    // Not connected here, unless the mailbox browser test has a mailbox connected at this moment.
    await expect(page.getByText(/^(Gmail Not Connected|Email Check Complete|Please Wait)$/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Import lead by reference' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Lead by Reference' });
    await expect(importDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(importDialog).toBeHidden();
    await page.getByRole('button', { name: 'Create lead manually' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Lead Manually' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test("'Add Lead' opens the Add/Edit Lead dialog in add mode and creates the lead it describes", async ({ page }) => {
    await openAs(page, admin, '/admin/leads');
    await page.getByRole('button', { name: 'Add Lead', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lead' });
    await expect(dialog).toBeVisible();
    const tag = uniqueTag();
    await dialog.getByLabel('First name *').fill(`Added ${tag}`);
    await dialog.getByLabel('Make *').fill('Audi');
    await dialog.getByLabel('Model *').fill('A4');
    await dialog.getByLabel('Budget (€)').fill('25 000');
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Add Lead' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const lead = (await created.json()) as { id: number; firstName: string; budget: string; requestedBudget: string };
    expect(lead).toMatchObject({ firstName: `Added ${tag}`, budget: '25000.00', requestedBudget: '25000.00' });
    await expectToast(page, 'Success', 'Lead created successfully');
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead.id}$`));
  });
});
