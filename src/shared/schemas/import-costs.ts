/** Contracts of an import's cost lines: the cost form, create and update (imports.ts holds the import itself). */
import { z } from 'zod';
import { dbIdSchema } from './common.ts';
import { versionField } from './versioned.ts';
import { IMPORT_MESSAGES, requiredEuros, notes } from './imports.ts';

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
