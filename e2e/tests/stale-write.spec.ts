// No lost updates (ADR 022, ADR 024): two people in two browsers edit the same record; the second
// save is refused with the stale message, keeps what was typed, and Reload lets them save again.
import type { Browser, Page } from '@playwright/test';
import { api, E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { createLeadViaApi, getLeadViaApi, openLead, signInViaApi } from '../lib/lead-detail-api.ts';

const STALE_LEAD = 'This lead was changed by someone else. Reload to see the latest.';
const STALE_PROPOSAL = 'This proposal was changed by someone else. Reload to see the latest.';

/** A second person: their own browser context, signed in as the role user. */
async function colleague(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInViaApi(page, E2E_USERS.staff);
  return { page, close: () => context.close() };
}

test.describe('two people editing one record', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page));

  test('lead: the second save gets the stale message, keeps the typing, and saves after Reload', async ({
    page,
    browser,
  }, testInfo) => {
    const lead = await createLeadViaApi(page);
    const other = await colleague(browser);
    try {
      // Both open the lead and start editing the contact card.
      await openLead(page, lead);
      await openLead(other.page, lead);
      for (const p of [page, other.page]) await p.getByRole('button', { name: 'Edit contact' }).click();
      const mine = page.getByRole('form', { name: 'Edit contact' });
      const theirs = other.page.getByRole('form', { name: 'Edit contact' });

      await theirs.getByLabel('Last name').fill('Santos');
      await theirs.getByRole('button', { name: 'Save' }).click();
      await expectToast(other.page, 'Success', 'Lead details updated successfully');

      // The live refresh reaches this page while its form is open: nothing typed is lost.
      await mine.getByLabel('Last name').fill('Costa');
      await mine.getByLabel('Phone').fill('+351 933 444 555');
      await mine.getByRole('button', { name: 'Save' }).click();
      const notice = page.getByTestId('stale-write');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(STALE_LEAD);
      await expect(notice).toContainText('What you typed is still here.');
      await expect(mine.getByLabel('Last name')).toHaveValue('Costa');
      await expect(mine.getByLabel('Phone')).toHaveValue('+351 933 444 555');
      expect((await getLeadViaApi(page, lead.id)).lastName).toBe('Santos');
      // For a look at the notice: light, dark, and a phone's width (the form stays as typed).
      await page.screenshot({ path: testInfo.outputPath('stale-lead-light.png') });
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await page.waitForTimeout(400); // the colours' transition
      await page.screenshot({ path: testInfo.outputPath('stale-lead-dark.png') });
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(notice).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath('stale-lead-phone.png') });
      await page.setViewportSize({ width: 1280, height: 800 });

      await notice.getByRole('button', { name: 'Reload' }).click();
      await expect(notice).toBeHidden();
      await expect(mine.getByLabel('Last name')).toHaveValue('Costa');
      await mine.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Success', 'Lead details updated successfully');
      const saved = await getLeadViaApi(page, lead.id);
      expect(saved).toMatchObject({ lastName: 'Costa', phone: '+351 933 444 555' });
    } finally {
      await other.close();
    }
  });

  test('lead notes: a timeline entry by a colleague does not make the draft stale', async ({ page, browser }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await page.getByLabel('Notes').fill('Prefers a white car.');
    const other = await colleague(browser);
    try {
      await api(other.page).post(`/api/leads/${lead.id}/quick-contact`, { type: 'call', notes: 'Called, no answer' });
    } finally {
      await other.close();
    }
    await expect(page.getByTestId('timeline-entry').first()).toContainText('Called, no answer', { timeout: 8_000 });
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expectToast(page, 'Success', 'Notes saved successfully');
    await expect(page.getByTestId('stale-write')).toHaveCount(0);
    expect((await getLeadViaApi(page, lead.id)).notes).toBe('Prefers a white car.');
  });

  test('proposal: the second save in the editor gets the stale message inside the dialog', async ({
    page,
    browser,
  }, testInfo) => {
    const lead = await createLeadViaApi(page);
    const { proposal } = await api(page).post<{ proposal: { id: number } }>(`/api/leads/${lead.id}/proposals`, {
      vehicleBrand: 'Audi',
      vehicleModel: 'A4',
    });
    const other = await colleague(browser);
    try {
      await openLead(page, lead);
      await page.getByTestId('proposals-card').getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Proposal' });
      await dialog.getByLabel('Model').fill('A6 Avant');

      await api(other.page).put(`/api/proposals/${proposal.id}`, { vehicleModel: 'Q5' });

      await dialog.getByRole('button', { name: 'Save changes' }).click();
      const notice = dialog.getByTestId('stale-write');
      await expect(notice).toContainText(STALE_PROPOSAL);
      await expect(dialog.getByLabel('Model')).toHaveValue('A6 Avant');
      await page.screenshot({ path: testInfo.outputPath('stale-proposal-light.png') });
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await page.waitForTimeout(400); // the colours' transition
      await page.screenshot({ path: testInfo.outputPath('stale-proposal-dark.png') });
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await notice.getByRole('button', { name: 'Reload' }).click();
      await expect(notice).toBeHidden();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, 'Success', 'Proposal updated');
      const [saved] = await api(page).get<{ vehicleModel: string; version: number }[]>(
        `/api/leads/${lead.id}/proposals`,
      );
      expect(saved).toMatchObject({ vehicleModel: 'A6 Avant', version: 3 });
    } finally {
      await other.close();
    }
  });

  test('company details: two admins; a live refresh keeps the typing, the stale save shows the notice', async ({
    page,
    browser,
  }, testInfo) => {
    type Company = Record<string, string | number>;
    const before = await api(page).get<Company>('/api/settings');
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const otherAdmin = await context.newPage();
      await signInViaApi(otherAdmin, E2E_USERS.admin);
      await page.goto('/admin/settings');
      const name = page.getByLabel('Company name');
      await expect(name).toHaveValue(String(before.companyName));
      await name.fill('Typed Here Lda');

      // The other admin saves another field (the spec's call, no version); the live event refreshes
      // this form: the untouched field shows it, the typed one stays.
      await api(otherAdmin).put('/api/settings', { managerGeralName: 'Rui Moreira' });
      await expect(page.getByLabel('Geral manager name')).toHaveValue('Rui Moreira', { timeout: 8_000 });
      await expect(name).toHaveValue('Typed Here Lda');

      await page.getByRole('button', { name: 'Save changes' }).click();
      const notice = page.getByTestId('stale-write');
      await expect(notice).toContainText('This record was changed by someone else. Reload to see the latest.');
      await expect(name).toHaveValue('Typed Here Lda');
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('stale-settings-light.png') });
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await page.waitForTimeout(400); // the colours' transition
      await page.screenshot({ path: testInfo.outputPath('stale-settings-dark.png') });
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await page.setViewportSize({ width: 390, height: 844 });
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('stale-settings-phone.png') });
      await page.setViewportSize({ width: 1280, height: 800 });

      await notice.getByRole('button', { name: 'Reload' }).click();
      await expect(notice).toBeHidden();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, 'Success', 'Settings saved');
      expect(await api(page).get<Company>('/api/settings')).toMatchObject({
        companyName: 'Typed Here Lda',
        managerGeralName: 'Rui Moreira',
      });
    } finally {
      await context.close();
      // Put the details back for the specs after this one.
      const { companyName, managerGeralName } = before;
      await api(page).put('/api/settings', { companyName, managerGeralName });
    }
  });
});
