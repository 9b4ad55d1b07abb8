/**
 * GET /api/money/owed (and its CSV, GET /api/money/owed.csv): who owes us what and what we owe
 * suppliers, right now (ADR 067). Amounts are decimal strings in euros, exact to the cent.
 */
import { z } from 'zod';
import { IMPORT_STATUSES } from '#shared/imports/status.ts';
import { CSV_FORMATS } from './leads.ts';

const money = z.string();

const importRef = {
  importId: z.number(),
  clientName: z.string(),
  /** '2021 BMW X3'. */
  vehicle: z.string(),
  status: z.enum(IMPORT_STATUSES),
};

export const invoicedUnpaidRowSchema = z.object({
  ...importRef,
  /** The service price. */
  amount: money,
  /** When the service was marked invoiced; null for imports invoiced before this was recorded. */
  invoicedAt: z.string().nullable(),
  daysSinceInvoiced: z.number().nullable(),
});

export const notInvoicedRowSchema = z.object({
  ...importRef,
  amount: money,
  /** When the car was delivered (it entered 'delivered'). */
  deliveredAt: z.string(),
  daysSinceDelivered: z.number(),
});

export const supplierCostRowSchema = z.object({
  costId: z.number(),
  importId: z.number(),
  clientName: z.string(),
  vehicle: z.string(),
  date: z.string(),
  value: money,
  invoicedToUs: z.boolean(),
  notes: z.string().nullable(),
});

export const supplierOwedSchema = z.object({
  supplierId: z.number(),
  supplierName: z.string(),
  total: money,
  costs: z.array(supplierCostRowSchema),
});

export const moneyOwedSchema = z.object({
  invoicedUnpaid: z.object({ rows: z.array(invoicedUnpaidRowSchema), total: money }),
  notInvoiced: z.object({ rows: z.array(notInvoicedRowSchema), total: money }),
  suppliersUnpaid: z.object({ suppliers: z.array(supplierOwedSchema), total: money }),
});
export type MoneyOwed = z.infer<typeof moneyOwedSchema>;

export const moneyOwedExportQuerySchema = z.object({
  format: z.enum(CSV_FORMATS, { error: 'Format must be pt or en' }).default('pt'),
});
