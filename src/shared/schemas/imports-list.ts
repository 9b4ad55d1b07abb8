/** Contracts of the imports list and the cost lines export (the server searches, filters, counts and pages). */
import { z } from 'zod';
import { CSV_FORMATS } from './leads.ts';
import { importStatusSchema } from './imports.ts';

/** Money as the database answers it: a decimal string ('12500.00'). */
const decimal = z.string();
const isoInstant = z.string();

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
