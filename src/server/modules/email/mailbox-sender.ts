import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailboxAccount } from '#shared/schemas/email.ts';
import type { MailSender, OutgoingMail, SentResult } from '#server/integrations/mail-send/mail-sender.ts';
import {
  appendToSentFolder,
  smtpTransportOptions,
  type MailConnection,
} from '#server/modules/mailboxes/mailboxes.api.ts';

/** The MIME bytes once: the same bytes are sent and filed in Sent. */
export function buildRaw(mail: OutgoingMail, from: { address: string; name?: string }): Promise<Buffer> {
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
        return {
          sentCopy: 'none',
          warning: `Sent, but the copy could not be filed in the Sent folder: ${(err as Error).message}`,
        };
      }
    },
  };
}
