/**
 * Sync health (ADR 064): no received message vanishes unseen. A message the sync cannot import is
 * recorded with its sender, subject and the reason in plain words; admins are told once, when the
 * run that met it ends; the mailbox's card lists it with 'Import anyway as text'.
 */
import type { ImportOutcome } from './mail-import.ts';
import { MailParseError } from './mail-parse-pool.ts';

/** Why a message could not be imported, for staff. */
export function failureReason(err: unknown): string {
  if (err instanceof MailParseError) return err.message.slice(0, 500);
  const raw = err instanceof Error ? err.message : String(err);
  if (/\\u0000|0x00/i.test(raw)) return 'The message holds a NUL character the database refuses.';
  return `The message could not be read: ${raw.replace(/\s+/g, ' ').trim().slice(0, 400)}`;
}

export interface FailureNotice {
  title: string;
  message: string;
}

/** One notice for the messages one run could not import, naming up to three. */
export function failureNotice(
  mailbox: string,
  failures: ReadonlyArray<{ from: string | null; subject: string }>,
): FailureNotice | null {
  if (failures.length === 0) return null;
  const n = failures.length;
  const named = failures
    .slice(0, 3)
    .map((f) => `“${(f.subject || '(no subject)').slice(0, 80)}” from ${f.from ?? 'an unknown sender'}`)
    .join('; ');
  const more = n > 3 ? ` and ${n - 3} more` : '';
  return {
    title: `${n === 1 ? 'A message' : `${n} messages`} in the ${mailbox} mailbox could not be imported`.slice(0, 255),
    message:
      `${named}${more}. See Settings › Mailboxes › ${mailbox}: each can be imported as plain text from there.`.slice(
        0,
        2000,
      ),
  };
}

/** What 'Import anyway as text' did, in plain words. */
export function asTextMessage(outcome: ImportOutcome | null, reference: string | null): string {
  if (outcome === 'lead_created')
    return `Lead ${reference ?? ''} was created from the message’s text.`.replace('  ', ' ');
  if (outcome === 'timeline' || outcome === 'auto_reply_noted')
    return `The message’s text was added to the timeline of lead ${reference ?? ''}.`.replace('  ', ' ');
  if (outcome === 'bounce_matched')
    return `The delivery report was applied to the e-mail it returns (lead ${reference ?? ''}).`;
  if (outcome === 'duplicate' || outcome === null)
    return 'This message was already on a lead’s timeline: nothing was added.';
  if (outcome === 'ignored_self') return 'The message was sent from a company mailbox: it is not imported.';
  return 'The message comes from an automatic sender (a delivery report, an auto-reply or a mailing list): it was recorded and no lead was made.';
}
