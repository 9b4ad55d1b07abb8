/** E-mail: templates, signatures per mailbox, sending from a lead and the outbox state (ADR 027, ADR 028). */
import { z } from 'zod';
import { dbIdSchema } from './common.ts';
import { versionField } from './versioned.ts';
import { unknownVariables } from '#shared/email/template.ts';

export const MAILBOX_ACCOUNTS = ['geral', 'comercial'] as const;
export type MailboxAccount = (typeof MAILBOX_ACCOUNTS)[number];

export const TEMPLATE_ID_HINT = 'Letters, digits, underscore and hyphen only (at most 50 characters)';

export const emailTemplateInputSchema = z
  .object({
    templateId: z
      .string('Template ID is required')
      .trim()
      .min(1, 'Template ID is required')
      .max(50, 'Template ID is at most 50 characters')
      .regex(/^[A-Za-z0-9_-]+$/, TEMPLATE_ID_HINT),
    title: z.string('Title is required').trim().min(1, 'Title is required').max(255, 'Title is at most 255 characters'),
    body: z
      .string('Body is required')
      .refine((b) => b.trim().length > 0, 'Body is required')
      .refine((b) => b.length <= 50_000, 'Body is at most 50000 characters'),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    for (const field of ['title', 'body'] as const) {
      const unknown = unknownVariables(v[field]);
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => `{{${u}}}`).join(', ')}`,
        });
    }
  });
export type EmailTemplateInput = z.input<typeof emailTemplateInputSchema>;

export const emailTemplateSchema = z.object({
  id: z.number(),
  templateId: z.string(),
  title: z.string(),
  body: z.string(),
  version: z.number(),
  /** The proposal-email template while proposals exist: it can be edited but not deleted. */
  protected: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateListSchema = z.array(emailTemplateSchema);

export const signatureParamsSchema = z.object({
  source: z.enum(MAILBOX_ACCOUNTS, { error: 'Mailbox must be geral or comercial' }),
});
export const signatureSchema = z.object({ signature: z.string(), version: z.number() });
export type Signature = z.infer<typeof signatureSchema>;
export const signatureInputSchema = z.object({
  signature: z.string('Signature is required').max(20_000, 'The signature is at most 20000 characters'),
  version: versionField,
});

/** POST /api/leads/{id}/send-email: the final subject and body (placeholders already replaced in the dialog). */
export const sendEmailInputSchema = z.object({
  subject: z.string().trim().max(500, 'Subject is at most 500 characters').optional().default(''),
  body: z
    .string('Email body is required')
    .refine((b) => b.trim().length > 0, 'Email body is required')
    .refine((b) => b.length <= 100_000, 'The email body is at most 100000 characters'),
  includeSignature: z.boolean().optional().default(true),
  /** The template chosen in the form (its templateId), kept with the message. */
  templateId: z.string().max(50).nullable().optional(),
  /** Set when this e-mail sends a proposal (the proposal e-mail dialog). */
  proposalId: dbIdSchema('proposalId must be a positive integer').nullable().optional(),
  /** One key per dialog opening: sending the same form twice records one message. */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey must be 8 to 100 letters, digits, - or _')
    .optional(),
});
export type SendEmailInput = z.input<typeof sendEmailInputSchema>;

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const sendEmailResultSchema = z.object({
  outboxId: z.number(),
  timelineId: z.number().nullable(),
  messageId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Why the last attempt failed, when it did. */
  error: z.string().nullable(),
});
export type SendEmailResult = z.infer<typeof sendEmailResultSchema>;

/** What the send dialog needs: the mailbox a reply leaves from and whether it can send. */
export const sendContextSchema = z.object({
  account: z.enum(MAILBOX_ACCOUNTS),
  from: z.string().nullable(),
  connected: z.boolean(),
  signature: z.string(),
});
export type SendContext = z.infer<typeof sendContextSchema>;

export const SEND_SUCCESS = 'Email sent successfully';
export const PROPOSAL_SEND_SUCCESS = 'Proposal email sent successfully';
export const SEND_QUEUED = 'The mail server did not answer yet: the email is queued and will be sent automatically.';
export const PROPOSAL_TEMPLATE_NOT_FOUND = 'Proposal email template not found';
