import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSettings } from '#server/integrations/mail/mail-settings.ts';
import { skipWithoutMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';
import { GERAL, mailboxTestHelpers, RIG_START_MS, mid, startMailboxRig } from './mailboxes-rig.test-helpers.ts';

/** Continues mailboxes.routes.test.ts with a connected Geral mailbox: references, renumbering, two instances, Check, Import by reference. */
describe.skipIf(skipWithoutMailRig())(
  'mailboxes: sync and imports of a connected mailbox against Dovecot + Postfix',
  { timeout: 60_000 },
  () => {
    let rig: MailRig;
    let t: TestApp;
    let admin: string;
    let user: string;
    let mail: MailSettings;
    const { rows, leadsByEmail, timelineOf, deliverTo, sync, connectBody } = mailboxTestHelpers(() => ({ rig, t }));

    beforeAll(async () => {
      ({ rig, t, admin, user, mail } = await startMailboxRig());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: connectBody(),
      });
      if (res.statusCode !== 200) throw new Error(`connect geral: ${res.statusCode} ${res.body}`);
      await sync();
    }, RIG_START_MS);
    afterAll(async () => {
      await t?.close();
      await rig?.stop();
    });

    it('keeps the reference the e-mail carries, and stores attachments for download', async () => {
      const boundary = 'b0undary';
      const raw = [
        'From: Duarte <duarte@cliente.test>',
        `To: ${GERAL}`,
        `Message-ID: ${mid()}`,
        'Subject: Pedido Ref: AB1234',
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Segue a <b>documentação</b>.</p><script>alert(1)</script>',
        `--${boundary}`,
        'Content-Type: application/pdf; name="livrete.pdf"',
        'Content-Disposition: attachment; filename="livrete.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('%PDF-1.4 test document').toString('base64'),
        `--${boundary}--`,
        '',
      ].join('\r\n');
      await rig.deliver(raw);
      await rig.waitForMessage(GERAL, /Message-ID: (<[^>]+>)/.exec(raw)![1]!);
      await sync();
      const [lead] = await leadsByEmail('duarte@cliente.test');
      expect(lead!.reference).toBe('AB1234');
      const [entry] = await timelineOf(lead!.id);
      expect(entry!.email_data.body).toContain('Segue a documentação.');
      expect(entry!.email_data.body).not.toContain('<');
      const [file] = await rows<{ id: number; filename: string }>(
        sql`select id, filename from mail_attachments where timeline_id = ${entry!.id}`,
      );
      expect(file!.filename).toBe('livrete.pdf');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/mail/attachments/${file!.id}`,
        headers: { cookie: user },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('livrete.pdf');
      expect(res.body).toBe('%PDF-1.4 test document');
      expect((await t.app.inject({ method: 'GET', url: `/api/mail/attachments/${file!.id}` })).statusCode).toBe(401);
    });

    it('resyncs safely when the server renumbers the mailbox (UIDVALIDITY changes): nothing twice', async () => {
      const before = (await rows<{ n: number }>(sql`select count(*)::int as n from lead_timeline`))[0]!.n;
      await rig.setUidValidity(GERAL, 777);
      await deliverTo(GERAL, { From: 'Eva <eva@cliente.test>', Subject: 'Depois da mudança' }, 'Olá');
      const r = await sync();
      expect(r).toMatchObject({ leadsCreated: 1, addedToTimeline: 0, error: null });
      expect((await rows<{ n: number }>(sql`select count(*)::int as n from lead_timeline`))[0]!.n).toBe(before + 1);
      const [row] = await rows<{ sync_state: { uidValidity: string } }>(
        sql`select sync_state from mailbox_connections where account = 'geral'`,
      );
      expect(row!.sync_state.uidValidity).toBe('777');
    });

    it('two app instances polling one mailbox at once import each message exactly once', async () => {
      const other = await createTestApp({ database: t.database, mail });
      try {
        const ids = [];
        for (let i = 0; i < 6; i++)
          ids.push(await deliverTo(GERAL, { From: `P${i} <p${i}@race.test>`, Subject: `Race ${i}` }, 'Olá'));
        const [a, b] = await Promise.all([
          t.services.mailboxes.sync.syncMailbox('geral'),
          other.services.mailboxes.sync.syncMailbox('geral'),
        ]);
        const results = [a, b];
        expect(results.filter((x) => x === 'busy')).toHaveLength(1);
        // Then both again, and a forced full resync: the ledger keeps every message to one import.
        await other.services.mailboxes.sync.syncMailbox('geral');
        await t.database.db.execute(
          sql`update mailbox_connections set sync_state = '{}'::jsonb where account = 'geral'`,
        );
        await Promise.all([
          t.services.mailboxes.sync.syncMailbox('geral'),
          other.services.mailboxes.sync.syncMailbox('geral'),
        ]);
        await t.services.mailboxes.sync.syncMailbox('geral');
        const leads = await rows<{ n: number }>(
          sql`select count(*)::int as n from leads where email like '%@race.test'`,
        );
        expect(leads[0]!.n).toBe(6);
        const entries = await rows<{ n: number }>(
          sql`select count(*)::int as n from lead_timeline t join leads l on l.id = t.lead_id where l.email like '%@race.test'`,
        );
        expect(entries[0]!.n).toBe(6);
      } finally {
        await other.app.close();
      }
    });

    it('Check e-mails reads the last 24 hours now, then asks to wait', async () => {
      await deliverTo(GERAL, { From: 'Filipa <filipa@cliente.test>', Subject: 'Check' }, 'Olá');
      const res = await t.app.inject({ method: 'POST', url: '/api/gmail/check', headers: { cookie: user } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Found 1 new lead and 0 messages added to existing leads.');
      const again = await t.app.inject({ method: 'POST', url: '/api/gmail/check', headers: { cookie: user } });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^Please wait \d+ seconds before checking again\.$/);
    });

    it('imports a lead by reference from the mailbox, keeping the reference', async () => {
      // A known sender writes with a new reference: the sync put it on his lead; import makes its own lead.
      await insertLead(t.database.db, { email: 'rui@cliente.test', firstName: 'Rui' });
      await deliverTo(
        GERAL,
        { From: 'rui@cliente.test', Subject: 'Novo pedido REF ZX9876' },
        'Outro carro, ref ZX9876.',
      );
      await sync();
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/import-lead',
        headers: { cookie: user },
        payload: { reference: 'QQ0000' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toMatch(/No e-mail carrying reference QQ0000/);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/import-lead',
        headers: { cookie: user },
        payload: { reference: ' ' },
      });
      expect(empty.json().fields.reference).toBe('Reference number is required');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/import-lead',
        headers: { cookie: user },
        payload: { reference: 'zx9876' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ reference: 'ZX9876', created: true });
      const dup = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/import-lead',
        headers: { cookie: user },
        payload: { reference: 'ZX9876' },
      });
      expect(dup.statusCode).toBe(409);
    });
  },
);
