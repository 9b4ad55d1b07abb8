/**
 * Attachments of a received e-mail that the timeline does not keep, each with its size and why
 * (ADR 064): staff see what the customer sent even when the file itself is not stored.
 */
import type { AttachmentNotKept } from '#shared/schemas/timeline.ts';
import type { IncomingMessage } from './mail-message.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

/** The reason written under an attachment over the limit. */
export const tooLargeReason = (size: number, max: number) =>
  `Not kept: ${mb(size)} is over the ${mb(max).replace(',0', '')} limit for attachments. Ask the sender for a link or a smaller file.`;

/** Those over `max` bytes, then any the message listed as not read (import as text). */
export function attachmentsNotKept(msg: IncomingMessage, max: number): AttachmentNotKept[] {
  const tooLarge = msg.attachments
    .filter((a) => a.content.length > max)
    .map((a) => ({ filename: a.filename, size: a.content.length, reason: tooLargeReason(a.content.length, max) }));
  return [...tooLarge, ...(msg.notKept ?? [])].slice(0, 100);
}
