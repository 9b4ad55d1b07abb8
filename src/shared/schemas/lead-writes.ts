/** Contracts of the lead writes: update, manual and form creation, star, seen and merge (leads.ts holds what is read). */
import { z } from 'zod';
import { LOST_REASON_TEXT_REQUIRED, lostReasonSchema, lostReasonTextSchema } from '#shared/leads/lost-reasons.ts';
import { MONEY_RULE } from '#shared/number-input.ts';
import { dbIdSchema, webLinkSchema } from './common.ts';
import { typedNumberMessage, typedNumberValue, typedWholeNumber } from './typed-number.ts';
import { versionField } from './versioned.ts';
import {
  LEAD_NOTES_MAX,
  leadStatusSchema,
  emailSourceSchema,
  transmissionSchema,
  fuelTypeSchema,
  leadSchema,
} from './leads.ts';

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

const trimmedOrNull = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max, message).nullable());

const emailOrNull = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.email('Invalid Email: Please enter a valid email address').max(255).nullable(),
);

/** A money amount typed by staff: number or text with a comma or point; null when empty. */
export const moneyInput = z.preprocess(
  typedNumberValue(MONEY_RULE),
  z
    .number({ error: typedNumberMessage('Amount', MONEY_RULE, 'Enter an amount in euros') })
    .min(0, 'Amount must be 0 or more')
    .max(9_999_999_999_999)
    .nullable(),
);

const intOrNull = (label: string) => typedWholeNumber(label, 99_999_999);

/**
 * Year bounds depend on today's year: the server passes its clock's year, the browser its own.
 * Add/edit lead: 1900 to current + 1; manual lead: 1900 to current + 2.
 */
const yearOrNull = (maxYear: number) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return null;
      return typeof v === 'string' ? Number(v) : v;
    },
    z
      .number({ error: 'Year must be a number' })
      .int('Year must be a whole number')
      .min(1900, 'Year must be 1900 or later')
      .max(maxYear, `Year must be ${maxYear} or earlier`)
      .nullable(),
  );

/** A lead's vehicle link: an http(s) address, stored normalised (src/shared/links.ts). */
const vehicleLinkSchema = webLinkSchema({
  invalid: 'Link must be a web address (http or https)',
  tooLong: 'Link is at most 2000 characters',
});

/**
 * PUT /api/leads/{id}: any subset of these. The inline-edit save rules are applied by the client
 * before sending (empty make/model -> 'Not specified' etc.); the server still refuses a blank first
 * name, make or model.
 */
export function leadUpdateSchema(currentYear: number) {
  return z
    .object({
      notes: z.string().max(LEAD_NOTES_MAX, `Notes are at most ${LEAD_NOTES_MAX} characters`).nullable(),
      status: leadStatusSchema,
      firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
      lastName: trimmedOrNull(100, 'Last name is at most 100 characters'),
      email: emailOrNull,
      phone: trimmedOrNull(50, 'Phone is at most 50 characters'),
      vehicleYear: yearOrNull(currentYear + 1),
      vehicleMake: z.string({ error: 'Vehicle make is required' }).trim().min(1, 'Vehicle make is required').max(100),
      vehicleModel: z
        .string({ error: 'Vehicle model is required' })
        .trim()
        .min(1, 'Vehicle model is required')
        .max(100),
      mileage: intOrNull('Mileage'),
      transmission: transmissionSchema.nullable(),
      fuelType: fuelTypeSchema.nullable(),
      budget: moneyInput,
      vehicleLink: vehicleLinkSchema,
      quotedAmount: moneyInput,
      emailSource: emailSourceSchema,
      /** With status 'rejected' (ADR 067): why; required when the lead moves to rejected. */
      lostReason: lostReasonSchema,
      lostReasonText: lostReasonTextSchema,
    })
    .partial()
    .extend({ version: versionField })
    .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update')
    .superRefine((v, ctx) => {
      if (v.lostReason === 'other' && !v.lostReasonText)
        ctx.addIssue({ code: 'custom', path: ['lostReasonText'], message: LOST_REASON_TEXT_REQUIRED });
    });
}
export type LeadUpdate = z.output<ReturnType<typeof leadUpdateSchema>>;
export type LeadUpdateInput = z.input<ReturnType<typeof leadUpdateSchema>>;

/** POST /api/leads/manual: 'Create New Lead Manually', with the business's exact messages. */
export function manualLeadSchema(currentYear: number) {
  return z.object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
    lastName: trimmedOrNull(100, 'Last name is at most 100 characters').optional(),
    email: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim() || null : v),
        z.email('Invalid email format').max(255).nullable(),
      )
      .optional(),
    phone: trimmedOrNull(50, 'Phone is at most 50 characters').optional(),
    vehicleMake: z.string({ error: 'Vehicle make is required' }).trim().min(1, 'Vehicle make is required').max(100),
    vehicleModel: z.string({ error: 'Vehicle model is required' }).trim().min(1, 'Vehicle model is required').max(100),
    vehicleYear: yearOrNull(currentYear + 2).optional(),
    budget: moneyInput.optional(),
    mileage: intOrNull('Mileage').optional(),
    transmission: transmissionSchema.nullable().optional(),
    fuelType: fuelTypeSchema.nullable().optional(),
    vehicleLink: vehicleLinkSchema.optional(),
    notes: z.string().max(LEAD_NOTES_MAX, `Notes are at most ${LEAD_NOTES_MAX} characters`).nullable().optional(),
    emailSource: emailSourceSchema.default('geral'),
  });
}
export type ManualLeadInput = z.input<ReturnType<typeof manualLeadSchema>>;
export type ManualLead = z.output<ReturnType<typeof manualLeadSchema>>;

/** POST /api/leads: the Add/Edit lead dialog in add mode (year up to current + 1, status chosen). */
export function leadCreateSchema(currentYear: number) {
  return manualLeadSchema(currentYear).extend({
    vehicleYear: yearOrNull(currentYear + 1).optional(),
    status: leadStatusSchema.default('requested'),
    quotedAmount: moneyInput.optional(),
  });
}
export type LeadCreateInput = z.input<ReturnType<typeof leadCreateSchema>>;
export type LeadCreate = z.output<ReturnType<typeof leadCreateSchema>>;

/** Answer of POST /api/leads, /api/leads/manual and PUT /api/leads/{id}. */
export const leadWriteResponseSchema = leadSchema;

/** POST /api/leads/{id}/star -> the new state. */
export const starResponseSchema = z.object({ starred: z.boolean() });
/** POST /api/leads/mark-all-seen -> how many leads were unseen. */
export const markAllSeenResponseSchema = z.object({ count: z.number() });
export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * POST /api/leads/{id}/merge {otherId}: the newer of the two leads (by creation) moves its
 * timeline, notes and proposals into the older one and is deleted; a timeline entry on the older
 * lead records the merge. Answers the surviving lead's id.
 */
export const mergeLeadsSchema = z.object({ otherId: dbIdSchema('Choose the lead to merge with') });
export const mergeLeadsResponseSchema = z.object({ leadId: z.number(), mergedReference: z.string() });
