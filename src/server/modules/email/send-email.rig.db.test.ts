import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { leadTimeline } from '#server/db/schema/leads.ts';
import {
  freePort,
  skipWithoutMailRig,
  startMailRig,
  type MailRig,
} from '#server/integrations/mail/test-rig/mail-rig.ts';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import type { MailConnection } from '#server/modules/mailboxes/mailboxes.api.ts';
import { createMailboxSender } from './mailbox-sender.ts';
import { insertLead, insertTimelineEntry } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const GERAL = 'geral@example.test';

/** A TCP proxy that counts the connections made through it and can cut them all (a dropped link). */
async function countingProxy(target: number) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    cutAll: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
const COMERCIAL = 'comercial@example.test';

/**
 * Sending through the real rig: nodemailer to Postfix (submission, SASL), Postfix to Dovecot, the
 * Sent copy by IMAP APPEND, read back with IMAP and parsed with mailparser.
 */
describe.skipIf(skipWithoutMailRig())('sending e-mail through the mail rig', { timeout: 60_000 }, () => {
  let rig: MailRig;
  let t: TestApp;
  let cookie: string;
  let admin: string;
  /** A closed port in place of SMTP submission stands for "the mail server is down". */
  const smtpDown = { port: null as number | null };
  /** Counting proxies in front of SMTP and IMAP, when a test wants to see the connections. */
  const via = { smtp: null as number | null, imap: null as number | null };
  /** The real sender over the mailboxes connected below; the outage swaps the SMTP port only. */
  const realSender = (): MailSender =>
    createMailboxSender({
      getConnection: async (account) => {
        const conn = await t.services.mailboxes.getConnection(account);
        if (!conn) return conn;
        const smtpPort = smtpDown.port ?? via.smtp;
        return {
          ...conn,
          ...(smtpPort ? { smtp: { ...conn.smtp, port: smtpPort } } : {}),
          ...(via.imap ? { imap: { ...conn.imap, port: via.imap } } : {}),
        };
      },
      displayName: () => Promise.resolve('AutoImport'),
    });

  beforeAll(async () => {
    rig = await startMailRig();
    const mail = defaultMailSettings({});
    t = await createTestApp({ mail, mailSender: realSender(), publicUrl: 'https://carros.example.test' });
    cookie = (await t.loginAs('user')).cookie;
    admin = (await t.loginAs('admin')).cookie;
    for (const [account, address] of [
      ['geral', GERAL],
      ['comercial', COMERCIAL],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/gmail/connect/${account}`,
        headers: { cookie: admin },
        payload: {
          address,
          imap: { host: rig.host, port: rig.ports.imap, security: 'none' },
          smtp: { host: rig.host, port: rig.ports.submission, security: 'none' },
          username: address,
          password: rig.users.get(address),
        },
      });
      if (res.statusCode !== 200) throw new Error(`connect ${account}: ${res.statusCode} ${res.body}`);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.services.outbox.idle();
    await t?.close();
    await rig?.stop();
  });

  const send = (leadId: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/leads/${leadId}/send-email`, payload, headers: { cookie } });
  const received = async (address: string, messageId: string): Promise<ParsedMail> =>
    simpleParser(await rig.waitForMessage(address, messageId, 15_000));
  const copies = (address: string, messageId: string) =>
    rig
      .inbox(address)
      .filter((raw) => raw.includes(`Message-ID: ${messageId}`) || raw.includes(`Message-Id: ${messageId}`)).length;

  async function sentFolder(address: string): Promise<ParsedMail[]> {
    const imap = new ImapFlow({
      host: rig.host,
      port: rig.ports.imap,
      secure: false,
      doSTARTTLS: false,
      auth: { user: address, pass: rig.users.get(address)! },
      logger: false,
    });
    await imap.connect();
    const out: ParsedMail[] = [];
    const lock = await imap.getMailboxLock('Sent');
    try {
      for await (const msg of imap.fetch('1:*', { source: true })) out.push(await simpleParser(msg.source!));
    } catch {
      // an empty folder has no 1:*
    } finally {
      lock.release();
      await imap.logout();
    }
    return out;
  }

  it('a reply arrives with From, subject, both parts, signature, threading and escaped HTML; the Sent copy exists', async () => {
    const sig = await t.app.inject({
      method: 'PUT',
      url: '/api/gmail/signature/geral',
      payload: {
        signature:
          '<p><b>Equipa AutoImport</b><br><a href="https://carros.example.test">site</a></p><script>x()</script>',
      },
      headers: { cookie: admin },
    });
    expect(sig.json().signature).toBe(
      '<p><b>Equipa AutoImport</b><br><a href="https://carros.example.test/">site</a></p>',
    );
    await rig.addUser('cliente1@example.test', 'c1');
    const lead = await insertLead(t.database.db, { email: 'cliente1@example.test', emailSource: 'geral' });
    await insertTimelineEntry(t.database.db, {
      leadId: lead.id,
      type: 'email',
      emailData: { from: 'cliente1@example.test', to: GERAL, subject: 'Pedido', body: 'Olá', isOutgoing: false },
      messageId: '<customer-1@cliente.test>',
    });

    const res = await send(lead.id, {
      subject: 'Re: Pedido',
      body: 'Olá <b>Ana</b>, veja <script>alert(1)</script> & <i>obrigado</i>',
      includeSignature: true,
    });
    expect(res.statusCode).toBe(202);
    const { messageId, outboxId } = res.json<{ messageId: string; outboxId: number }>();
    const mail = await received('cliente1@example.test', messageId);
    expect(mail.from?.value[0]).toEqual({ address: GERAL, name: 'AutoImport' });
    expect(mail.subject).toBe('Re: Pedido');
    expect(mail.messageId).toBe(messageId);
    expect(mail.inReplyTo).toBe('<customer-1@cliente.test>');
    expect(mail.references).toBe('<customer-1@cliente.test>');
    expect(mail.text).toContain('Olá Ana, veja <script>alert(1)</script> & obrigado');
    expect(mail.text).toContain('-- \nEquipa AutoImport');
    expect(mail.html).toContain('Olá <b>Ana</b>, veja &lt;script&gt;alert(1)&lt;/script&gt; &amp; <i>obrigado</i>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<div class="signature"');
    expect(mail.html).toContain('<b>Equipa AutoImport</b>');

    await t.services.outbox.idle();
    const sent = await sentFolder(GERAL);
    expect(sent.filter((m) => m.messageId === messageId)).toHaveLength(1);
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(row).toMatchObject({ status: 'sent', warning: null });
    const [entry] = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.messageId, messageId));
    expect(entry!.emailData).toMatchObject({ from: GERAL, to: 'cliente1@example.test', isOutgoing: true });
  });

  it('leaves from the mailbox the lead wrote to (comercial), without a signature when asked', async () => {
    await rig.addUser('cliente2@example.test', 'c2');
    const lead = await insertLead(t.database.db, { email: 'cliente2@example.test', emailSource: 'comercial' });
    const { messageId } = (await send(lead.id, { subject: 'Olá', body: 'Texto', includeSignature: false })).json<{
      messageId: string;
    }>();
    const mail = await received('cliente2@example.test', messageId);
    expect(mail.from?.value[0]?.address).toBe(COMERCIAL);
    expect(mail.text).not.toContain('-- ');
    expect(messageId).toMatch(/@example\.test>$/);
  });

  it('the acknowledgement after a quote request: Portuguese, with the reference, once per request', async () => {
    await rig.addUser('cliente3@example.test', 'c3');
    const lead = await t.services.leads.createFromQuoteForm(
      {
        name: 'Rita Sousa',
        email: 'cliente3@example.test',
        phone: '+351 912 000 111',
        vehicleChoice: 'specific',
        vehicleLink: 'https://www.standvirtual.com/carros/anuncio/peugeot-2008-ID8P1234.html',
      },
      { utmSource: null },
    );
    await t.services.outbox.idle();
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `ack:lead:${lead.id}`));
    const mail = await received('cliente3@example.test', row!.messageId);
    expect(mail.subject).toBe(`Recebemos o seu pedido (${lead.reference})`);
    expect(mail.text).toContain(`Olá Rita,`);
    expect(mail.text).toContain(`A referência do seu pedido é ${lead.reference}.`);
    // Asked again for the same request: the same message, still one in the customer's inbox.
    const again = await t.services.sendEmail.acknowledgeQuoteRequest(lead);
    expect(again?.outboxId).toBe(row!.id);
    await t.services.outbox.idle();
    expect(copies('cliente3@example.test', row!.messageId)).toBe(1);
    const timeline = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, lead.id));
    expect(timeline.filter((e) => e.type === 'email')).toHaveLength(1);
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
          body: new URLSearchParams({ client_id: rig.oauth.clientId, client_secret: rig.oauth.clientSecret, ...body }),
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
});
