/**
 * Contracts of the leads workspace (docs/decisions/012-leads-workspace.md): one definition for the
 * server's validation and serialisation and for the client's forms and parsing.
 * Statuses and mailboxes are in src/shared/leads/status.ts; the fuel and transmission vocabularies
 * in src/shared/vocabulary.ts.
 */
import { z } from 'zod';
import { LOST_REASONS } from '#shared/leads/lost-reasons.ts';
import { EMAIL_SOURCES, LEAD_STATUSES } from '#shared/leads/status.ts';
import { FUEL_TYPES, TRANSMISSIONS } from '#shared/vocabulary.ts';
import { nextTaskSchema } from './tasks.ts';
import { versionSchema } from './versioned.ts';

/** How a lead arrived: the site's quote form, a mailbox, or typed in by staff. */
/** How a lead arrived; 'extension': captured from a listing by the browser extension (ADR 067). */
export const LEAD_ORIGINS = ['form', 'email', 'manual', 'extension'] as const;
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
  /** Owner (ADR 065): `me` (the 'My leads' preset), `none` (unassigned) or a staff member's id. */
  owner: z
    .union([
      z.enum(['me', 'none']),
      z.coerce.number('Owner is me, none or a user id').int().positive().max(2_147_483_647),
    ])
    .optional(),
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
  /** The lead's owner (ADR 065), null when nobody owns it. */
  assignedTo: z.number().nullable(),
  /** Seen by the signed-in user (opened, or covered by 'mark all as read'). */
  seen: z.boolean(),
  lastInteractionAt: isoInstant,
  createdAt: isoInstant,
  /** The pipeline board's € total counts it, else the budget (ADR 066). */
  quotedAmount: decimalString,
  /** ADR 022: the board's status change sends it back (a lead changed since answers 409). */
  version: versionSchema,
  /** The earliest open task ('Next step', ADR 066); null without one. */
  nextTask: nextTaskSchema.nullable(),
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
  /** The budget the customer stated when the lead arrived; `budget` is the one staff work with. */
  requestedBudget: decimalString,
  manual: z.boolean(),
  utmSource: z.string().nullable(),
  assignedTo: z.number().nullable(),
  /** Why a rejected lead was lost (ADR 067); null otherwise. */
  lostReason: z.enum(LOST_REASONS).nullable(),
  lostReasonText: z.string().nullable(),
  updatedAt: isoInstant,
  duplicates: z.array(possibleDuplicateSchema),
  /** ADR 022: send it back with an edit; a lead changed since answers 409. */
  version: versionSchema,
});
export type Lead = z.infer<typeof leadSchema>;
