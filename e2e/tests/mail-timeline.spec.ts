import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { api, E2E_USERS, expect, test } from '../fixtures.ts';
import { createLeadViaApi } from '../lib/lead-detail-api.ts';
import { openAs } from '../lib/leads-api.ts';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { deliveryReport } from '#server/modules/mailboxes/mail.test-helpers.ts';

const { admin } = E2E_USERS;
const GERAL = 'geral@example.test';

type Entry = { id: number; metadata: { delivery?: { status: string } } | null };

/** The page in each theme, for a look at it (stored beside the test's results). */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`) });
  }
}

// Received mail on a lead's timeline (ADR 040): attachments listed and downloadable, a reply that
// bounced marked Bounced with the reason. Everything goes through the mail rig and Check e-mails.
test.describe('mail on the lead timeline', () => {
  test.skip(skipWithoutMailRig(), 'the mail rig needs root and Dovecot + Postfix');
  let rig: MailRig;
  test.beforeAll(async () => {
    rig = await startMailRig();
  });
  test.afterAll(async () => {
    await rig?.stop();
  });

  test('attachments on a received e-mail download as sent; a bounced reply says why', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await openAs(page, admin, '/admin/leads');
    const client = api(page);
    await client.post('/api/gmail/connect/geral', {
      address: GERAL,
      imap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
      smtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
      username: GERAL,
      password: 'geral-pass',
    });
    try {
      const tag = Date.now().toString(36);
      const customer = `sofia.${tag}@cliente.test`;
      const lead = await createLeadViaApi(page, { email: customer, firstName: 'Sofia', lastName: 'Matos' });

      // Our reply leaves through the rig; the customer's server then returns it.
      const sent = await client.post<{ messageId: string; timelineId: number }>(`/api/leads/${lead.id}/send-email`, {
        subject: 'Re: Pedido',
        body: 'Olá Sofia, segue a proposta.',
        includeSignature: false,
      });
      await rig.waitForMessage(customer, sent.messageId, 15_000);
      await expect
        .poll(async () => {
          const list = await client.get<Entry[]>(`/api/leads/${lead.id}/timeline`);
          return list.find((e) => e.id === sent.timelineId)?.metadata?.delivery?.status;
        })
        .toBe('sent');
      const dsn = `<dsn-${tag}@mx.cliente.test>`;
      // Written by the mailbox's own provider (the rig's Postfix): the only bounces believed (ADR 064).
      await rig.deliver(
        deliveryReport({
          to: GERAL,
          messageId: dsn,
          original: sent.messageId,
          recipient: customer,
          from: 'MAILER-DAEMON@mail.example.test (Mail Delivery System)',
        }),
        { envelopeFrom: '' },
      );
      await rig.waitForMessage(GERAL, dsn);

      // The customer sends the car papers from the same address.
      const pdf = Buffer.from(`%PDF-1.4 livrete ${tag}\n`);
      const id = `<files-${tag}@cliente.test>`;
      const b = `b-${tag}`;
      await rig.deliver(
        [
          `From: Sofia Matos <${customer}>`,
          `To: ${GERAL}`,
          `Message-ID: ${id}`,
          'Subject: Documentos do carro',
          `Date: ${new Date().toUTCString()}`,
          'MIME-Version: 1.0',
          `Content-Type: multipart/mixed; boundary="${b}"`,
          '',
          `--${b}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Segue o livrete e uma foto da frente.',
          `--${b}`,
          'Content-Type: application/pdf; name="livrete.pdf"',
          'Content-Disposition: attachment; filename="livrete.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          pdf.toString('base64'),
          `--${b}`,
          'Content-Type: image/jpeg; name="frente-do-carro-com-um-nome-de-ficheiro-muito-comprido.jpg"',
          'Content-Disposition: attachment; filename="frente-do-carro-com-um-nome-de-ficheiro-muito-comprido.jpg"',
          'Content-Transfer-Encoding: base64',
          '',
          ...(Buffer.alloc(350_000, 7)
            .toString('base64')
            .match(/.{1,76}/g) ?? []),
          `--${b}--`,
          '',
        ].join('\r\n'),
      );
      await rig.waitForMessage(GERAL, id);
      await client.post('/api/gmail/check');

      await page.goto(`/admin/leads/${lead.id}`);
      const files = page.getByRole('list', { name: '2 attachments' });
      await expect(files).toBeVisible();
      const link = files.getByRole('link', { name: `Download livrete.pdf (${pdf.length} B)` });
      await expect(link).toBeVisible();
      await expect(files.getByRole('link', { name: /^Download frente-do-carro.*\(342 KB\)$/ })).toBeVisible();
      const download = page.waitForEvent('download');
      await link.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('livrete.pdf');
      expect(Buffer.compare(await readFile((await file.path())!), pdf)).toBe(0);

      const bounced = page.locator('[data-testid="delivery-status"][data-status="bounced"]');
      await expect(bounced).toContainText('Bounced');
      await expect(bounced).toContainText('Mailbox does not exist. The receiving server said: 550 5.1.1');
      await expect(bounced.getByRole('button', { name: /Retry/ })).toHaveCount(0);

      await files.scrollIntoViewIfNeeded();
      await shots(page, testInfo, 'lead-timeline-mail');
      // On a phone: the list wraps, a long name is cut with an ellipsis, nothing scrolls sideways.
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const small = await phone.newPage();
        await openAs(small, admin, `/admin/leads/${lead.id}`);
        const smallFiles = small.getByRole('list', { name: '2 attachments' });
        await smallFiles.scrollIntoViewIfNeeded();
        await expect(smallFiles.getByRole('link')).toHaveCount(2);
        const box = (await smallFiles.getByRole('link').nth(1).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shots(small, testInfo, 'lead-timeline-mail-phone');
      } finally {
        await phone.close();
      }
    } finally {
      await client.post('/api/gmail/disconnect/geral');
    }
  });
});
