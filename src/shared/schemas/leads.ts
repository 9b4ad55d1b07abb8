/**
 * Contracts of the leads workspace (docs/decisions/012-leads-workspace.md): one definition for the
 * server's validation and serialisation and for the client's forms and parsing.
 * Statuses and mailboxes are in src/shared/leads/status.ts; the fuel and transmission vocabularies
 * in src/shared/vocabulary.ts.
 */
import { z } from 'zod';
import { EMAIL_SOURCES, LEAD_STATUSES } from '#shared/leads/status.ts';
import { FUEL_TYPES, TRANSMISSIONS } from '#shared/vocabulary.ts';
import { dbIdSchema, webLinkSchema } from './common.ts';
import { versionField, versionSchema } from './versioned.ts';

/** How a lead arrived: the site's quote form, a mailbox, or typed in by staff. */
export const LEAD_ORIGINS = ['form', 'email', 'manual'] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];

/** Make and model of a lead whose wishes do not name them (a listing link without them in its path). */
export const NOT_SPECIFIED = 'Not specified';

/** Lead notes: at most 1000 characters. */
export const LEAD_NOTES_MAX = 1000;

export const leadStatusSchema = z.enum(LEAD_STATUSES);
export const emailSourceSchema = z.enum(EMAIL_SOURCES);
export const transmissionSchema = z.enum(TRANSMISSIONS);
export const fuelTypeSchema = z.enum(FUEL_TYPES);

/** Money as the database returns it: a decimal string ('12500.00'), or null. */
const decimalString = z.string().nullable();
const isoInstant = z.string();

// ---------------------------------------------------------------------------------------------
// List: GET /api/leads (the server searches, filters, orders, counts and pages)
// ---------------------------------------------------------------------------------------------

/** Default statuses of the list, and the Active preset: every status but rejected and converted. */
export const DEFAULT_LIST_STATUSES = ['requested', 'quoted', 'clarifying', 'waiting', 'contacted'] as const;
export const LEADS_PAGE_SIZE = 50;

const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item));

/**
 * Query string of GET /api/leads and GET /api/leads/export.csv. `status` and `source` are
 * comma-separated; absent means every value (the client always sends its filter). `late=true` keeps
 * lateness level 1 or more. `cursor` is the opaque `nextCursor` of the previous page.
 */
export const leadListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
  status: csvList(leadStatusSchema).optional(),
  source: csvList(emailSourceSchema).optional(),
  late: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/**
 * CSV formats of GET /api/leads/export.csv (docs/decisions/020-day-one-fixes.md): `pt`, the default,
 * is what a spreadsheet set to Portuguese reads into columns (semicolons, decimal comma); `en` is
 * comma-separated with a decimal point. Both are UTF-8 with a BOM.
 */
export const CSV_FORMATS = ['pt', 'en'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];
export const leadExportQuerySchema = leadListQuerySchema.extend({
  format: z.enum(CSV_FORMATS, { error: 'Format must be pt or en' }).default('pt'),
});
export type LeadExportQuery = z.output<typeof leadExportQuerySchema>;

export const leadListItemSchema = z.object({
  id: z.number(),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.number().nullable(),
  budget: decimalString,
  status: leadStatusSchema,
  emailSource: emailSourceSchema,
  origin: z.enum(LEAD_ORIGINS),
  starred: z.boolean(),
  /** Seen by the signed-in user (opened, or covered by 'mark all as read'). */
  seen: z.boolean(),
  lastInteractionAt: isoInstant,
  createdAt: isoInstant,
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

/**
 * Search matches the filters hide (the list's banner). Present only when a search term is given;
 * `total` counts matches of the search alone that are not in the filtered result; each reason
 * counts the hidden matches that one filter excludes (a lead can count under several).
 */
export const hiddenMatchesSchema = z.object({
  total: z.number(),
  byStatus: z.number(),
  bySource: z.number(),
  byLate: z.number(),
});
export type HiddenMatches = z.infer<typeof hiddenMatchesSchema>;

/**
 * A search counts at most this many matches (ADR 012): past it, `total` and `hidden` are lower
 * bounds ("500+"), so a common word like a make answers as fast as a rare one.
 */
export const SEARCH_COUNT_CAP = 500;

export const leadListResponseSchema = z.object({
  items: z.array(leadListItemSchema),
  /** Leads matching search and filters (all pages). */
  total: z.number(),
  /** The search matched more than SEARCH_COUNT_CAP leads: total and hidden counts are lower bounds. */
  capped: z.boolean().default(false),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  hidden: hiddenMatchesSchema.nullable(),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Detail: GET /api/leads/{id}
// ---------------------------------------------------------------------------------------------

/** Another open lead with the same e-mail or (normalised) phone. */
export const possibleDuplicateSchema = z.object({
  id: z.number(),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  createdAt: isoInstant,
  /** Which contact detail matched. */
  matchedOn: z.enum(['email', 'phone', 'both']),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

export const leadSchema = leadListItemSchema.extend({
  mileage: z.number().nullable(),
  transmission: z.string().nullable(),
  fuelType: z.string().nullable(),
  vehicleLink: z.string().nullable(),
  notes: z.string().nullable(),
  quotedAmount: decimalString,
  manual: z.boolean(),
  utmSource: z.string().nullable(),
  assignedTo: z.number().nullable(),
  updatedAt: isoInstant,
  duplicates: z.array(possibleDuplicateSchema),
  /** ADR 022: send it back with an edit; a lead changed since answers 409. */
  version: versionSchema,
});
export type Lead = z.infer<typeof leadSchema>;

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
  (v) => {
    if (v === '' || v === null || v === undefined) return null;
    if (typeof v === 'number') return v;
    if (typeof v === 'string') {
      const n = Number(v.trim().replace(/\s/g, '').replace(',', '.'));
      return Number.isFinite(n) ? n : v;
    }
    return v;
  },
  z.number({ error: 'Enter an amount in euros' }).min(0, 'Amount must be 0 or more').max(9_999_999_999_999).nullable(),
);

const intOrNull = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return null;
      return typeof v === 'string' ? Number(v) : v;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 or more`)
      .nullable(),
  );

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
    })
    .partial()
    .extend({ version: versionField })
    .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
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
