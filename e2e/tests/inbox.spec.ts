import type { Page, TestInfo } from '@playwright/test';
import { api, bell, E2E_USERS, expect as baseExpect, test, expectShell } from '../fixtures.ts';
import { createLeadViaApi } from '../lib/lead-detail-api.ts';
import { otherSession } from '../lib/leads-api.ts';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';

const { admin, staff } = E2E_USERS;
const GERAL = 'geral@example.test';
// The machine these run on is shared: screens get longer than the default 5 s to appear.
const expect = baseExpect.configure({ timeout: 15_000 });

async function openAs(page: Page, user: { username: string; password: string }, path: string) {
  await api(page).login(user.username, user.password);
  await page.goto(path);
  await expectShell(page);
}

/** The page in each theme, at the size it has now (stored beside the test's results). */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage: true });
  }
}

// The inbox and lead owners (issue 32, ADR 065): a customer's e-mail reaches the mailbox, the sync
// puts it in the inbox and tells the lead's owner; a reply from the inbox answers it.
test.describe('inbox and owners', () => {
  test.skip(skipWithoutMailRig(), 'the mail rig needs root and Dovecot + Postfix');
  let rig: MailRig;
  // Starting Postfix and Dovecot takes longer than a hook's 30 s on a busy machine.
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rig = await startMailRig();
  });
  test.afterAll(async () => {
    await rig?.stop();
  });

  test("a customer's e-mail waits in the inbox and rings the owner's bell; a reply from the inbox answers it", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await openAs(page, admin, '/admin/leads');
    const client = api(page);
    await client.post('/api/gmail/connect/geral', {
      address: GERAL,
      imap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
      smtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
      username: GERAL,
      password: 'geral-pass',
    });
    const owner = await otherSession(browser, staff);
    try {
      const staffUser = await api(owner.page).me();
      const tag = Date.now().toString(36);
      const customer = `rita.${tag}@cliente.test`;
      const lead = await createLeadViaApi(page, { email: customer, firstName: 'Rita', lastName: `Sousa ${tag}` });
      const fresh = await client.get<{ version: number }>(`/api/leads/${lead.id}`);
      await client.put(`/api/leads/${lead.id}/owner`, { assignedTo: staffUser.id, version: fresh.version });
      await owner.page.goto('/admin/inbox');
      await expect(owner.page.getByRole('heading', { name: 'Inbox' })).toBeVisible();

      const id = `<q-${tag}@cliente.test>`;
      await rig.deliver(
        [
          `From: Rita Sousa <${customer}>`,
          `To: ${GERAL}`,
          `Message-ID: ${id}`,
          'Subject: O BMW ainda está disponível?',
          `Date: ${new Date().toUTCString()}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Bom dia, o BMW ainda está disponível? Posso ir vê-lo no sábado.',
          '',
        ].join('\r\n'),
      );
      await rig.waitForMessage(GERAL, id);
      await client.post('/api/gmail/check');

      // Live: the open inbox shows the conversation without a reload, unread, with its owner.
      const row = owner.page.locator(`[data-testid="inbox-row"][data-lead-id="${lead.id}"]`);
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row).toContainText('O BMW ainda está disponível?');
      await expect(row).toContainText('Posso ir vê-lo no sábado.');
      await expect(row).toContainText('Geral');
      await expect(row).toContainText(/waiting (under a minute|\d+ min)/);
      await expect(row.getByRole('combobox', { name: `Owner of ${lead.reference}` })).toContainText('(you)');
      await expect(owner.page.getByTestId('inbox-count')).toBeVisible();

      // The owner's bell has the reply.
      const { button, panel } = bell(owner.page);
      await button.click();
      await expect(panel.getByText(`Rita Sousa ${tag} replied (${lead.reference})`)).toBeVisible();
      await owner.page.keyboard.press('Escape');

      await owner.page.setViewportSize({ width: 1280, height: 800 });
      await shots(owner.page, testInfo, 'inbox-desktop');
      await owner.page.setViewportSize({ width: 390, height: 844 });
      await shots(owner.page, testInfo, 'inbox-phone');
      await owner.page.setViewportSize({ width: 1280, height: 800 });

      // 'Mine' holds it too; then the owner answers from the inbox and it leaves.
      await owner.page.getByRole('button', { name: 'Mine', exact: true }).click();
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: 'Reply' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Send email' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Subject').fill('Re: O BMW ainda está disponível?');
      await dialog.getByLabel('Message').fill('Bom dia Rita, está sim. Sábado às 10h serve?');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog).toBeHidden({ timeout: 15_000 });
      await expect(row).toHaveCount(0, { timeout: 15_000 });
      const all = await api(owner.page).get<{ items: { leadId: number }[] }>('/api/inbox?filter=all');
      expect(all.items.map((i) => i.leadId)).not.toContain(lead.id);
    } finally {
      await owner.close();
      // Left connected, the next specs' 'Check e-mails' would reach a stopped mail rig.
      await client.post('/api/gmail/disconnect/geral');
    }
  });
});

test("'My leads' shows only the leads I own", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await openAs(page, admin, '/admin/leads');
  const client = api(page);
  const owner = await otherSession(browser, staff);
  try {
    const staffUser = await api(owner.page).me();
    const me = await client.me();
    const tag = `own${Date.now().toString(36)}`;
    const mine = await createLeadViaApi(page, { firstName: 'Mine', lastName: tag });
    const theirs = await createLeadViaApi(page, { firstName: 'Theirs', lastName: tag });
    const nobody = await createLeadViaApi(page, { firstName: 'Nobody', lastName: tag });
    await client.post('/api/leads/owner', { ids: [mine.id], assignedTo: me.id });
    await client.post('/api/leads/owner', { ids: [theirs.id], assignedTo: staffUser.id });
    await client.post('/api/leads/owner', { ids: [nobody.id], assignedTo: null });

    await page.goto('/admin/leads');
    await page.getByRole('searchbox').first().fill(tag);
    await expect(page.getByTestId('leads-total')).toHaveText('3 leads');
    await page.getByRole('button', { name: 'My leads' }).click();
    await expect(page.getByRole('button', { name: 'My leads' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('leads-total')).toHaveText('1 lead');
    await expect(page.getByText(`Mine ${tag}`).first()).toBeVisible();
    await expect(page.getByText(`Theirs ${tag}`)).toHaveCount(0);
    await expect(page.getByText(`Nobody ${tag}`)).toHaveCount(0);
  } finally {
    await owner.close();
  }
});
