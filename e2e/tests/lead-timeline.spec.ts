import type { Page } from '@playwright/test';
import { api, expect, expectToast, test } from '../fixtures.ts';
import { createLeadViaApi, getLeadViaApi, openLead, signInViaApi, staffDate } from '../lib/lead-detail-api.ts';

const entries = (page: Page) => page.getByTestId('timeline-entry');

/** A 'datetime-local' value in UTC (the browser's zone in these tests), minutes only. */
const localInput = (d: Date) => d.toISOString().slice(0, 16);

test.describe('lead timeline', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page));

  test('add (required rule), newest first and expanded, edit, delete after a confirmation; last interaction follows', async ({
    page,
  }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await expect(page.getByText('No timeline entries yet')).toBeVisible();

    // An earlier contact, dated two days back.
    const earlier = new Date(Date.now() - 2 * 86_400_000);
    earlier.setUTCSeconds(0, 0);
    await page.getByRole('button', { name: 'Add entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Timeline Entry' });
    await dialog.getByLabel('Title').fill('First call');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await expect(dialog.getByText('Title and description are required for non-email entries')).toBeVisible();
    await expect(dialog.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Description').fill('Asked for a BMW 320d.\nBudget 25k.');
    await dialog.getByLabel('Date and time of the contact').fill(localInput(earlier));
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await expectToast(page, 'Success', 'Timeline entry created successfully');
    await expect(dialog).toBeHidden();
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText(`Ana · ${staffDate(earlier)}`);
    // The lead's last interaction is the newest entry's time.
    await expect(page.getByTestId('lead-last-interaction')).toHaveText(staffDate(earlier));

    // A chat now: it goes on top, expanded; the older one collapses to its summary.
    await page.getByRole('button', { name: 'Add entry' }).click();
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Text/WhatsApp' }).click();
    await dialog.getByLabel('Title').fill('Photos');
    await dialog.getByLabel('Description').fill('Sent the interior photos by WhatsApp.');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await expectToast(page, 'Success', 'Timeline entry created successfully');
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).nth(0).getByTestId('timeline-label')).toHaveText('Text/WhatsApp');
    await expect(entries(page).nth(0)).toHaveAttribute('data-expanded', 'true');
    await expect(entries(page).nth(0).getByTestId('timeline-description')).toHaveText(
      'Sent the interior photos by WhatsApp.',
    );
    await expect(entries(page).nth(1).getByTestId('timeline-label')).toHaveText('Phone Call');
    await expect(entries(page).nth(1)).toHaveAttribute('data-expanded', 'false');
    await expect(entries(page).nth(1).getByTestId('timeline-summary')).toHaveText('Asked for a BMW 320d.');
    const latest = await getLeadViaApi(page, lead.id);
    await expect(page.getByTestId('lead-last-interaction')).toHaveText(staffDate(latest.lastInteractionAt));
    expect(Date.parse(latest.lastInteractionAt)).toBeGreaterThan(earlier.getTime());

    // 'Show more' expands the older entry (a multi-line note: the summary shows its first line).
    await entries(page).nth(1).getByRole('button', { name: 'Show more' }).click();
    await expect(entries(page).nth(1).getByTestId('timeline-description')).toHaveText(
      'Asked for a BMW 320d.\nBudget 25k.',
    );

    // Edit.
    await entries(page).nth(1).getByRole('button', { name: 'Edit entry' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Timeline Entry' });
    await expect(edit.getByLabel('Title')).toHaveValue('First call');
    await expect(edit.getByLabel('Date and time of the contact')).toHaveValue(localInput(earlier));
    await edit.getByLabel('Title').fill('First call (from the website)');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Success', 'Timeline entry updated successfully');
    await expect(entries(page).nth(1)).toContainText('First call (from the website)');

    // Delete: Cancel keeps it, Delete removes it; the last interaction falls back.
    await entries(page).nth(0).getByRole('button', { name: 'Delete entry' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this timeline entry?' });
    await expect(confirm).toContainText('The Text/WhatsApp entry “Photos” is removed');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(entries(page)).toHaveCount(2);
    await entries(page).nth(0).getByRole('button', { name: 'Delete entry' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Timeline entry deleted successfully');
    await expect(entries(page)).toHaveCount(1);
    await expect(page.getByTestId('lead-last-interaction')).toHaveText(staffDate(earlier));
  });

  test("quick contact: 'Notes are required', then Log call and Log chat", async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await page.getByRole('button', { name: 'Log call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log call' });
    await dialog.getByRole('button', { name: 'Log call' }).click();
    await expect(dialog.getByText('Notes are required')).toBeVisible();
    await dialog.getByLabel('Notes').fill('Called: she will decide on Monday.\nPrefers white.');
    await dialog.getByRole('button', { name: 'Log call' }).click();
    await expectToast(page, 'Success', 'Contact logged successfully');
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first().getByTestId('timeline-label')).toHaveText('Phone Call');
    await expect(entries(page).first().getByTestId('timeline-description')).toHaveText(
      'Called: she will decide on Monday.\nPrefers white.',
    );

    await page.getByRole('button', { name: 'Log chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Log chat' });
    await chat.getByLabel('Notes').fill('WhatsApp: sent the quote link.');
    await chat.getByRole('button', { name: 'Log chat' }).click();
    await expectToast(page, 'Success', 'Contact logged successfully');
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).first().getByTestId('timeline-label')).toHaveText('Text/WhatsApp');
    // The call is now collapsed to its first line.
    await expect(entries(page).nth(1).getByTestId('timeline-summary')).toHaveText('Called: she will decide on Monday.');
  });

  test('a lead merged away elsewhere: a write fails with its message, then the page shows Lead not found', async ({
    page,
  }) => {
    const lead = await createLeadViaApi(page);
    const twin = await createLeadViaApi(page, { phone: lead.phone });
    await openLead(page, twin);
    // Merged away elsewhere: the twin (newer) no longer exists.
    await api(page).post(`/api/leads/${lead.id}/merge`, { otherId: twin.id });
    await page.getByRole('button', { name: 'Log call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log call' });
    await dialog.getByLabel('Notes').fill('Too late');
    await dialog.getByRole('button', { name: 'Log call' }).click();
    const toast = await expectToast(page, 'Error');
    await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(/^Failed to log contact: 404: /);
    // The live event of the merge refreshes the open lead, which no longer exists.
    await expect(page.getByRole('heading', { name: 'Lead not found' })).toBeVisible({ timeout: 8_000 });
  });

  // E-mail entries come only from the mail integration and cannot be posted; their display is checked
  // with the timeline answer extended by the test.
  test('e-mail entries: label, from/to/subject, the body as text only, no edit or delete', async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await api(page).post(`/api/leads/${lead.id}/quick-contact`, { type: 'call', notes: 'A call before the e-mail' });
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await page.route(`**/api/leads/${lead.id}/timeline`, async (route) => {
      const res = await route.fetch();
      const list = (await res.json()) as Record<string, unknown>[];
      list.unshift({
        id: 900_000,
        leadId: lead.id,
        type: 'email',
        kind: 'email_received',
        label: 'Email Received',
        title: null,
        description: 'Hello, I would like a quote.',
        emailData: {
          from: 'Marta Ferreira <marta@example.com>',
          to: 'geral@autoimport.test',
          subject: 'Quote for a BMW',
          body: '<p>Ol&aacute;,</p><p>I would like a <b>quote</b>.<br>Thanks</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        },
        metadata: null,
        createdAt: new Date().toISOString(),
        createdBy: null,
        createdByName: null,
        editable: false,
        version: 1,
      });
      await route.fulfill({ response: res, json: list });
    });
    await openLead(page, lead);
    const email = entries(page).first();
    await expect(email.getByTestId('timeline-label')).toHaveText('Email Received');
    await expect(email).toHaveAttribute('data-expanded', 'true');
    await expect(email).toContainText('Marta Ferreira <marta@example.com>');
    await expect(email).toContainText('geral@autoimport.test');
    await expect(email).toContainText('Quote for a BMW');
    await expect(email.getByTestId('email-body')).toHaveText('Olá,\n\nI would like a quote.\nThanks');
    await expect(email.locator('img, script, b')).toHaveCount(0);
    await expect(email.getByRole('button', { name: 'Edit entry' })).toHaveCount(0);
    await expect(email.getByRole('button', { name: 'Delete entry' })).toHaveCount(0);
    await expect(entries(page).nth(1).getByRole('button', { name: 'Edit entry' })).toBeVisible();
    expect(alerts).toEqual([]);
  });
});
