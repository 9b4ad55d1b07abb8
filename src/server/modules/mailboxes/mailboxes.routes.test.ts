import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import type { TestApp } from '#test/test-app.ts';
import { GERAL, mailboxTestHelpers, RIG_START_MS, startMailboxRig } from './mailboxes-rig.test-helpers.ts';

describe.skipIf(skipWithoutMailRig())(
  'mailboxes: connect, poll and classify against Dovecot + Postfix',
  { timeout: 60_000 },
  () => {
    let rig: MailRig;
    let t: TestApp;
    let admin: string;
    let user: string;
    const { rows, leadsByEmail, timelineOf, deliverTo, sync, connectBody } = mailboxTestHelpers(() => ({ rig, t }));

    beforeAll(async () => {
      ({ rig, t, admin, user } = await startMailboxRig());
    }, RIG_START_MS);
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
  },
);
