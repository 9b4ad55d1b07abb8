/**
 * The pipeline board (docs/decisions/066-lead-tasks-and-pipeline-board.md): a view of the leads
 * list. Its cards are the list's own pages (GET /api/leads with one status); this call answers each
 * column's count and € total for the same search and filters.
 */
import { z } from 'zod';
import { leadListQuerySchema, leadStatusSchema } from './leads.ts';

/** What a column's € total adds up, shown under the board. */
export const BOARD_TOTAL_BASIS = 'Totals: quoted amount, else budget';

export const leadBoardQuerySchema = leadListQuerySchema.omit({ limit: true, cursor: true });
export type LeadBoardQuery = z.output<typeof leadBoardQuerySchema>;

export const leadBoardColumnSchema = z.object({
  status: leadStatusSchema,
  count: z.number(),
  /** Euros, a decimal string ('130250.00'). */
  total: z.string(),
  /** Leads with neither a quoted amount nor a budget: counted, adding nothing to the total. */
  unpriced: z.number(),
});
export type LeadBoardColumn = z.infer<typeof leadBoardColumnSchema>;

export const leadBoardResponseSchema = z.object({
  /** One per status the filter keeps, in the statuses' order. */
  columns: z.array(leadBoardColumnSchema),
});
export type LeadBoardResponse = z.infer<typeof leadBoardResponseSchema>;
