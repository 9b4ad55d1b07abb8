/**
 * Contracts of imports and their costs (docs/imports-api.md, ADR 023): one
 * definition for the server's validation and serialisation and for the client's forms and parsing.
 * Money is a decimal string with two places end to end ('24500.00'); sums are exact
 * (src/shared/imports/finance.ts). Every record answers its `version`; writes may send it back
 * (docs/decisions/022-optimistic-concurrency.md).
 */
import { z } from 'zod';
import { IMPORT_STATUSES } from '#shared/imports/status.ts';
import { expectedDateInput, expectedStageDatesInput, expectedStageDatesSchema } from '#shared/imports/delivery.ts';
import { MONEY_RULE } from '#shared/number-input.ts';
import { typedNumberMessage, typedNumberText } from './typed-number.ts';
import { dbIdSchema } from './common.ts';
import { versionField, versionSchema } from './versioned.ts';

export const importStatusSchema = z.enum(IMPORT_STATUSES);

/** Messages of the forms, shown to staff as written here (docs/imports-api.md). */
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
  requestKeyReused: 'This request already created an import for another lead. Reload and try again.',
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
    typedNumberText(MONEY_RULE),
    z
      .string({ error: `${label} must be an amount in euros` })
      .superRefine((s, ctx) => {
        if (AMOUNT.test(s)) return;
        if (s.startsWith('-') && AMOUNT.test(s.slice(1)))
          ctx.addIssue({ code: 'custom', message: `${label} must be 0 or more` });
        else {
          const why = typedNumberMessage(label, MONEY_RULE, `${label} must be an amount in euros`);
          ctx.addIssue({ code: 'custom', message: why({ input: s }) });
        }
      })
      .nullable(),
  );

/** A required amount: the cost value ('Value is required'). */
export const requiredEuros = (label: string, required: string) =>
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
export const notes = (label: string) =>
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
    /** One key per dialog opening: the same request sent twice makes one import (ADR 023). */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey must be 8 to 100 letters, digits, - or _')
      .optional(),
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
      /** ADR 068: when the car is expected at the customer, and by stage (optional). */
      expectedDeliveryDate: expectedDateInput('Expected delivery'),
      expectedStageDates: expectedStageDatesInput,
      /** ADR 068: the customer's e-mail at each stage change (on by default). */
      notifyCustomer: z.boolean('Customer updates must be on or off'),
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
  /** YYYY-MM-DD, or null (ADR 068). */
  expectedDeliveryDate: z.string().nullable(),
  /** Expected dates by stage, YYYY-MM-DD (ADR 068). */
  expectedStageDates: expectedStageDatesSchema,
  /** The customer gets a short e-mail at each stage change (ADR 068). */
  notifyCustomer: z.boolean(),
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
