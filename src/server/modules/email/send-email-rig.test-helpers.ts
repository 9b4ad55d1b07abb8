/**
 * The shared setup of the sending tests (send-email.rig*.db.test.ts): the rig, an app whose outbox
 * sends through the real mailbox sender with both mailboxes connected, and the reads the tests repeat.
 */
import net from 'node:net';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import { createMailboxSender } from '#server/integrations/mail/mailbox-sender.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

export const GERAL = 'geral@example.test';
export const COMERCIAL = 'comercial@example.test';

/** A TCP proxy that counts the connections made through it and can cut them all (a dropped link). */
export async function countingProxy(target: number) {
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
export interface SendRigSetup {
  rig: MailRig;
  t: TestApp;
  cookie: string;
  admin: string;
}

/** The rig and the app sending through `sender`, both mailboxes connected (beforeAll). */
export async function startSendRig(sender: MailSender): Promise<SendRigSetup> {
  const rig = await startMailRig();
  const mail = defaultMailSettings({});
  const t = await createTestApp({ mail, mailSender: sender, publicUrl: 'https://carros.example.test' });
  const cookie = (await t.loginAs('user')).cookie;
  const admin = (await t.loginAs('admin')).cookie;
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
  return { rig, t, cookie, admin };
}

/** What the tests repeat, read from the setup when called. */
export function sendRigHelpers(setup: () => Pick<SendRigSetup, 'rig' | 't' | 'cookie'>) {
  /** A closed port in place of SMTP submission stands for "the mail server is down". */
  const smtpDown = { port: null as number | null };
  /** Counting proxies in front of SMTP and IMAP, when a test wants to see the connections. */
  const via = { smtp: null as number | null, imap: null as number | null };
  /** The real sender over the connected mailboxes; the outage swaps the SMTP port only. */
  const realSender = (): MailSender =>
    createMailboxSender({
      getConnection: async (account) => {
        const conn = await setup().t.services.mailboxes.connections.getConnection(account);
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
  async function sentFolder(address: string): Promise<ParsedMail[]> {
    const { rig } = setup();
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
  return {
    smtpDown,
    via,
    realSender,
    sentFolder,
    send: (leadId: number, payload: object) =>
      setup().t.app.inject({
        method: 'POST',
        url: `/api/leads/${leadId}/send-email`,
        payload,
        headers: { cookie: setup().cookie },
      }),
    received: async (address: string, messageId: string): Promise<ParsedMail> =>
      simpleParser(await setup().rig.waitForMessage(address, messageId, 15_000)),
    copies: (address: string, messageId: string) =>
      setup()
        .rig.inbox(address)
        .filter((raw) => raw.includes(`Message-ID: ${messageId}`) || raw.includes(`Message-Id: ${messageId}`)).length,
  };
}
