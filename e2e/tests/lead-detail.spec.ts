import type { Page } from '@playwright/test';
import { api, expect, expectToast, test } from '../fixtures.ts';
import { createLeadViaApi, getLeadViaApi, openLead, signInViaApi, staffDate } from '../lib/lead-detail-api.ts';

const contactForm = (page: Page) => page.getByRole('form', { name: 'Edit contact' });
const vehicleForm = (page: Page) => page.getByRole('form', { name: 'Edit vehicle' });

test.describe('lead detail', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page));

  test('header, badge, times, vehicle and quote in euros; opening marks it seen once', async ({ page }) => {
    const lead = await createLeadViaApi(page, { emailSource: 'comercial' });
    const seenCalls: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/leads/${lead.id}/seen`) && seenCalls.push(r.url()),
    );
    const seen = page.waitForResponse((r) => r.url().endsWith(`/api/leads/${lead.id}/seen`));
    await openLead(page, lead);
    expect((await seen).status()).toBe(200);

    const badge = page.getByTestId('source-badge');
    await expect(badge).toHaveText('Comercial');
    await expect(badge).toHaveCSS('background-color', /^(rgb|oklch|oklab|lab)/);
    await expect(page.getByTestId('lead-created')).toHaveText(staffDate(lead.createdAt));
    await expect(page.getByTestId('lead-created')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
    await expect(page.getByTestId('budget-badge')).toHaveText('Budget €25\u00a0000');
    await expect(page.getByTestId('quote-card')).toContainText('€25\u00a0000');
    await expect(page.getByTestId('quote-card')).not.toContainText('$');
    await expect(page.getByTestId('vehicle-view')).toContainText('85\u00a0000 km');
    await expect(page.getByTestId('vehicle-view')).toContainText('Automatic');
    await expect(page.getByTestId('vehicle-view')).toContainText('Diesel');
    const link = page.getByRole('link', { name: /example\.com\/listing/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(page.getByText('No proposals yet')).toBeVisible();
    expect((await getLeadViaApi(page, lead.id)).seen).toBe(true);
    await page.waitForTimeout(300);
    expect(seenCalls).toHaveLength(1);
  });

  test('contact: edit, Cancel restores, the e-mail rule, save persists', async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await page.getByRole('button', { name: 'Edit contact' }).click();
    await contactForm(page).getByLabel('First name').fill('Somebody else');
    await contactForm(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('contact-name')).toHaveText('Marta Ferreira');
    await page.getByRole('button', { name: 'Edit contact' }).click();
    await expect(contactForm(page).getByLabel('First name')).toHaveValue('Marta');

    await contactForm(page).getByLabel('Email').fill('marta@invalid');
    await contactForm(page).getByRole('button', { name: 'Save' }).click();
    await expect(contactForm(page).getByText('Invalid Email: Please enter a valid email address')).toBeVisible();

    await contactForm(page).getByLabel('First name').fill('Marta Sofia');
    await contactForm(page).getByLabel('Email').fill('marta.sofia@example.com');
    await contactForm(page).getByLabel('Phone').fill('+351 933 000 111');
    await contactForm(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Lead details updated successfully');
    await expect(contactForm(page)).toHaveCount(0);
    await expect(page.getByTestId('contact-name')).toHaveText('Marta Sofia Ferreira');
    await page.reload();
    await expect(page.getByTestId('contact-email')).toHaveText('marta.sofia@example.com');
    await expect(page.getByTestId('contact-phone')).toHaveText('+351 933 000 111');
  });

  test('vehicle: Cancel restores; save rules (Not specified, integers, comma budget, nulls)', async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await page.getByRole('button', { name: 'Edit vehicle' }).click();
    await vehicleForm(page).getByLabel('Model').fill('X5');
    await vehicleForm(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('vehicle-view')).toContainText('320d');

    await page.getByRole('button', { name: 'Edit vehicle' }).click();
    const form = vehicleForm(page);
    await expect(form.getByLabel('Make')).toHaveAttribute('list', /.+/);
    await form.getByLabel('Make').fill('');
    await form.getByLabel('Model').fill('');
    await form.getByLabel('Year').fill('2021');
    await form.getByLabel('Mileage (km)').fill('120500');
    await form.getByLabel('Budget (€)').fill('24999,50');
    await form.getByLabel('Vehicle link').fill('');
    await form.getByLabel('Transmission').click();
    await page.getByRole('option', { name: 'Not specified' }).click();
    await form.getByLabel('Fuel type').click();
    await page.getByRole('option', { name: 'Plug-in hybrid' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Vehicle details updated successfully');

    const saved = await getLeadViaApi(page, lead.id);
    expect(saved).toMatchObject({
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
      vehicleYear: 2021,
      mileage: 120500,
      budget: '24999.50',
      transmission: null,
      fuelType: 'plugin_hybrid',
      vehicleLink: null,
    });
    await expect(page.getByTestId('budget-badge')).toHaveText('Budget €24\u00a0999.50');
    await expect(page.getByTestId('vehicle-view')).toContainText('Plug-in hybrid');

    // A budget that is not a number is refused with a message and changes nothing (docs/rulings.md ruling 24).
    await page.getByRole('button', { name: 'Edit vehicle' }).click();
    await vehicleForm(page).getByLabel('Budget (€)').fill('ask later');
    await expect(vehicleForm(page).getByText('Type a number, e.g. 1234,56 or 1 234.56').first()).toBeVisible();
    await vehicleForm(page).getByRole('button', { name: 'Save' }).click();
    await expect(vehicleForm(page).getByRole('button', { name: 'Save' })).toBeVisible();
    expect((await getLeadViaApi(page, lead.id)).budget).toBe('24999.50');
  });

  test('notes: counter, hard 1000 limit, unsaved text survives a reload, leaving asks first, save', async ({
    page,
  }) => {
    const lead = await createLeadViaApi(page, { notes: null });
    await openLead(page, lead);
    const notes = page.getByLabel('Notes', { exact: true });
    const counter = page.getByTestId('notes-counter');
    await expect(counter).toHaveText('0/1000');
    const heightEmpty = (await notes.boundingBox())!.height;
    expect(heightEmpty).toBeGreaterThanOrEqual(119);
    expect(heightEmpty).toBeLessThanOrEqual(121);

    await notes.fill('x'.repeat(995));
    await notes.pressSequentially('abcdefghij');
    await expect(notes).toHaveValue(`${'x'.repeat(995)}abcde`);
    await expect(counter).toContainText('1000/1000');
    expect((await notes.boundingBox())!.height).toBeLessThanOrEqual(301);

    await notes.fill('Prefers a white car.\nCall after 18:00.');
    await expect(counter).toContainText('38/1000');
    await expect(counter).toContainText('Unsaved changes');

    // Closing or reloading the tab warns; the draft comes back after the reload.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Prefers a white car.\nCall after 18:00.');

    // Leaving within the app asks first; Stay keeps the page.
    await page.getByRole('link', { name: 'Back to leads' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Leave without saving the notes?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(`/admin/leads/${lead.id}`);

    await page.getByRole('button', { name: 'Save notes' }).click();
    await expectToast(page, 'Success', 'Notes saved successfully');
    await expect(counter).not.toContainText('Unsaved changes');
    expect((await getLeadViaApi(page, lead.id)).notes).toBe('Prefers a white car.\nCall after 18:00.');
    await page.getByRole('link', { name: 'Back to leads' }).click();
    await expect(page).toHaveURL('/admin/leads');
  });

  test('phone dialog: Call, Text Message and WhatsApp links', async ({ page }) => {
    const lead = await createLeadViaApi(page, { phone: '912 345 678' });
    await openLead(page, lead);
    await page.getByTestId('contact-phone').getByRole('button', { name: '912 345 678' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Marta Ferreira' });
    await expect(dialog.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+351912345678');
    await expect(dialog.getByRole('link', { name: 'Text Message' })).toHaveAttribute('href', 'sms:+351912345678');
    const wa = dialog.getByRole('link', { name: 'WhatsApp' });
    await expect(wa).toHaveAttribute('href', 'https://wa.me/351912345678');
    await expect(wa).toHaveAttribute('target', '_blank');
  });

  test('star toggle: Lead starred / Lead unstarred, kept after a reload', async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await page.getByRole('button', { name: 'Star lead' }).click();
    await expectToast(page, 'Success', 'Lead starred');
    await expect(page.getByRole('button', { name: 'Unstar lead' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await page.getByRole('button', { name: 'Unstar lead' }).click();
    await expectToast(page, 'Success', 'Lead unstarred');
    await expect(page.getByRole('button', { name: 'Star lead' })).toHaveAttribute('aria-pressed', 'false');
    expect((await getLeadViaApi(page, lead.id)).starred).toBe(false);
  });

  test('status: the seven statuses, Converted disabled with its reason; a change is saved', async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    const status = page.getByTestId('lead-status');
    await expect(status).toHaveText('Requested');
    await status.click();
    await expect(page.getByRole('option')).toHaveText([
      'Requested',
      'Quoted',
      'Waiting for Lead',
      'Waiting for Us',
      'Contacted',
      'Rejected',
      'Converted',
    ]);
    // Converted is offered: it opens 'Create Import from Lead' (e2e/tests/imports.spec.ts converts a lead).
    await expect(page.getByRole('option', { name: 'Converted' })).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('option', { name: 'Waiting for Us' }).click();
    await expectToast(page, 'Success', 'Status updated successfully');
    await expect(status).toHaveText('Waiting for Us');
    expect((await getLeadViaApi(page, lead.id)).status).toBe('waiting');
  });

  test("'Lead not found' with a way back", async ({ page }) => {
    await page.goto('/admin/leads/987654321');
    await expect(page.getByRole('heading', { name: 'Lead not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to leads' }).click();
    await expect(page).toHaveURL('/admin/leads');
  });

  test('live: an open lead refreshes when another user changes it', async ({ page, browser }) => {
    const lead = await createLeadViaApi(page);
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
    await openLead(page, lead);
    await expect
      .poll(() => frames.some((f) => f.includes('"connected"')), { message: 'WebSocket connected' })
      .toBe(true);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    const other = await browser.newContext();
    try {
      const staffPage = await other.newPage();
      await signInViaApi(staffPage, { username: 'staff', password: 'Staff1234' });
      await api(staffPage).put(`/api/leads/${lead.id}`, { status: 'contacted', vehicleModel: 'M340i' });
      await api(staffPage).post(`/api/leads/${lead.id}/quick-contact`, { type: 'chat', notes: 'Sent by a colleague' });
    } finally {
      await other.close();
    }
    // After the 2 s debounce, without a reload.
    await expect(page.getByTestId('lead-status')).toHaveText('Contacted', { timeout: 8_000 });
    await expect(page.getByTestId('vehicle-view')).toContainText('M340i');
    await expect(page.getByTestId('timeline-entry').first()).toContainText('Sent by a colleague');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});

test.describe('lead detail on a phone', { tag: '@mobile' }, () => {
  test('one column, every card reachable, the phone dialog fits', async ({ page }, testInfo) => {
    await signInViaApi(page);
    const lead = await createLeadViaApi(page);
    await api(page).post(`/api/leads/${lead.id}/quick-contact`, { type: 'call', notes: 'Called from the phone test' });
    await openLead(page, lead);
    const box = async (name: string) =>
      (await page.getByRole('heading', { level: 2, name, exact: true }).boundingBox())!;
    const [contact, vehicle, timeline, proposals] = [
      await box('Contact'),
      await box('Vehicle'),
      await box('Timeline'),
      await box('Proposals'),
    ];
    // Stacked: same left edge, each below the previous.
    expect(vehicle.y).toBeGreaterThan(contact.y);
    expect(timeline.y).toBeGreaterThan(vehicle.y);
    expect(proposals.y).toBeGreaterThan(timeline.y);
    expect(Math.abs(timeline.x - contact.x)).toBeLessThan(2);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('phone-lead-detail.png'), fullPage: true });

    await page.getByTestId('contact-phone').getByRole('button').tap();
    const dialog = page.getByRole('dialog', { name: 'Contact Marta Ferreira' });
    await expect(dialog).toBeVisible();
    const d = (await dialog.boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(0);
    expect(d.x + d.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('phone-lead-phone-dialog.png') });
    await dialog.getByRole('button', { name: 'Close' }).tap();

    await page.getByRole('button', { name: 'Log call' }).tap();
    const log = page.getByRole('dialog', { name: 'Log call' });
    await log.getByLabel('Notes').fill('Logged on a phone');
    await log.getByRole('button', { name: 'Log call' }).tap();
    await expectToast(page, 'Success', 'Contact logged successfully');
    await expect(page.getByTestId('timeline-entry').first()).toContainText('Logged on a phone');
  });
});
