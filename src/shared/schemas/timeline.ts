/**
 * Timeline of a lead: e-mails, calls and chats. E-mail entries are written by the mail integration
 * and cannot be edited or deleted by staff.
 */
import { z } from 'zod';
import { versionField, versionSchema } from './versioned.ts';

export const TIMELINE_TYPES = ['email', 'chat', 'call'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

/** How an entry is shown; computed by src/shared/timeline/classify.ts. */
export const TIMELINE_KINDS = [
  'proposal',
  'email_sent',
  'email_received',
  'call',
  'chat',
  'proposal_viewed',
  'quote_request',
  'status_change',
  'listing_watch',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  proposal: 'Proposal',
  email_sent: 'Email Sent',
  email_received: 'Email Received',
  call: 'Phone Call',
  chat: 'Text/WhatsApp',
  proposal_viewed: 'Proposal Viewed',
  quote_request: 'Quote Request',
  status_change: 'Status Change',
  listing_watch: 'Listing Watch',
};

/**
 * Entries the product writes itself (not typed by staff); stored as metadata.event: a customer's
 * first view of a proposal, the site form's request (the lead's first entry), and a new proposal
 * that made the lead Quoted (docs/decisions/020-day-one-fixes.md), an import created from the lead (ADR 023), and
 * a customer's auto-reply on a known conversation (ADR 040).
 */
export const TIMELINE_EVENTS = [
  'proposal_viewed',
  'quote_request',
  'quoted_by_proposal',
  'converted_to_import',
  /** A customer's automatic answer (out of office) on a known conversation: a quiet note, not contact (ADR 040). */
  'auto_reply',
  /** A customer's e-mail moved the lead to Waiting for Us (docs/rulings.md ruling 21, ADR 058). */
  'customer_replied',
  /** The listing watch saw a quoted car's listing go, or its price or mileage change (ADR 068): not contact. */
  'listing_changed',
  /** Staff rejected the lead and said why (ADR 067); the reason code is in metadata.outcome. */
  'lead_lost',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export const emailDataSchema = z.object({
  from: z.string().max(500).optional(),
  to: z.string().max(2000).optional(),
  subject: z.string().max(1000).optional(),
  body: z.string().max(200_000).optional(),
  isOutgoing: z.boolean().optional(),
});
export type EmailData = z.infer<typeof emailDataSchema>;

export const timelineMetadataSchema = z.object({
  duration: z.string().max(50).optional(),
  outcome: z.string().max(500).optional(),
  followUp: z.string().max(500).optional(),
  threadId: z.string().max(500).optional(),
});
export type TimelineMetadata = z.infer<typeof timelineMetadataSchema>;

/**
 * E-mail data and metadata as answered: the same fields without the input's length limits, since
 * the mail import writes them too and an answer must never refuse what was stored.
 */
/** An imported e-mail's attachment as listed on its entry; downloaded at GET /api/mail/attachments/{id} (staff only). */
export const emailAttachmentSchema = z.object({
  id: z.number(),
  filename: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

const emailDataAnswerSchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  subject: z.string().optional(),
  body: z.string().optional(),
  isOutgoing: z.boolean().optional(),
  /** Files that came with a received e-mail (never part of the stored e-mail data; read from mail_attachments). */
  attachments: z.array(emailAttachmentSchema).optional(),
});
/**
 * The receiving server's SPF/DKIM/DMARC verdict on an incoming e-mail (Authentication-Results,
 * ADR 064); `failed` names the checks that failed, shown as a warning.
 */
export const mailAuthVerdictSchema = z.object({
  by: z.string(),
  spf: z.string().nullable(),
  dkim: z.string().nullable(),
  dmarc: z.string().nullable(),
  failed: z.array(z.enum(['spf', 'dkim', 'dmarc'])),
});
export type MailAuthVerdict = z.infer<typeof mailAuthVerdictSchema>;

/** An attachment of a received e-mail that was not kept, with why (ADR 064). */
export const attachmentNotKeptSchema = z.object({
  filename: z.string(),
  /** Bytes. */
  size: z.number(),
  reason: z.string(),
});
export type AttachmentNotKept = z.infer<typeof attachmentNotKeptSchema>;

const metadataAnswerSchema = z.object({
  duration: z.string().optional(),
  outcome: z.string().optional(),
  followUp: z.string().optional(),
  threadId: z.string().optional(),
  event: z.enum(TIMELINE_EVENTS).optional(),
  /** A sent e-mail's state in the outbox (docs/decisions/027-email-outbox.md). */
  delivery: z
    .object({
      outboxId: z.number(),
      status: z.enum(['queued', 'sending', 'sent', 'failed']),
      error: z.string().nullable().optional(),
      warning: z.string().nullable().optional(),
      /** The recipient's server returned it (a bounce, ADR 040); error holds the reason in plain words. */
      bounced: z.boolean().optional(),
    })
    .optional(),
  /** Received e-mails: the receiving server's verdict, when the message carried one. */
  mailAuth: mailAuthVerdictSchema.optional(),
  /** Received e-mails: attachments not kept (too large, or the message was imported as text). */
  attachmentsNotKept: z.array(attachmentNotKeptSchema).optional(),
  /** Received e-mails that could not be read whole: imported from their plain text by an admin. */
  importedAsText: z.boolean().optional(),
});

export const timelineEntrySchema = z.object({
  id: z.number(),
  leadId: z.number(),
  type: z.enum(TIMELINE_TYPES),
  /** Display classification and its label, from the company mailbox addresses in settings. */
  kind: z.enum(TIMELINE_KINDS),
  label: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  emailData: emailDataAnswerSchema.nullable(),
  metadata: metadataAnswerSchema.nullable(),
  createdAt: z.string(),
  createdBy: z.number().nullable(),
  /** Display name of the staff member who logged it, when one did. */
  createdByName: z.string().nullable(),
  /** False for e-mail entries (staff cannot edit them) and for entries the product wrote itself. */
  editable: z.boolean(),
  /** ADR 022: send it back with an edit or delete; an entry changed since answers 409. */
  version: versionSchema,
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelineListSchema = z.array(timelineEntrySchema);

const NON_EMAIL_REQUIRED = 'Title and description are required for non-email entries';

/**
 * POST /api/leads/{id}/timeline and PUT /api/timeline/{id}. Staff create call and chat entries;
 * `createdAt` lets them log a contact that happened earlier (defaults to now, never in the future).
 * Type email is refused here: e-mails come from the mail integration.
 */
const entryFields = z.object({
  type: z.enum(TIMELINE_TYPES, { error: 'Type must be email, chat or call' }),
  title: z.string().trim().max(200, 'Title is at most 200 characters').optional().nullable(),
  description: z.string().trim().max(5000, 'Description is at most 5000 characters').optional().nullable(),
  emailData: emailDataSchema.optional().nullable(),
  metadata: timelineMetadataSchema.optional().nullable(),
  // Older years do not survive the round trip (JavaScript reads year 0001 back as 2001).
  createdAt: z.iso
    .datetime({ offset: true, error: 'Date must be a valid date and time' })
    .refine((v) => Date.parse(v) >= Date.UTC(1970, 0, 1), 'Date must be in 1970 or later')
    .optional(),
});
const refineEntry = (v: z.output<typeof entryFields>, ctx: z.RefinementCtx) => {
  if (v.type !== 'email' && (!v.title || !v.description)) {
    ctx.addIssue({ code: 'custom', message: NON_EMAIL_REQUIRED, path: [!v.title ? 'title' : 'description'] });
  }
};
export const timelineEntryInputSchema = entryFields.superRefine(refineEntry);
export type TimelineEntryInput = z.input<typeof timelineEntryInputSchema>;

/** PUT /api/timeline/{id}: the entry's fields plus the optional `version` read (ADR 022). */
export const timelineEntryUpdateSchema = entryFields.extend({ version: versionField }).superRefine(refineEntry);
export type TimelineEntryUpdateInput = z.input<typeof timelineEntryUpdateSchema>;

/** POST /api/leads/{id}/quick-contact: the call/chat log; notes are required. */
export const quickContactSchema = z.object({
  type: z.enum(['call', 'chat'], { error: 'Choose call or chat' }),
  notes: z.string().trim().min(1, 'Notes are required').max(5000, 'Notes are at most 5000 characters'),
});
export type QuickContactInput = z.input<typeof quickContactSchema>;
