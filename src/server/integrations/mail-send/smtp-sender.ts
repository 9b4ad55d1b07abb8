import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailboxAccount } from '#shared/schemas/email.ts';
import type { MailSender, OutgoingMail, SentResult } from './mail-sender.ts';

/** How one connected mailbox sends: what the mailbox connections hand the sender. */
export interface MailboxTransport {
  address: string;
  /** Display name on the From line (the company name). */
  name?: string;
  /** gmail files the Sent copy itself; other providers get an IMAP APPEND. */
  provider: 'gmail' | 'imap';
  smtp: { host: string; port: number; secure: boolean; requireTLS?: boolean };
  imap: { host: string; port: number; secure: boolean } | null;
  auth: { user: string; pass: string } | { user: string; accessToken: string };
  /** auto: APPEND unless the provider files it (Gmail); yes / no force it. */
  appendToSent?: 'auto' | 'yes' | 'no';
}

/** The mailbox connections as the sender sees them: a connected mailbox's transport, or null. */
export type TransportResolver = (account: MailboxAccount) => Promise<MailboxTransport | null>;

const SENT_CANDIDATES = ['Sent', 'Sent Items', 'Sent Messages', 'Enviados', 'Itens Enviados', 'INBOX.Sent'];
const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '::1';

/** The MIME bytes once: the same bytes are sent and filed in Sent. */
export async function buildRaw(mail: OutgoingMail, from: { address: string; name?: string }): Promise<Buffer> {
  const composer = new MailComposer({
    from: from.name ? { name: from.name, address: from.address } : from.address,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: new Date(),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references ? { references: mail.references } : {}),
  });
  return composer.compile().build();
}

function smtpAuth(t: MailboxTransport) {
  return 'accessToken' in t.auth
    ? { type: 'OAuth2' as const, user: t.auth.user, accessToken: t.auth.accessToken }
    : { user: t.auth.user, pass: t.auth.pass };
}

/** Files the sent bytes in the mailbox's Sent folder (SPECIAL-USE \Sent, else a usual name). */
async function appendToSent(t: MailboxTransport, raw: Buffer): Promise<void> {
  if (!t.imap) throw new Error('no IMAP settings');
  const client = new ImapFlow({
    host: t.imap.host,
    port: t.imap.port,
    secure: t.imap.secure,
    auth: 'accessToken' in t.auth ? { user: t.auth.user, accessToken: t.auth.accessToken } : t.auth,
    logger: false,
    ...(isLoopback(t.imap.host) && !t.imap.secure ? { doSTARTTLS: false } : {}),
  });
  client.on('error', () => {}); // surfaced through the awaited calls
  await client.connect();
  try {
    const folders = await client.list();
    const sent =
      folders.find((f) => f.specialUse === '\\Sent') ??
      folders.find((f) => SENT_CANDIDATES.some((c) => c.toLowerCase() === f.path.toLowerCase()));
    const path = sent?.path ?? 'Sent';
    if (!sent) await client.mailboxCreate(path);
    await client.append(path, raw, ['\\Seen']);
  } finally {
    await client.logout().catch(() => undefined);
  }
}

/**
 * The real sender: nodemailer over the mailbox's SMTP (password or Google's XOAUTH2), then the Sent
 * copy by IMAP APPEND where the provider does not file one itself. A failed APPEND is a warning,
 * never a failed send (the customer has the message).
 */
export function createSmtpSender(resolve: TransportResolver): MailSender {
  return {
    async fromAddress(account) {
      return (await resolve(account))?.address ?? null;
    },

    async send(mail, from): Promise<SentResult> {
      const t = await resolve(mail.account);
      if (!t) throw new Error(`The ${mail.account} mailbox is not connected`);
      const raw = await buildRaw(mail, { address: from, name: t.name });
      const transport = nodemailer.createTransport({
        host: t.smtp.host,
        port: t.smtp.port,
        secure: t.smtp.secure,
        requireTLS: t.smtp.requireTLS ?? false,
        // Plain text only to a server on this machine (the test rig); TLS everywhere else.
        ignoreTLS: isLoopback(t.smtp.host) && !t.smtp.secure,
        auth: smtpAuth(t),
        connectionTimeout: 20_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      });
      try {
        await transport.sendMail({ envelope: { from, to: [mail.to] }, raw });
      } finally {
        transport.close();
      }
      const append = t.appendToSent ?? 'auto';
      if (append === 'no' || (append === 'auto' && t.provider === 'gmail')) return { sentCopy: 'provider' };
      try {
        await appendToSent(t, raw);
        return { sentCopy: 'appended' };
      } catch (err) {
        return {
          sentCopy: 'none',
          warning: `Sent, but the copy could not be filed in the Sent folder: ${(err as Error).message}`,
        };
      }
    },
  };
}
