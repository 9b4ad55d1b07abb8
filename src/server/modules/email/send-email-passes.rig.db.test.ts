import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { freePort, skipWithoutMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import type { MailConnection } from '#server/integrations/mail/mail-transport.ts';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import { createMailboxSender } from '#server/integrations/mail/mailbox-sender.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { countingProxy, GERAL, sendRigHelpers, startSendRig } from './send-email-rig.test-helpers.ts';

/** Continues send-email.rig.db.test.ts: outages, several instances, connection reuse, Gmail tokens. */
describe.skipIf(skipWithoutMailRig())(
  'sending e-mail through the mail rig: outages and passes',
  { timeout: 60_000 },
  () => {
    let rig: MailRig;
    let t: TestApp;
    let cookie: string;
    const { smtpDown, via, realSender, sentFolder, send, received, copies } = sendRigHelpers(() => ({
      rig,
      t,
      cookie,
    }));

    beforeAll(async () => {
      ({ rig, t, cookie } = await startSendRig(realSender()));
    }, 180_000);
    afterAll(async () => {
      await t?.services.outbox.idle();
      await t?.close();
      await rig?.stop();
    });

    it('SMTP stopped: the message waits queued, is retried when it returns and arrives exactly once', async () => {
      await rig.addUser('cliente4@example.test', 'c4');
      const lead = await insertLead(t.database.db, { email: 'cliente4@example.test' });
      smtpDown.port = await freePort(); // nothing listens there
      const started = Date.now();
      const res = await send(lead.id, { subject: 'Durante a falha', body: 'x' });
      expect(Date.now() - started).toBeLessThan(2000); // the call only queues
      const { outboxId, messageId } = res.json<{ outboxId: number; messageId: string }>();
      await t.services.outbox.idle();
      const [waiting] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting!.lastError).toMatch(/ECONNREFUSED/);

      smtpDown.port = null;
      await t.database.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, outboxId));
      await t.services.outbox.drain();
      await received('cliente4@example.test', messageId);
      await t.services.outbox.drain();
      await new Promise((r) => setTimeout(r, 500));
      expect(copies('cliente4@example.test', messageId)).toBe(1);
    });

    it('two instances draining one queue: every message arrives exactly once', async () => {
      await rig.addUser('cliente5@example.test', 'c5');
      const lead = await insertLead(t.database.db, { email: 'cliente5@example.test' });
      const sender = realSender();
      const a = await createTestApp({
        database: t.database,
        mail: defaultMailSettings({}),
        mailSender: sender,
        drainOnSend: false,
      });
      const b = await createTestApp({
        database: t.database,
        mail: defaultMailSettings({}),
        mailSender: sender,
        drainOnSend: false,
      });
      const c = (await a.loginAs('user')).cookie;
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await a.app.inject({
          method: 'POST',
          url: `/api/leads/${lead.id}/send-email`,
          payload: { subject: `n.º ${i}`, body: 'x' },
          headers: { cookie: c },
        });
        ids.push(res.json<{ messageId: string }>().messageId);
      }
      await Promise.all([a.services.outbox.drain(), b.services.outbox.drain()]);
      for (const id of ids) await rig.waitForMessage('cliente5@example.test', id, 15_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(ids.map((id) => copies('cliente5@example.test', id))).toEqual(ids.map(() => 1));
      await a.app.close();
      await b.app.close();
    });
    it('a drain pass sends over one SMTP connection and files the Sent copies over one IMAP session', async () => {
      await rig.addUser('cliente6@example.test', 'c6');
      const lead = await insertLead(t.database.db, { email: 'cliente6@example.test' });
      const smtp = await countingProxy(rig.ports.submission);
      const imap = await countingProxy(rig.ports.imap);
      via.smtp = smtp.port;
      via.imap = imap.port;
      // The real sender, with a hook after each message a pass sends.
      const afterSend = { hook: null as ((n: number) => void) | null };
      const base = realSender();
      const hooked: MailSender = {
        ...base,
        openPass() {
          const pass = base.openPass!();
          let n = 0;
          return {
            ...pass,
            async send(mail, from) {
              const result = await pass.send(mail, from);
              afterSend.hook?.(++n);
              return result;
            },
          };
        },
      };
      const queueOnly = await createTestApp({
        database: t.database,
        mail: defaultMailSettings({}),
        mailSender: hooked,
        drainOnSend: false,
      });
      try {
        const c = (await queueOnly.loginAs('user')).cookie;
        const queue = async (n: number) => {
          const ids: string[] = [];
          for (let i = 0; i < n; i++) {
            const res = await queueOnly.app.inject({
              method: 'POST',
              url: `/api/leads/${lead.id}/send-email`,
              payload: { subject: `Lote ${ids.length}`, body: 'x' },
              headers: { cookie: c },
            });
            ids.push(res.json<{ messageId: string }>().messageId);
          }
          return ids;
        };
        const first = await queue(5);
        expect(await queueOnly.services.outbox.drain()).toBe(5);
        for (const id of first) await rig.waitForMessage('cliente6@example.test', id, 15_000);
        expect({ smtp: smtp.connections(), imap: imap.connections() }).toEqual({ smtp: 1, imap: 1 });
        const sent = await sentFolder(GERAL);
        expect(first.map((id) => sent.filter((m) => m.messageId === id).length)).toEqual(first.map(() => 1));

        // Both links cut in the middle of a pass (the server dropped them): the next message opens new
        // ones; none is sent twice, at worst one waits for its retry.
        afterSend.hook = (n) => {
          if (n === 2) {
            smtp.cutAll();
            imap.cutAll();
          }
        };
        const second = await queue(4);
        await queueOnly.services.outbox.drain();
        afterSend.hook = null;
        await t.database.db
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date() })
          .where(eq(emailOutbox.status, 'queued'));
        await queueOnly.services.outbox.drain();
        for (const id of second) await rig.waitForMessage('cliente6@example.test', id, 15_000);
        await new Promise((r) => setTimeout(r, 300));
        expect([...first, ...second].map((id) => copies('cliente6@example.test', id))).toEqual(
          [...first, ...second].map(() => 1),
        );
        expect(smtp.connections()).toBeGreaterThanOrEqual(2);
        expect(imap.connections()).toBeGreaterThanOrEqual(2);
        const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, lead.id));
        expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'sent'));
        const filed = await sentFolder(GERAL);
        expect([...first, ...second].map((id) => filed.filter((m) => m.messageId === id).length)).toEqual(
          [...first, ...second].map(() => 1),
        );
      } finally {
        via.smtp = null;
        via.imap = null;
        await queueOnly.app.close();
        await smtp.close();
        await imap.close();
      }
    });
    it('Gmail (XOAUTH2): a pass logs in with the mailbox token, and with a fresh one once it expired', async () => {
      await rig.addUser('cliente7@example.test', 'c7');
      // Google sign-in at the stub, then every token the connection asks for is a new one.
      const redirect = 'http://127.0.0.1:9/api/gmail/callback';
      const consent = await fetch(
        `${rig.oauth.urls.auth}?${new URLSearchParams({
          client_id: rig.oauth.clientId,
          redirect_uri: redirect,
          response_type: 'code',
          scope: 'https://mail.google.com/',
          access_type: 'offline',
          prompt: 'consent',
          state: 'st',
          login_hint: GERAL,
        })}`,
        { redirect: 'manual' },
      );
      const token = async (body: Record<string, string>) =>
        (await (
          await fetch(rig.oauth.urls.token, {
            method: 'POST',
            body: new URLSearchParams({
              client_id: rig.oauth.clientId,
              client_secret: rig.oauth.clientSecret,
              ...body,
            }),
          })
        ).json()) as { access_token: string; refresh_token: string };
      const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const { refresh_token } = await token({ code, redirect_uri: redirect, grant_type: 'authorization_code' });
      let asked = 0;
      const smtp = await countingProxy(rig.ports.submission);
      const gmail: MailConnection = {
        account: 'geral',
        provider: 'gmail',
        address: GERAL,
        username: GERAL,
        imap: { host: rig.host, port: rig.ports.imap, security: 'none' },
        smtp: { host: rig.host, port: smtp.port, security: 'none' },
        auth: {
          type: 'xoauth2',
          accessToken: async () => {
            asked++;
            return (await token({ refresh_token, grant_type: 'refresh_token' })).access_token;
          },
        },
        appendToSent: false,
      };
      const pass = createMailboxSender({ getConnection: () => Promise.resolve(gmail) }).openPass!();
      const mail = (n: number) => ({
        account: 'geral' as const,
        messageId: `<gmail-${n}-${Date.now()}@example.test>`,
        to: 'cliente7@example.test',
        subject: `Gmail ${n}`,
        text: 'x',
        html: '<p>x</p>',
        inReplyTo: null,
        references: null,
      });
      try {
        const first = mail(1);
        expect(await pass.send(first, GERAL)).toEqual({ sentCopy: 'provider' });
        // The token expires and the server drops the connection: the pass logs in again, freshly.
        rig.oauth.expireAccessTokens();
        smtp.cutAll();
        await new Promise((r) => setTimeout(r, 200));
        const second = mail(2);
        expect(await pass.send(second, GERAL)).toEqual({ sentCopy: 'provider' });
        for (const m of [first, second]) await rig.waitForMessage('cliente7@example.test', m.messageId, 15_000);
        expect(smtp.connections()).toBe(2);
        expect(asked).toBeGreaterThanOrEqual(2);
        expect([first, second].map((m) => copies('cliente7@example.test', m.messageId))).toEqual([1, 1]);
      } finally {
        await pass.close();
        await smtp.close();
      }
    });
  },
);
