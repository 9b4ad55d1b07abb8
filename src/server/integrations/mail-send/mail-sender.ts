import type { MailboxAccount } from '#shared/schemas/email.ts';

/** One message ready to leave: the outbox fixed its Message-ID before the first attempt. */
export interface OutgoingMail {
  account: MailboxAccount;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  inReplyTo: string | null;
  references: string | null;
}

export interface SentResult {
  /** Where the Sent copy went: filed by the provider (Gmail), appended over IMAP, or nowhere. */
  sentCopy: 'provider' | 'appended' | 'none';
  /** A problem that did not stop the send (the Sent copy could not be filed). */
  warning?: string;
}

/**
 * What the outbox needs from the mail engine (docs/decisions/027-email-outbox.md): the sending
 * address of a connected mailbox, and one send. The real adapter is nodemailer over the mailbox's
 * connection; tests use the same adapter against the local mail rig.
 */
export interface MailSender {
  /** The mailbox's address when it is connected and can send; null otherwise. */
  fromAddress(account: MailboxAccount): Promise<string | null>;
  /** Sends once. Throws on failure; a PermanentSendError (server/lib) is never tried again. */
  send(mail: OutgoingMail, from: string): Promise<SentResult>;
  /**
   * A drain pass (optional): the same calls over connections kept open for the pass (one SMTP and
   * one IMAP session per mailbox), closed by close(). Never re-sends on its own: a message whose
   * connection failed is reported failed, like a one-off send.
   */
  openPass?(): MailSendPass;
}

/** The sender for one pass of the outbox's drain; close() ends its connections (also after errors). */
export interface MailSendPass {
  fromAddress(account: MailboxAccount): Promise<string | null>;
  send(mail: OutgoingMail, from: string): Promise<SentResult>;
  close(): Promise<void>;
}

/** Until a mailbox is connected nothing can leave: every message waits in the outbox. */
export const noMailboxes: MailSender = {
  fromAddress: () => Promise.resolve(null),
  send: () => Promise.reject(new Error('No mailbox is connected')),
};
