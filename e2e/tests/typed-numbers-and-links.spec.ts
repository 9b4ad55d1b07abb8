// Issue 30: numbers typed the way people write them (ADR 052), customer links from PUBLIC_URL and
// Quoted when sent (ADR 053), and the first save of a record that was never saved.
import type { Browser, Page } from '@playwright/test';
import { api, E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { createImportViaApi, getImportViaApi, openImport } from '../lib/imports-api.ts';
import { createLeadViaApi, getLeadViaApi, signInViaApi } from '../lib/lead-detail-api.ts';

/** A signed-in page in its own context: the locale, and the address the browser uses. */
async function staffPage(browser: Browser, opts: { locale: string; baseURL?: string }): Promise<Page> {
  const context = await browser.newContext({
    locale: opts.locale,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await signInViaApi(page, E2E_USERS.admin);
  return page;
}

// Six saves and a refusal on a loaded machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const SERVICE_PRICES: [typed: string, saved: string][] = [
  ['180,50', '180.50'],
  ['181.50', '181.50'],
  ['1 234,56', '1234.56'],
  ['2.234,56', '2234.56'],
  ['3,234.56', '3234.56'],
  ['€ 180', '180.00'],
];

for (const locale of ['pt-PT', 'en-US']) {
  test(`money typed every way under ${locale} is saved as typed, and an ambiguous amount is refused`, async ({
    browser,
  }) => {
    const page = await staffPage(browser, { locale });
    const imp = await createImportViaApi(page);
    await openImport(page, imp.id);
    for (const [typed, saved] of SERVICE_PRICES) {
      await page.getByRole('button', { name: 'Edit service price' }).click();
      const form = page.getByRole('form', { name: 'Edit service price' });
      await form.getByLabel('Service price (€)').fill(typed);
      // Shown back before saving, as it will be saved.
      await expect(form.getByTestId('number-reads')).toContainText('Reads as €');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden({ timeout: 15_000 });
      expect((await getImportViaApi(page, imp.id)).servicePrice, typed).toBe(saved);
    }
    await page.getByRole('button', { name: 'Edit service price' }).click();
    const form = page.getByRole('form', { name: 'Edit service price' });
    await form.getByLabel('Service price (€)').fill('1.234');
    await expect(form.getByTestId('number-reads')).toContainText("'1.234' could be read two ways");
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(/could be read two ways/).first()).toBeVisible();
    expect((await getImportViaApi(page, imp.id)).servicePrice).toBe('180.00');
    await page.context().close();
  });
}

test('customer links use PUBLIC_URL when the back office is opened on another address; copying quotes the lead', async ({
  browser,
  baseURL,
}) => {
  // PUBLIC_URL is http://127.0.0.1:PORT (playwright.config.ts); this browser uses localhost.
  const publicUrl = new URL(baseURL!).origin;
  const other = publicUrl.replace('127.0.0.1', 'localhost');
  expect(other).not.toBe(publicUrl);
  const page = await staffPage(browser, { locale: 'en-US', baseURL: other });

  const lead = await createLeadViaApi(page);
  const { proposal } = await api(page).post<{ proposal: { id: number; publicId: string } }>(
    `/api/leads/${lead.id}/proposals`,
    {
      vehicleBrand: 'BMW',
      vehicleModel: '320d',
      vehicleEngineSize: '1995',
      vehicleFuelType: 'diesel',
      vehicleCo2Emissions: '119',
      vehicleFirstRegistration: '03/2021',
      vehiclePrice: '24 500,00',
    },
  );
  // Creating the proposal did not quote the lead (docs/rulings.md ruling 22).
  expect((await getLeadViaApi(page, lead.id)).status).toBe('requested');

  await page.goto(`/admin/leads/${lead.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Lead #${lead.reference}` })).toBeVisible({
    timeout: 20_000,
  });
  const card = page.getByTestId('proposals-card');
  await expect(card.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    `${publicUrl}/proposta/${proposal.publicId}`,
  );
  await card.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Success', 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${publicUrl}/proposta/${proposal.publicId}`);
  await expect.poll(async () => (await getLeadViaApi(page, lead.id)).status).toBe('quoted');
  expect((await getLeadViaApi(page, lead.id)).quotedAmount).not.toBeNull();

  const imp = await createImportViaApi(page);
  await openImport(page, imp.id);
  await page.getByRole('button', { name: 'Copy tracking link' }).click();
  await expectToast(page, 'Success', 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${publicUrl}/acompanhar/${imp.publicId}`);
  await page.context().close();
});

test('a signature never saved is saved on the first try, with no raw validation text', async ({ page }) => {
  await signInViaApi(page, E2E_USERS.admin);
  const before = await api(page).get<{ version: number }>('/api/gmail/signature/comercial');
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Comercial' }).click();
  await page.getByLabel('Comercial signature (HTML)').fill('<p>Equipa comercial</p>');
  await page.getByRole('button', { name: 'Save signature' }).click();
  await expectToast(page, 'Success', 'Comercial signature saved');
  const after = await api(page).get<{ signature: string; version: number }>('/api/gmail/signature/comercial');
  expect(after).toEqual({ signature: '<p>Equipa comercial</p>', version: before.version + 1 });
});
