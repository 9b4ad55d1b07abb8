import { E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { openAs } from '../lib/leads-api.ts';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';

const { admin } = E2E_USERS;
const GERAL = 'geral@example.test';

// The mail rig (Dovecot + Postfix) runs beside the e2e server; the mailbox is connected through the
// Settings screen with IMAP/SMTP on loopback (security none is allowed for this machine).
test.describe('mailboxes in Settings and the leads list', () => {
  test.skip(skipWithoutMailRig(), 'the mail rig needs root and Dovecot + Postfix');
  let rig: MailRig;
  test.beforeAll(async () => {
    rig = await startMailRig();
  });
  test.afterAll(async () => {
    await rig?.stop();
  });

  test('connect with IMAP/SMTP, test it, a customer e-mail becomes a lead live, import by reference, disconnect', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openAs(page, admin, '/admin/settings');
    const card = page.getByRole('region', { name: 'Geral mailbox' });
    await expect(card.getByText('Not Connected', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Connect with IMAP/SMTP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Geral with IMAP/SMTP' });
    await dialog.getByLabel('Provider').selectOption('other');
    await dialog.getByLabel('E-mail address').fill(GERAL);
    await dialog.getByLabel('User name').fill(GERAL);
    await dialog.getByLabel('Password').fill('wrong-password');
    const imap = dialog.getByRole('group', { name: 'Incoming mail (IMAP)' });
    await imap.getByLabel('Host').fill('127.0.0.1');
    await imap.getByLabel('Port').fill(String(rig.ports.imap));
    await imap.getByLabel('Security').selectOption('none');
    const smtp = dialog.getByRole('group', { name: 'Outgoing mail (SMTP)' });
    await smtp.getByLabel('Host').fill('127.0.0.1');
    await smtp.getByLabel('Port').fill(String(rig.ports.submission));
    await smtp.getByLabel('Security').selectOption('none');
    // Tested before it is saved: a wrong password is refused with the server's words.
    await dialog.getByRole('button', { name: 'Test and connect' }).click();
    // The toast (screen readers also get a copy of it in a live region).
    await expect(
      page
        .locator('[data-slot="toast-description"]')
        .filter({ hasText: /Connection test failed: The IMAP server refused the user name or password/ }),
    ).toBeVisible();
    await dialog.getByLabel('Password').fill('geral-pass');
    await dialog.getByRole('button', { name: 'Test and connect' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText(`${GERAL} · IMAP 127.0.0.1`)).toBeVisible();

    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expectToast(page, 'Success', 'Gmail connection test completed successfully. Check for new leads.');

    // A customer writes; Check e-mails on the leads list brings the lead in.
    const tag = Date.now().toString(36);
    const id = `<e2e-${tag}@cliente.test>`;
    await rig.deliver(
      `From: Marta Browser <marta.${tag}@cliente.test>\r\nTo: ${GERAL}\r\nSubject: Pedido ${tag}\r\nMessage-ID: ${id}\r\nDate: ${new Date().toUTCString()}\r\n\r\nOlá, quero importar um carro. 912 345 678\r\n`,
    );
    await rig.waitForMessage(GERAL, id);
    await page.goto('/admin/leads');
    await page.getByRole('button', { name: 'Check e-mails' }).click();
    await expectToast(page, 'Email Check Complete');
    await expect(page.getByText(`marta.${tag}@cliente.test`).first()).toBeVisible();

    // Another customer quotes a reference; a known sender's e-mail with a new reference is imported by it.
    const ref = `R${tag.toUpperCase().slice(-5)}9`;
    const id2 = `<e2e-ref-${tag}@cliente.test>`;
    await rig.deliver(
      `From: marta.${tag}@cliente.test\r\nTo: ${GERAL}\r\nSubject: Outro carro Ref: ${ref}\r\nMessage-ID: ${id2}\r\nDate: ${new Date().toUTCString()}\r\n\r\nSegundo pedido.\r\n`,
    );
    await rig.waitForMessage(GERAL, id2);
    await page.getByRole('button', { name: 'Import lead by reference' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Lead by Reference' });
    await importDialog.getByLabel('Reference number').fill(ref);
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'Import Complete', `Lead Created: ${ref}`);
    await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);

    await page.goto('/admin/settings');
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await expectToast(page, 'Success', 'Geral account has been successfully disconnected.');
    await expect(card.getByText('Not Connected', { exact: true })).toBeVisible();
  });
});
