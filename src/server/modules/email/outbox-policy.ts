/** The outbox's rules: its timings, its messages to staff, and which failures are final (ADR 027). */
import type { MailboxAccount } from '#shared/schemas/email.ts';
import { backoffDelay } from '#server/lib/lease.ts';
import type { MailSender, MailSendPass } from '#server/integrations/mail-send/mail-sender.ts';
import { PermanentSendError } from '#server/lib/permanent-send-error.ts';

/** How the outbox works the queue off (docs/decisions/027-email-outbox.md). */
export const OUTBOX = {
  /** A sending attempt holds its row this long; past it, the attempt counts as interrupted. */
  leaseMs: 5 * 60_000,
  /** Attempts before a message counts as failed (about 4 hours of trying with the backoff below). */
  maxAttempts: 10,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  batch: 20,
  /** A drain pass keeps its SMTP and IMAP connections this long at most, then opens new ones. */
  passMs: 60_000,
  /**
   * At most one attempt starts per this interval (ADR 044): a backlog goes out at 20 a second, under
   * providers' burst limits, and never takes the whole machine from the staff's calls. The first
   * message of a drain leaves at once.
   */
  sendIntervalMs: 50,
};

export const INTERRUPTED =
  'Sending was interrupted (the app stopped mid-send): it may have left. Check the Sent folder before you retry.';
export const NOT_CONNECTED = (account: MailboxAccount) =>
  `The ${account} mailbox is not connected: the e-mail waits until it is.`;
export const MESSAGE_NOT_FOUND = 'Email not found';
export const RETRY_REFUSED = 'Only an email that failed can be retried';
export const RETRY_BOUNCED =
  'This e-mail bounced: the address did not accept it. Check the address before sending again.';

export interface QueueInput {
  idempotencyKey: string;
  account: MailboxAccount;
  purpose: 'reply' | 'proposal' | 'acknowledgement' | 'stage_update' | 'reminder';
  leadId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  inReplyTo: string | null;
  references: string | null;
  createdBy: number | null;
  /** The sending address, whose domain the Message-ID carries; the company's domain when unknown. */
  from: string | null;
  /** The lead's timeline entry recording it (e-mail data shown to staff), written with the message. */
  timeline: { from: string; body: string; title?: string | null } | null;
}

/** The wait before the next attempt after `attempts` failed ones (the one backoff rule, lib/lease.ts). */
export const backoffAfter = (attempts: number) =>
  backoffDelay({ base: OUTBOX.backoffMs, max: OUTBOX.maxBackoffMs }, attempts);

export function errorText(err: unknown): string {
  const e = err as { message?: string; response?: string };
  return (e.response || e.message || String(err)).replace(/\s+/g, ' ').trim().slice(0, 1000) || 'Unknown error';
}

/** True for an SMTP answer that retrying cannot change (5xx), as nodemailer reports it. */
export function isPermanent(err: unknown): boolean {
  if (err instanceof PermanentSendError) return true;
  const { responseCode, code } = err as { responseCode?: number; code?: string };
  // A refused login is the connection's problem, fixed in Settings: keep the message waiting.
  if (code === 'EAUTH') return false;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** A pass that opens nothing of its own: each message is a one-off send. */
export function oneOffPass(sender: MailSender): MailSendPass {
  return {
    fromAddress: (account) => sender.fromAddress(account),
    send: (mail, from) => sender.send(mail, from),
    close: () => Promise.resolve(),
  };
}
