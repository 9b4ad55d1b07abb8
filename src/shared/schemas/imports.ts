/**
 * Contracts of imports and their costs (document 2 sections 3, 5, 7; docs/imports-api.md): one
 * definition for the server's validation and serialisation and for the client's forms and parsing.
 * Money is a decimal string with two places end to end ('24500.00'); sums are exact
 * (src/shared/imports/finance.ts). Every record answers its `version`; writes may send it back
 * (docs/decisions/022-optimistic-concurrency.md).
 */
import { z } from 'zod';
import { IMPORT_STATUSES } from '#shared/imports/status.ts';
import { parseEurosExact } from '#shared/imports/finance.ts';
import { dbIdSchema } from './common.ts';
import { CSV_FORMATS } from './leads.ts';
import { versionField, versionSchema } from './versioned.ts';

export const importStatusSchema = z.enum(IMPORT_STATUSES);

/** Messages of the forms (document 2 sections 5 and 8). */
export const IMPORT_MESSAGES = {
  clientNameRequired: 'Client name is required',
  clientEmailInvalid: 'Valid email is required',
  makeRequired: 'Vehicle make is required',
  modelRequired: 'Vehicle model is required',
  supplierRequired: 'Supplier is required',
  dateRequired: 'Date is required',
  valueRequired: 'Value is required',
  importNotFound: 'Import not found',
  costNotFound: 'Cost not found',
  leadNotFound: 'Lead not found',
  supplierNotFound: 'Supplier not found',
  proposalNotFound: 'Proposal not found',
  proposalOfOtherLead: 'That proposal belongs to another lead',
  nothingToUpdate: 'Nothing to update',
} as const;

/** Money as the database answers it: a decimal string ('12500.00'). */
const decimal = z.string();
const isoInstant = z.string();

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** Largest amount a money column holds (numeric(15, 2)): 13 digits before the point. */
const AMOUNT = /^\d{1,13}\.\d{2}$/;

/**
 * Euros typed by staff: a number or text ('24500', '24 500,50', '24.500,50 €'), kept as a decimal
 * string with two places; empty is null.
 */
export const eurosInput = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === undefined || v === null) return null;
      if (typeof v === 'number' || typeof v === 'string') return parseEurosExact(v) ?? v;
      return v;
    },
    z
      .string({ error: `${label} must be an amount in euros` })
      .refine((s) => !s.startsWith('-'), `${label} must be 0 or more`)
      .refine((s) => AMOUNT.test(s), `${label} must be an amount in euros`)
      .nullable(),
  );

/** A required amount: the cost value ('Value is required'). */
const requiredEuros = (label: string, required: string) =>
  eurosInput(label).refine((v): v is string => v !== null, required);

const trimmedOrNull = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.string(`${label} must be text`).max(max, `${label} is at most ${max} characters`).nullable(),
  );

const requiredText = (max: number, label: string, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label} is at most ${max} characters`);

const clientEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.email(IMPORT_MESSAGES.clientEmailInvalid).max(255, 'Email is at most 255 characters').nullable(),
);

/** Year: a whole number from 1900 to the current year + 1 (the server passes its clock's year). */
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

/** VIN: trimmed and upper-cased; empty is null. */
const vin = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
  z.string('VIN must be text').max(50, 'VIN is at most 50 characters').nullable(),
);

export const IMPORT_NOTES_MAX = 5000;
const notes = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v) : v),
    z
      .string(`${label} must be text`)
      .max(IMPORT_NOTES_MAX, `${label} are at most ${IMPORT_NOTES_MAX} characters`)
      .nullable(),
  );

/** The client and vehicle fields, shared by create and update. */
function importFields(currentYear: number) {
  return {
    clientName: requiredText(255, 'Client name', IMPORT_MESSAGES.clientNameRequired),
    clientEmail,
    clientPhone: trimmedOrNull(50, 'Phone'),
    clientAddress: trimmedOrNull(1000, 'Address'),
    clientVatId: trimmedOrNull(50, 'VAT ID'),
    vehicleMake: requiredText(100, 'Vehicle make', IMPORT_MESSAGES.makeRequired),
    vehicleModel: requiredText(100, 'Vehicle model', IMPORT_MESSAGES.modelRequired),
    vehicleYear: yearOrNull(currentYear + 1),
    vehicleVin: vin,
    vehiclePrice: eurosInput('Vehicle price'),
    vehicleIsv: eurosInput('ISV'),
    servicePrice: eurosInput('Service price'),
    notes: notes('Notes'),
    deliveryNotes: notes('Delivery notes'),
  };
}

/**
 * POST /api/imports: 'Create New Import' and 'Create Import from Lead'. With `leadId` the lead
 * becomes converted in the same transaction (ADR 023); `proposalId` (a proposal of that lead)
 * links the import to the proposal it came from.
 */
export function importCreateSchema(currentYear: number) {
  const f = importFields(currentYear);
  return z.object({
    leadId: dbIdSchema('Lead must be a lead id').nullable().optional(),
    proposalId: dbIdSchema('Proposal must be a proposal id').nullable().optional(),
    clientName: f.clientName,
    clientEmail: f.clientEmail.optional(),
    clientPhone: f.clientPhone.optional(),
    clientAddress: f.clientAddress.optional(),
    clientVatId: f.clientVatId.optional(),
    vehicleMake: f.vehicleMake,
    vehicleModel: f.vehicleModel,
    vehicleYear: f.vehicleYear.optional(),
    vehicleVin: f.vehicleVin.optional(),
    vehiclePrice: f.vehiclePrice.optional(),
    vehicleIsv: f.vehicleIsv.optional(),
    servicePrice: f.servicePrice.optional(),
    notes: f.notes.optional(),
    deliveryNotes: f.deliveryNotes.optional(),
  });
}
export type ImportCreateInput = z.input<ReturnType<typeof importCreateSchema>>;
export type ImportCreate = z.output<ReturnType<typeof importCreateSchema>>;

/**
 * PUT /api/imports/{id}: any subset of the fields (status, client, vehicle, service price, notes,
 * delivery notes, invoiced, paid), plus the optional `version` read (or an If-Match header).
 */
export function importUpdateSchema(currentYear: number) {
  return z
    .object({
      ...importFields(currentYear),
      status: importStatusSchema,
      invoiced: z.boolean('Invoiced must be true or false'),
      paid: z.boolean('Paid must be true or false'),
    })
    .partial()
    .extend({ version: versionField })
    .refine(
      (v) => Object.entries(v).some(([k, value]) => k !== 'version' && value !== undefined),
      IMPORT_MESSAGES.nothingToUpdate,
    );
}
export type ImportUpdateInput = z.input<ReturnType<typeof importUpdateSchema>>;
export type ImportUpdate = z.output<ReturnType<typeof importUpdateSchema>>;

/** YYYY-MM-DD, or an ISO instant whose date part is kept ('date as ISO'). */
const costDate = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
  z
    .string({ error: IMPORT_MESSAGES.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Date must be a date (YYYY-MM-DD)')
    .transform((s) => s.slice(0, 10))
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
    }, 'Date must be a real date'),
);

const costFields = {
  supplierId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    dbIdSchema(IMPORT_MESSAGES.supplierRequired),
  ),
  date: costDate,
  value: requiredEuros('Value', IMPORT_MESSAGES.valueRequired),
  notes: notes('Notes'),
  invoicedToUs: z.boolean('Invoiced to us must be true or false'),
  invoiced: z.boolean('Invoiced must be true or false'),
  paid: z.boolean('Paid must be true or false'),
};

/** POST /api/imports/{id}/costs: the cost form ('Supplier is required', 'Date is required', 'Value is required'). */
export const costCreateSchema = z.object({
  supplierId: z.preprocess((v) => (v === undefined ? undefined : v), costFields.supplierId),
  date: costFields.date,
  value: z.preprocess((v) => (v === undefined ? null : v), costFields.value),
  notes: costFields.notes.optional(),
  invoicedToUs: costFields.invoicedToUs.default(false),
  invoiced: costFields.invoiced.default(false),
  paid: costFields.paid.default(false),
});
export type CostCreateInput = z.input<typeof costCreateSchema>;
export type CostCreate = z.output<typeof costCreateSchema>;

/** PUT /api/import-costs/{id}: the full fields or only the flags, plus the optional `version`. */
export const costUpdateSchema = z
  .object(costFields)
  .partial()
  .extend({ version: versionField })
  .refine(
    (v) => Object.entries(v).some(([k, value]) => k !== 'version' && value !== undefined),
    IMPORT_MESSAGES.nothingToUpdate,
  );
export type CostUpdateInput = z.input<typeof costUpdateSchema>;
export type CostUpdate = z.output<typeof costUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// List: GET /api/imports (the server searches, filters, counts and pages)
// ---------------------------------------------------------------------------------------------

/** All / Active / Concluded; the list opens on Active. */
export const IMPORT_LIST_FILTERS = ['all', 'active', 'concluded'] as const;
export type ImportListFilter = (typeof IMPORT_LIST_FILTERS)[number];
export const IMPORT_LIST_FILTER_LABELS: Record<ImportListFilter, string> = {
  all: 'All',
  active: 'Active',
  concluded: 'Concluded',
};
export const IMPORTS_PAGE_SIZE = 50;

/**
 * Query of GET /api/imports and GET /api/imports/export.csv. `search` matches client name and
 * e-mail, make, model and VIN (case-insensitive, anywhere), and the id ('42' or '#42').
 * `cursor` is the opaque `nextCursor` of the previous page.
 */
export const importListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
  filter: z.enum(IMPORT_LIST_FILTERS, { error: 'Filter must be all, active or concluded' }).default('active'),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});
export type ImportListQuery = z.output<typeof importListQuerySchema>;
export type ImportListQueryInput = z.input<typeof importListQuerySchema>;

export const importExportQuerySchema = importListQuerySchema.extend({
  format: z.enum(CSV_FORMATS, { error: 'Format must be pt or en' }).default('pt'),
});
export type ImportExportQuery = z.output<typeof importExportQuerySchema>;

export const importListItemSchema = z.object({
  id: z.number(),
  leadId: z.number().nullable(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.number().nullable(),
  vehicleVin: z.string().nullable(),
  status: importStatusSchema,
  vehiclePrice: decimal.nullable(),
  vehicleIsv: decimal.nullable(),
  servicePrice: decimal.nullable(),
  /** Sum of the cost values. */
  costsTotal: decimal,
  /** Service price minus costsTotal (red when negative). */
  profit: decimal,
  invoiced: z.boolean(),
  paid: z.boolean(),
  createdAt: isoInstant,
  statusChangedAt: isoInstant,
});
export type ImportListItem = z.infer<typeof importListItemSchema>;

export const importListResponseSchema = z.object({
  items: z.array(importListItemSchema),
  /** Imports matching search and filter (all pages). */
  total: z.number(),
  nextCursor: z.string().nullable(),
});
export type ImportListResponse = z.infer<typeof importListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Detail: GET /api/imports/{id}
// ---------------------------------------------------------------------------------------------

export const importCostSchema = z.object({
  id: z.number(),
  importId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  value: decimal,
  notes: z.string().nullable(),
  invoicedToUs: z.boolean(),
  invoiced: z.boolean(),
  paid: z.boolean(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  version: versionSchema,
});
export type ImportCost = z.infer<typeof importCostSchema>;
export const importCostListSchema = z.array(importCostSchema);

/** The financials card's summary (section 9), exact decimal strings. */
export const importFinanceSchema = z.object({
  costsTotal: decimal,
  costsInvoicedToUs: decimal,
  costsPassedAlong: decimal,
  ourInvoiceValue: decimal,
  profit: decimal,
});
export type ImportFinanceSummary = z.infer<typeof importFinanceSchema>;

/** One status change: when, and who (null: the system, or a deleted user). */
export const statusChangeSchema = z.object({
  status: importStatusSchema,
  changedAt: isoInstant,
  changedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const importSchema = z.object({
  id: z.number(),
  /** The tracking page is /acompanhar/{publicId} (trackingPath in src/shared/imports/tracking.ts). */
  publicId: z.string(),
  leadId: z.number().nullable(),
  /** The lead's reference ('L10042'), when the import came from a lead that still exists. */
  leadReference: z.string().nullable(),
  proposalId: z.number().nullable(),
  /** The proposal's public id (its page /proposta/{publicId}), when the import came from one. */
  proposalPublicId: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  clientAddress: z.string().nullable(),
  clientVatId: z.string().nullable(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.number().nullable(),
  vehicleVin: z.string().nullable(),
  vehiclePrice: decimal.nullable(),
  vehicleIsv: decimal.nullable(),
  servicePrice: decimal.nullable(),
  status: importStatusSchema,
  invoiced: z.boolean(),
  paid: z.boolean(),
  notes: z.string().nullable(),
  deliveryNotes: z.string().nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  /** When the current status was entered, and the whole days since. */
  statusChangedAt: isoInstant,
  daysInStage: z.number(),
  /** Every status change, oldest first (the first is the creation's confirmed). */
  history: z.array(statusChangeSchema),
  costs: z.array(importCostSchema),
  finance: importFinanceSchema,
  version: versionSchema,
});
export type Import = z.infer<typeof importSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Cost lines export: GET /api/import-costs/export.csv
// ---------------------------------------------------------------------------------------------

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

/** Every cost line, optionally of one import or supplier and within dates (inclusive). */
export const costExportQuerySchema = z.object({
  importId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  supplierId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: ymd.optional(),
  to: ymd.optional(),
  format: z.enum(CSV_FORMATS, { error: 'Format must be pt or en' }).default('pt'),
});
export type CostExportQuery = z.output<typeof costExportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Public tracking page: GET /api/public/tracking/{publicId} (no prices, costs or staff names)
// ---------------------------------------------------------------------------------------------

export const trackingResponseSchema = z.object({
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.number().nullable() }),
  status: importStatusSchema,
  /** Percent complete (IMPORT_PROGRESS). */
  progress: z.number(),
  /** The stages reached, in order, each with the time it was reached (null when skipped). */
  stages: z.array(z.object({ status: importStatusSchema, reachedAt: isoInstant.nullable() })),
  /** When the import was created. */
  startedAt: isoInstant,
  /** The company's public contacts (Settings). */
  company: z.object({ name: z.string(), phone: z.string(), email: z.string(), logoUrl: z.string() }),
  /** The Portuguese proposal page the import came from, or null. */
  proposalPath: z.string().nullable(),
});
export type TrackingResponse = z.infer<typeof trackingResponseSchema>;
