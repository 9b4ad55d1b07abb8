import type { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { replaceControlChars } from '#shared/text/control-chars.ts';
import type { MailboxAccount } from '#shared/schemas/email.ts';
import type { MailSendPass, MailSender, OutgoingMail, SentResult } from '#server/integrations/mail-send/mail-sender.ts';
import {
  appendToSentFolder,
  openImap,
  sentFolderPath,
  smtpTransportOptions,
  type MailConnection,
} from './mail-transport.ts';

/** A header value on one line: controls (line breaks) become spaces (settings refuse them too; issue 31). */
const oneLine = (value: string) => replaceControlChars(value).replace(/ {2,}/g, ' ').trim();

/** The MIME bytes once: the same bytes are sent and filed in Sent. */
export function buildRaw(mail: OutgoingMail, from: { address: string; name?: string }): Promise<Buffer> {
  const name = from.name ? oneLine(from.name) : '';
  const composer = new MailComposer({
    from: name ? { name, address: from.address } : from.address,
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

const sentCopyWarning = (err: unknown) =>
  `Sent, but the copy could not be filed in the Sent folder: ${(err as Error).message}`;

type Transport = ReturnType<typeof nodemailer.createTransport>;

/**
 * One SMTP connection kept open for a drain pass: nodemailer's pool with a single connection that
 * never re-sends a message on its own (maxRequeues 0: a connection lost mid-message fails that
 * message, the outbox decides; ADR 027). Google's XOAUTH2 asks the mailbox for a token at each
 * (re)connection, so a pass outliving a token logs in with a fresh one.
 */
async function openSmtp(conn: MailConnection): Promise<Transport> {
  const transport = nodemailer.createTransport({
    ...(await smtpTransportOptions(conn)),
    pool: true,
    maxConnections: 1,
    maxMessages: 100,
    maxRequeues: 0,
  });
  // A dropped connection is reported to the message being sent; nothing else must crash the process.
  transport.on('error', () => {});
  if (conn.auth.type === 'xoauth2') {
    const token = conn.auth.accessToken;
    transport.set(
      'oauth2_provision_cb',
      (_user: string, _renew: boolean, done: (err: Error | null, t?: string) => void) => {
        token().then(
          (t) => done(null, t),
          (err: unknown) => done(err as Error),
        );
      },
    );
  }
  return transport;
}

/**
 * The real sender: nodemailer over the connected mailbox's SMTP (password, or Google's XOAUTH2),
 * then the Sent copy by IMAP APPEND where the provider does not file one itself (docs/mail.md).
 * A failed APPEND is a warning, never a failed send: the customer has the message.
 */
export function createMailboxSender(deps: {
  getConnection: (account: MailboxAccount) => Promise<MailConnection | null>;
  /** The From line's display name (the company name), when set. */
  displayName?: () => Promise<string | null>;
}): MailSender {
  return {
    async fromAddress(account) {
      return (await deps.getConnection(account))?.address ?? null;
    },

    async send(mail, from): Promise<SentResult> {
      const conn = await deps.getConnection(mail.account);
      if (!conn) throw new Error(`The ${mail.account} mailbox is not connected`);
      const name = (await deps.displayName?.()) ?? undefined;
      const raw = await buildRaw(mail, { address: from, name });
      const transport = nodemailer.createTransport(await smtpTransportOptions(conn));
      try {
        await transport.sendMail({ envelope: { from, to: [mail.to] }, raw });
      } finally {
        transport.close();
      }
      if (!conn.appendToSent) return { sentCopy: 'provider' };
      try {
        await appendToSentFolder(conn, raw);
        return { sentCopy: 'appended' };
      } catch (err) {
        return { sentCopy: 'none', warning: sentCopyWarning(err) };
      }
    },

    /**
     * A drain pass: each mailbox's connection read once, one SMTP connection and one IMAP session
     * (Sent folder looked up once) per mailbox, opened at its first message. A failed connection is
     * dropped and the next message opens a new one; close() ends them all.
     */
    openPass(): MailSendPass {
      const connections = new Map<MailboxAccount, Promise<MailConnection | null>>();
      const smtp = new Map<MailboxAccount, Promise<Transport>>();
      const imap = new Map<MailboxAccount, Promise<{ client: ImapFlow; folder: string }>>();
      let name: Promise<string | undefined> | undefined;
      let closed = false;

      /** Memoises a per-mailbox promise; a rejected one is forgotten so the next call tries again. */
      function once<T>(map: Map<MailboxAccount, Promise<T>>, account: MailboxAccount, open: () => Promise<T>) {
        let value = map.get(account);
        if (!value) {
          value = open();
          map.set(account, value);
          value.catch(() => map.delete(account));
        }
        return value;
      }
      const connection = (account: MailboxAccount) => once(connections, account, () => deps.getConnection(account));

      async function dropSmtp(account: MailboxAccount) {
        const transport = smtp.get(account);
        smtp.delete(account);
        (await transport?.catch(() => null))?.close();
      }
      async function dropImap(account: MailboxAccount) {
        const session = imap.get(account);
        imap.delete(account);
        const client = (await session?.catch(() => null))?.client;
        await client?.logout().catch(() => client.close());
      }

      return {
        async fromAddress(account) {
          return (await connection(account))?.address ?? null;
        },

        async send(mail, from): Promise<SentResult> {
          if (closed) throw new Error('This drain pass is closed');
          const conn = await connection(mail.account);
          if (!conn) throw new Error(`The ${mail.account} mailbox is not connected`);
          name ??= deps.displayName ? deps.displayName().then((n) => n ?? undefined) : Promise.resolve(undefined);
          const raw = await buildRaw(mail, { address: from, name: await name });
          const transport = await once(smtp, mail.account, () => openSmtp(conn));
          try {
            await transport.sendMail({ envelope: { from, to: [mail.to] }, raw });
          } catch (err) {
            await dropSmtp(mail.account);
            throw err;
          }
          if (!conn.appendToSent) return { sentCopy: 'provider' };
          try {
            const open = () =>
              once(imap, mail.account, async () => {
                const client = await openImap(conn);
                try {
                  return { client, folder: await sentFolderPath(client) };
                } catch (err) {
                  await client.logout().catch(() => client.close());
                  throw err;
                }
              });
            let session = await open();
            // The server closed an idle session (a timeout, a restart): open a new one.
            if (!session.client.usable) {
              await dropImap(mail.account);
              session = await open();
            }
            await session.client.append(session.folder, raw, ['\\Seen']);
            return { sentCopy: 'appended' };
          } catch (err) {
            await dropImap(mail.account);
            return { sentCopy: 'none', warning: sentCopyWarning(err) };
          }
        },

        async close() {
          closed = true;
          const accounts = new Set([...smtp.keys(), ...imap.keys()]);
          await Promise.all([...accounts].flatMap((a) => [dropSmtp(a), dropImap(a)]));
        },
      };
    },
  };
}
