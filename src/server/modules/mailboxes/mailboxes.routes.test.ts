import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMailSettings, type MailSettings } from '#server/integrations/mail/mail-settings.ts';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';

const GERAL = 'geral@example.test';
const COMERCIAL = 'comercial@example.test';
let seq = 0;
const mid = () => `<t${Date.now()}.${++seq}.${randomBytes(3).toString('hex')}@cliente.test>`;

function rfc822(h: Record<string, string>, body: string): string {
  const headers = {
    Date: new Date().toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...h,
  };
  return `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}\r\n`;
}

describe.skipIf(skipWithoutMailRig())(
  'mailboxes: connect, poll and classify against Dovecot + Postfix',
  { timeout: 60_000 },
  () => {
    let rig: MailRig;
    let t: TestApp;
    let admin: string;
    let user: string;
    let mail: MailSettings;

    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const leadsByEmail = (email: string) =>
      rows<{
        id: number;
        reference: string;
        email_source: string;
        phone: string | null;
        vehicle_make: string;
        vehicle_model: string;
        vehicle_link: string | null;
        origin: string;
        first_name: string;
        last_name: string | null;
      }>(sql`select * from leads where lower(email) = ${email.toLowerCase()} order by id`);
    const timelineOf = (leadId: number) =>
      rows<{
        id: number;
        title: string;
        message_id: string;
        email_data: { body: string; from: string };
        created_at: Date;
      }>(sql`select * from lead_timeline where lead_id = ${leadId} order by id`);
    const deliverTo = async (to: string, headers: Record<string, string>, body: string, envelopeFrom?: string) => {
      const id = headers['Message-ID'] ?? mid();
      await rig.deliver(
        rfc822({ To: to, 'Message-ID': id, ...headers }, body),
        envelopeFrom === undefined ? {} : { envelopeFrom },
      );
      await rig.waitForMessage(to, id);
      return id;
    };
    const sync = (account: 'geral' | 'comercial' = 'geral') => t.services.mailboxes.syncMailbox(account);
    const connectBody = (over: Partial<{ password: string; address: string; username: string }> = {}) => ({
      address: GERAL,
      imap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
      smtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
      username: GERAL,
      password: 'geral-pass',
      ...over,
    });

    beforeAll(async () => {
      rig = await startMailRig();
      mail = defaultMailSettings({
        google: {
          clientId: rig.oauth.clientId,
          clientSecret: rig.oauth.clientSecret,
          authUrl: rig.oauth.urls.auth,
          tokenUrl: rig.oauth.urls.token,
          revokeUrl: rig.oauth.urls.revoke,
        },
        gmailImap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
        gmailSmtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
        checkCooldownSeconds: 30,
      });
      t = await createTestApp({ mail });
      admin = (await t.loginAs('admin')).cookie;
      user = (await t.loginAs('user')).cookie;
    });
    afterAll(async () => {
      await t?.close();
      await rig?.stop();
    });

    it('refuses every mailbox administration call to role user, and anonymous callers', async () => {
      for (const [method, url] of [
        ['GET', '/api/gmail/status'],
        ['GET', '/api/gmail/auth/geral'],
        ['POST', '/api/gmail/connect/geral'],
        ['POST', '/api/gmail/disconnect/geral'],
        ['POST', '/api/gmail/test'],
      ] as const) {
        const asUser = await t.app.inject({
          method,
          url,
          headers: { cookie: user },
          payload: method === 'POST' ? {} : undefined,
        });
        expect(asUser.statusCode, url).toBe(403);
        const anon = await t.app.inject({ method, url });
        expect(anon.statusCode, url).toBe(401);
      }
    });

    it('says Gmail is not connected before any mailbox is', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/gmail/check', headers: { cookie: user } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Gmail not connected/);
      const status = (
        await t.app.inject({ method: 'GET', url: '/api/gmail/status', headers: { cookie: admin } })
      ).json();
      expect(status.geral).toMatchObject({ isAuthenticated: false, state: 'not_connected' });
    });

    it('tests an IMAP/SMTP connection before saving it: a wrong password saves nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: connectBody({ password: 'wrong' }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/^Connection test failed: The IMAP server refused the user name or password/);
      expect(await rows(sql`select * from mailbox_connections`)).toHaveLength(0);
    });

    it("refuses security 'none' towards a host that is not this machine", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: { ...connectBody(), imap: { host: 'imap.example.com', port: 143, security: 'none' } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields['imap.security']).toMatch(/unencrypted/);
    });

    it('connects with IMAP/SMTP, keeps the password sealed, and the first poll starts from now', async () => {
      // Mail that arrived before the connection, older than a day, is never back-filled... but the
      // last 24 hours are read once: this one becomes a lead.
      await deliverTo(GERAL, { From: 'Early Bird <early@cliente.test>', Subject: 'Olá' }, 'Quero um carro.');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: connectBody(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isAuthenticated: true, state: 'connected', provider: 'imap', address: GERAL });
      const [row] = await rows<{ secret_encrypted: string; config: unknown }>(sql`select * from mailbox_connections`);
      expect(row!.secret_encrypted).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain('geral-pass');
      const status = (await t.app.inject({ method: 'GET', url: '/api/gmail/status', headers: { cookie: admin } })).body;
      expect(status).not.toContain('geral-pass');
      expect(status).not.toContain(row!.secret_encrypted);

      const r = await sync();
      expect(r).toMatchObject({ leadsCreated: 1, error: null });
      expect(await leadsByEmail('early@cliente.test')).toHaveLength(1);
    });

    it('makes a new lead from a person: name, phone, listing link with make and model, mailbox, message on the timeline', async () => {
      const link =
        'https://www.autoscout24.pt/anuncios/bmw-320-d-touring-diesel-azul-0a1b2c3d-1111-2222-3333-444455556666';
      await deliverTo(
        GERAL,
        { From: 'Ana Maria Silva <Ana.Silva@Cliente.test>', Subject: 'Pedido de orçamento' },
        `Bom dia,\nGostava de importar este carro: ${link}\nO meu telefone é +351 912 345 678.\nObrigada`,
      );
      const r = await sync();
      expect(r).toMatchObject({ leadsCreated: 1, ignored: 0 });
      const [lead] = await leadsByEmail('ana.silva@cliente.test');
      expect(lead).toMatchObject({
        first_name: 'Ana',
        last_name: 'Maria Silva',
        phone: '+351 912 345 678',
        vehicle_make: 'BMW',
        vehicle_link: link,
        email_source: 'geral',
        origin: 'email',
      });
      expect(lead!.vehicle_model).not.toBe('Not specified');
      const entries = await timelineOf(lead!.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.title).toBe('Pedido de orçamento');
      expect(entries[0]!.email_data.body).toContain('Gostava de importar');
      // Staff are told, and the lead is pushed live.
      const notes = await rows<{ title: string }>(
        sql`select title from notifications where related_id = ${lead!.id} and type = 'new_lead'`,
      );
      expect(notes.length).toBeGreaterThan(0);
      expect(notes[0]!.title).toBe(`New lead ${lead!.reference}`);
    });

    it('threads a reply onto its lead, and mail from a known sender too', async () => {
      const first = await deliverTo(
        GERAL,
        { From: 'Rui <rui@cliente.test>', Subject: 'Audi A4' },
        'Olá, procuro um Audi A4.',
      );
      await sync();
      const [lead] = await leadsByEmail('rui@cliente.test');
      // A reply from another address (his work one) still lands on his lead: In-Reply-To.
      await deliverTo(
        GERAL,
        { From: 'Rui Work <rui@empresa.test>', Subject: 'Re: Audi A4', 'In-Reply-To': first, References: first },
        'Esqueci-me: automático.',
      );
      // The same person again, a new conversation: known sender.
      await deliverTo(GERAL, { From: 'rui@cliente.test', Subject: 'Outra pergunta' }, 'E um Golf?');
      const r = await sync();
      expect(r).toMatchObject({ leadsCreated: 0, addedToTimeline: 2 });
      expect(await leadsByEmail('rui@empresa.test')).toHaveLength(0);
      expect((await timelineOf(lead!.id)).map((e) => e.title)).toEqual(['Audi A4', 'Re: Audi A4', 'Outra pergunta']);
    });

    it('ignores bounces, auto-replies, list and no-reply mail, and the company’s own mail', async () => {
      const before = (await rows<{ n: number }>(sql`select count(*)::int as n from leads`))[0]!.n;
      await deliverTo(
        GERAL,
        { From: 'MAILER-DAEMON@mx.cliente.test', Subject: 'Undelivered Mail Returned to Sender' },
        'bounce',
        '',
      );
      await deliverTo(
        GERAL,
        { From: 'Bob <bob@cliente.test>', Subject: 'Ausente', 'Auto-Submitted': 'auto-replied' },
        'Estou de férias.',
      );
      await deliverTo(
        GERAL,
        { From: 'Carol <carol@cliente.test>', Subject: 'Fora do escritório', 'X-Autoreply': 'yes' },
        'Volto segunda.',
      );
      await deliverTo(
        GERAL,
        {
          From: 'News <news@lista.test>',
          Subject: 'Promo',
          'List-Id': '<promo.lista.test>',
          'List-Unsubscribe': '<mailto:u@lista.test>',
        },
        'Promo!',
      );
      await deliverTo(GERAL, { From: 'Shop <no-reply@loja.test>', Subject: 'A sua encomenda' }, 'Obrigado.');
      await deliverTo(GERAL, { From: 'Bulk <info@bulk.test>', Subject: 'Newsletter', Precedence: 'bulk' }, 'News.');
      await deliverTo(GERAL, { From: `Comercial <${GERAL}>`, Subject: 'Nota interna' }, 'Interno.');
      const r = await sync();
      expect(r).toMatchObject({ leadsCreated: 0, addedToTimeline: 0, ignored: 7 });
      expect((await rows<{ n: number }>(sql`select count(*)::int as n from leads`))[0]!.n).toBe(before);
      const outcomes = await rows<{ outcome: string; n: number }>(
        sql`select outcome, count(*)::int as n from mail_messages where outcome like 'ignored%' group by outcome order by outcome`,
      );
      expect(Object.fromEntries(outcomes.map((o) => [o.outcome, o.n]))).toEqual({
        ignored_auto: 2,
        ignored_bounce: 1,
        ignored_bulk: 3,
        ignored_self: 1,
      });
      const status = (
        await t.app.inject({ method: 'GET', url: '/api/gmail/status', headers: { cookie: admin } })
      ).json();
      expect(status.geral.messagesIgnored).toBe(7);
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
          t.services.mailboxes.syncMailbox('geral'),
          other.services.mailboxes.syncMailbox('geral'),
        ]);
        const results = [a, b];
        expect(results.filter((x) => x === 'busy')).toHaveLength(1);
        // Then both again, and a forced full resync: the ledger keeps every message to one import.
        await other.services.mailboxes.syncMailbox('geral');
        await t.database.db.execute(
          sql`update mailbox_connections set sync_state = '{}'::jsonb where account = 'geral'`,
        );
        await Promise.all([t.services.mailboxes.syncMailbox('geral'), other.services.mailboxes.syncMailbox('geral')]);
        await t.services.mailboxes.syncMailbox('geral');
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

    it('reports a changed password in sync health, stops polling, and tells the admins once', async () => {
      await rig.addUser(GERAL, 'changed-pass');
      const r = await sync();
      expect(r).toMatchObject({ error: expect.stringMatching(/refused the user name or password/) });
      const status = (
        await t.app.inject({ method: 'GET', url: '/api/gmail/status', headers: { cookie: admin } })
      ).json();
      expect(status.geral).toMatchObject({ isAuthenticated: false, state: 'needs_reconnect' });
      expect(status.geral.lastError).toMatch(/Reconnect the mailbox/);
      expect(await sync()).toBeNull(); // not polled until reconnected
      const alerts = await rows<{ title: string; user_id: number }>(
        sql`select title, user_id from notifications where title = 'Geral mailbox stopped syncing'`,
      );
      expect(alerts).toHaveLength(1);
      await rig.addUser(GERAL, 'geral-pass');
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: connectBody(),
      });
      expect(again.json().state).toBe('connected');
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/gmail/test', headers: { cookie: admin } })).json().message,
      ).toBe('Gmail connection test completed successfully. Check for new leads.');
    });

    it('connects Comercial with Google sign-in end to end: consent, callback, XOAUTH2 sync, revoke, disconnect', async () => {
      const auth = await t.app.inject({
        method: 'GET',
        url: `/api/gmail/auth/comercial?loginHint=${COMERCIAL}`,
        headers: { cookie: admin },
      });
      expect(auth.statusCode).toBe(200);
      const consent = await fetch(auth.json().authUrl as string, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      expect(back.pathname).toBe('/api/gmail/callback');
      // The state is bound to the admin's session: another admin's session cannot use it.
      const otherAdmin = (await t.loginAs('admin')).cookie;
      const stolen = await t.app.inject({
        method: 'GET',
        url: back.pathname + back.search,
        headers: { cookie: otherAdmin },
      });
      expect(stolen.statusCode).toBe(403);
      const cb = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: admin } });
      expect(cb.statusCode).toBe(200);
      expect(cb.body).toContain('The Comercial mailbox is connected.');
      const [row] = await rows<{ provider: string; address: string; secret_encrypted: string }>(
        sql`select provider, address, secret_encrypted from mailbox_connections where account = 'comercial'`,
      );
      expect(row).toMatchObject({ provider: 'gmail', address: COMERCIAL });
      for (const token of rig.oauth.liveRefreshTokens(COMERCIAL)) expect(row!.secret_encrypted).not.toContain(token);

      await deliverTo(COMERCIAL, { From: 'Gil <gil@cliente.test>', Subject: 'Via Google' }, 'Olá comercial');
      rig.oauth.expireAccessTokens(); // forces a refresh with the stored refresh token
      const r = await sync('comercial');
      expect(r).toMatchObject({ leadsCreated: 1, error: null });
      expect((await leadsByEmail('gil@cliente.test'))[0]!.email_source).toBe('comercial');

      // The user removes the app's access in Google: the next sync says to reconnect.
      rig.oauth.revokeUser(COMERCIAL);
      rig.oauth.expireAccessTokens();
      const revoked = await t.services.mailboxes.syncMailbox('comercial');
      expect(revoked).toMatchObject({ error: 'Google access was revoked or has expired. Reconnect the mailbox.' });

      // Reconnect, then disconnect: the token is revoked at Google.
      const auth2 = await t.app.inject({
        method: 'GET',
        url: `/api/gmail/auth/comercial?loginHint=${COMERCIAL}`,
        headers: { cookie: admin },
      });
      const back2 = new URL(
        (await fetch(auth2.json().authUrl as string, { redirect: 'manual' })).headers.get('location')!,
      );
      expect(
        (await t.app.inject({ method: 'GET', url: back2.pathname + back2.search, headers: { cookie: admin } }))
          .statusCode,
      ).toBe(200);
      expect(rig.oauth.liveRefreshTokens(COMERCIAL)).toHaveLength(1);
      const off = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/disconnect/comercial',
        headers: { cookie: admin },
      });
      expect(off.json()).toEqual({ message: 'Comercial account has been successfully disconnected.', revoked: true });
      expect(rig.oauth.liveRefreshTokens(COMERCIAL)).toHaveLength(0);
      expect(await rows(sql`select * from mailbox_connections where account = 'comercial'`)).toHaveLength(0);
    });

    it('a lead on a known thread: lastInteractionAt follows the message date', async () => {
      const lead = await insertLead(t.database.db, {
        email: 'hugo@cliente.test',
        lastInteractionAt: new Date('2020-01-01T00:00:00Z'),
      });
      await deliverTo(
        GERAL,
        { From: 'hugo@cliente.test', Subject: 'Olá de novo', Date: new Date('2026-01-02T10:00:00Z').toUTCString() },
        'Olá',
      );
      await t.database.db.execute(sql`update mailbox_connections set last_check_at = null`);
      await t.app.inject({ method: 'POST', url: '/api/gmail/check', headers: { cookie: user } });
      const [row] = await rows<{ last_interaction_at: Date }>(
        sql`select last_interaction_at from leads where id = ${lead.id}`,
      );
      expect(new Date(row!.last_interaction_at).toISOString()).toBe('2026-01-02T10:00:00.000Z');
    });
  },
);
