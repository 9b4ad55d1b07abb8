import type { Page } from '@playwright/test';
import { api, expect, expectToast, test } from '../fixtures.ts';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { createLeadViaApi, openLead, signInViaApi, uniqueContact } from '../lib/lead-detail-api.ts';

const entries = (page: Page) => page.getByTestId('timeline-entry');

const PROPOSAL = {
  vehicleBrand: 'Audi',
  vehicleModel: 'A4',
  vehicleFuelType: 'petrol',
  vehicleEngineSize: 1984,
  vehicleCo2Emissions: 140,
  vehicleFirstRegistration: '06/2020',
  vehicleMileage: 60000,
  vehiclePrice: '28000',
  wltpValue: true,
  hybridValue: false,
  pluginValue: false,
  transportCost: '2000',
  registrationFee: '340',
  registrationCountry: 'eu',
  dieselParticlesBelowLimit: false,
  euro6eBis: false,
  imageUrls: [],
};

test.describe('e-mail', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page));

  test('templates: chips insert at the cursor, unknown variables flagged, create, preview, edit, delete', async ({
    page,
  }) => {
    const id = `seguimento-${uniqueContact().tag}`;
    await page.goto('/admin/email-templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
    const proposalCard = page.getByTestId('template-card').filter({ hasText: 'proposal-email' });
    await expect(proposalCard).toBeVisible();

    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Email Template' });
    await dialog.getByLabel('Template ID').fill('has space');
    await dialog.getByLabel("Title (the e-mail's subject)").fill('Seguimento ');
    await dialog.getByLabel("Title (the e-mail's subject)").focus();
    await dialog.getByRole('button', { name: '{{reference}}' }).click();
    await expect(dialog.getByLabel("Title (the e-mail's subject)")).toHaveValue('Seguimento {{reference}}');
    const body = dialog.getByLabel('Body');
    await body.fill('Olá , ainda procura o {{vehicleMake}}? {{preço}}');
    // The caret after 'Olá ': the chip goes there.
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
    await dialog.getByRole('button', { name: '{{firstName}}' }).click();
    await expect(body).toHaveValue('Olá {{firstName}}, ainda procura o {{vehicleMake}}? {{preço}}');
    await expect(dialog.getByTestId('unknown-variables')).toBeHidden(); // {{preço}} is not a variable name
    await body.fill('Olá {{firstName}}, ainda procura o {{vehicleMake}}? {{price}}');
    await expect(dialog.getByTestId('unknown-variables')).toHaveText('Unknown variable: {{price}}');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(
      dialog.getByText('Letters, digits, underscore and hyphen only (at most 50 characters)').last(),
    ).toBeVisible();
    await dialog.getByLabel('Template ID').fill(id);
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByText('Unknown variable: {{price}}').last()).toBeVisible();
    await body.fill('Olá {{firstName}}, ainda procura o <b>{{vehicleMake}}</b>?');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expectToast(page, 'Success', 'Email template created successfully');

    const card = page.getByTestId('template-card').filter({ hasText: id });
    await expect(card.getByTestId('template-body-preview')).toHaveText(
      'Olá {{firstName}}, ainda procura o <b>{{vehicleMake}}</b>?',
    );
    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: /^Preview:/ });
    await expect(preview.getByTestId('email-preview-subject')).toHaveText('Seguimento ABC123');
    await expect(preview.getByTestId('email-preview-body')).toHaveText('Olá João, ainda procura o BMW?');
    await expect(preview.getByTestId('email-preview-body').locator('b')).toHaveText('BMW');
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Email Template' });
    await edit.getByLabel('Body').fill('Olá {{firstName}}!');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Email template updated successfully');
    await expect(card.getByTestId('template-body-preview')).toHaveText('Olá {{firstName}}!');

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this email template?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Email template deleted successfully');
    await expect(card).toHaveCount(0);
  });

  test('send with a template from a lead: queued while no mailbox is connected, on the timeline', async ({ page }) => {
    const tag = uniqueContact().tag;
    await api(page).post('/api/email-templates', {
      templateId: `ola-${tag}`,
      title: `Olá ${tag} {{reference}}`,
      body: 'Olá {{firstName}}, temos novidades sobre o {{vehicleMake}} {{vehicleModel}}.\n<script>x</script>',
    });
    await api(page).post('/api/email-templates', {
      templateId: `ano-${tag}`,
      title: `Needs phone ${tag}`,
      body: 'Olá {{firstName}} {{lastName}}',
    });
    const lead = await createLeadViaApi(page);
    const noEmail = await createLeadViaApi(page, { email: null, lastName: null });
    await openLead(page, noEmail);
    await expect(page.getByRole('button', { name: 'Send email' })).toBeDisabled();

    await openLead(page, lead);
    await page.getByRole('button', { name: 'Send email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send email' });
    await expect(dialog.getByText('The geral mailbox is not connected')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Email body is required')).toBeVisible();
    await dialog.getByLabel('Template').click();
    await page.getByRole('option', { name: `Olá ${tag} {{reference}}` }).click();
    await expect(dialog.getByLabel('Subject')).toHaveValue(`Olá ${tag} ${lead.reference}`);
    await expect(dialog.getByLabel('Message')).toHaveValue(
      'Olá Marta, temos novidades sobre o BMW 320d.\n<script>x</script>',
    );
    await expect(dialog.getByRole('checkbox', { name: 'Include signature' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Email queued');
    await expect(dialog).toBeHidden();

    const entry = entries(page).first();
    await expect(entry.getByTestId('timeline-label')).toHaveText('Email Sent');
    await expect(entry).toContainText(`Olá ${tag} ${lead.reference}`);
    await expect(entry.getByTestId('delivery-status')).toHaveAttribute('data-status', 'queued');
    await expect(entry.getByTestId('delivery-status')).toContainText('The geral mailbox is not connected');
    await expect(entry.getByTestId('email-body')).toContainText('<script>x</script>');
  });

  test('proposal e-mail: the English page link, figures in euros, preview, queued on the timeline as Proposal', async ({
    page,
  }) => {
    const lead = await createLeadViaApi(page);
    await api(page).post(`/api/leads/${lead.id}/proposals`, PROPOSAL);
    await openLead(page, lead);
    await page.getByTestId('proposal-item').getByRole('button', { name: 'Send email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send proposal email' });
    const preview = dialog.getByTestId('email-preview-body');
    await expect(preview).toContainText('/proposta/');
    await expect(preview).toContainText('Valor do veículo: €28\u00a0000,00');
    await expect(preview).toContainText('Serviço de importação: €2\u00a0340,00');
    await dialog.getByLabel('English').check();
    await expect(preview).toContainText('/proposals/');
    await expect(dialog.getByTestId('email-preview-subject')).toHaveText('A sua proposta de importação: Audi A4');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await expectToast(page, 'Email queued');
    // The proposal reached the customer, so the lead is now Quoted (docs/rulings.md ruling 22): a
    // status change joins the timeline beside the e-mail.
    const labels = entries(page).getByTestId('timeline-label');
    await expect(labels.filter({ hasText: /^Status Change$/ })).toHaveCount(1);
    const entry = entries(page).filter({ has: page.getByTestId('timeline-label').filter({ hasText: /^Proposal$/ }) });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByTestId('delivery-status')).toHaveAttribute('data-status', 'queued');
  });
});

test.describe.serial('e-mail through a connected mailbox (the mail rig)', () => {
  test.skip(skipWithoutMailRig(), 'Dovecot and Postfix are needed');
  let rig: MailRig;

  test.beforeAll(async () => {
    rig = await startMailRig();
  });
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signInViaApi(page);
    await page.request.post('/api/gmail/disconnect/geral');
    await page.close();
    await rig?.stop();
  });

  test('sent: the customer receives it and the toast says so; SMTP down: queued with the reason', async ({ page }) => {
    await signInViaApi(page);
    await api(page).post('/api/gmail/connect/geral', {
      address: 'geral@example.test',
      imap: { host: rig.host, port: rig.ports.imap, security: 'none' },
      smtp: { host: rig.host, port: rig.ports.submission, security: 'none' },
      username: 'geral@example.test',
      password: rig.users.get('geral@example.test'),
    });
    const tag = uniqueContact().tag;
    const customer = `cliente.${tag}@example.test`;
    await rig.addUser(customer, 'pw');
    const lead = await createLeadViaApi(page, { email: customer });
    await openLead(page, lead);
    await page.getByRole('button', { name: 'Send email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send email' });
    await expect(dialog).toContainText('from geral@example.test');
    await dialog.getByLabel('Subject').fill(`Olá ${tag}`);
    await dialog.getByLabel('Message').fill('A sua proposta segue em breve. <b>Obrigado</b>');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Success', 'Email sent successfully');
    const entry = entries(page).first();
    await expect(entry.getByTestId('timeline-label')).toHaveText('Email Sent');
    await expect(entry.getByTestId('delivery-status')).toHaveCount(0);
    // Postfix accepted it; Dovecot files it a moment later.
    await expect
      .poll(() => rig.inbox(customer).join('\n'), { timeout: 15_000 })
      .toContain(`Subject: =?UTF-8?Q?Ol=C3=A1_${tag}?=`);

    // The mail server goes away: the message waits, with the reason, and the screen is not blocked.
    await rig.stop();
    await page.getByRole('button', { name: 'Send email' }).click();
    await dialog.getByLabel('Message').fill('Enquanto o servidor está em baixo');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Email queued');
    await expect(entries(page).first().getByTestId('delivery-status')).toHaveAttribute('data-status', 'queued');
    await expect(entries(page).first().getByTestId('delivery-status')).toContainText('Last attempt:');
  });
});
