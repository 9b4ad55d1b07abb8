/**
 * Contracts of suppliers (docs/imports-api.md). A supplier with
 * recorded costs cannot be deleted: its costs are the business's books.
 */
import { z } from 'zod';
import { versionField, versionSchema } from './versioned.ts';

export const SUPPLIER_MESSAGES = {
  nameRequired: 'Name is required',
  emailInvalid: 'Valid email is required',
  notFound: 'Supplier not found',
  nothingToUpdate: 'Nothing to update',
} as const;

/** 'Cannot delete Transportes Silva: it has 3 recorded costs. ...' (nothing is deleted). */
export const supplierHasCostsMessage = (name: string, count: number) =>
  `Cannot delete ${name}: it has ${count} recorded ${count === 1 ? 'cost' : 'costs'}. ` +
  'Costs are part of the books, so a supplier with costs stays.';

const trimmedOrNull = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.string(`${label} must be text`).max(max, `${label} is at most ${max} characters`).nullable(),
  );

const supplierFields = {
  name: z
    .string({ error: SUPPLIER_MESSAGES.nameRequired })
    .trim()
    .min(1, SUPPLIER_MESSAGES.nameRequired)
    .max(255, 'Name is at most 255 characters'),
  address: trimmedOrNull(1000, 'Address'),
  country: trimmedOrNull(100, 'Country'),
  vatId: trimmedOrNull(50, 'VAT ID'),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.email(SUPPLIER_MESSAGES.emailInvalid).max(255, 'Email is at most 255 characters').nullable(),
  ),
  phone: trimmedOrNull(50, 'Phone'),
  notes: trimmedOrNull(5000, 'Notes'),
};

/** POST /api/suppliers: name required (at most 255 characters), the rest optional. */
export const supplierCreateSchema = z.object({
  name: supplierFields.name,
  address: supplierFields.address.optional(),
  country: supplierFields.country.optional(),
  vatId: supplierFields.vatId.optional(),
  email: supplierFields.email.optional(),
  phone: supplierFields.phone.optional(),
  notes: supplierFields.notes.optional(),
});
export type SupplierCreateInput = z.input<typeof supplierCreateSchema>;
export type SupplierCreate = z.output<typeof supplierCreateSchema>;

/** PUT /api/suppliers/{id}: any subset of the fields, plus the optional `version` read. */
export const supplierUpdateSchema = z
  .object(supplierFields)
  .partial()
  .extend({ version: versionField })
  .refine(
    (v) => Object.entries(v).some(([k, value]) => k !== 'version' && value !== undefined),
    SUPPLIER_MESSAGES.nothingToUpdate,
  );
export type SupplierUpdateInput = z.input<typeof supplierUpdateSchema>;
export type SupplierUpdate = z.output<typeof supplierUpdateSchema>;

/** What the business owes and has spent with a supplier, exact decimal strings. */
export const supplierTotalsSchema = z.object({
  /** Number of cost lines. */
  costCount: z.number(),
  /** Sum of every cost value. */
  costsTotal: z.string(),
  /** Number and sum of the costs not yet paid. */
  unpaidCount: z.number(),
  unpaidTotal: z.string(),
});
export type SupplierTotals = z.infer<typeof supplierTotalsSchema>;

export const supplierSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  vatId: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  totals: supplierTotalsSchema,
  version: versionSchema,
});
export type Supplier = z.infer<typeof supplierSchema>;

/** GET /api/suppliers: every supplier by name (the cost form's picker uses it too). */
export const supplierListSchema = z.array(supplierSchema);
