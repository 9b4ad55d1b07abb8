/** GET /api/dashboard/stats: figures in euros with 30-day trends (docs/decisions/012-leads-workspace.md). */
import { z } from 'zod';
import { IMPORT_STATUSES } from '#shared/imports/status.ts';
import { leadListItemSchema } from './leads.ts';

/** Trends compare the last 30 days with the 30 days before. */
export const TREND_WINDOW_DAYS = 30;
export const TREND_PERIOD_TEXT = 'vs previous 30 days';

export const trendSchema = z.object({
  /**
   * Percentage change, rounded to one decimal; 0 when both windows are empty; null when only one
   * of them is (a change against zero is no percentage: the card says there is no comparison).
   */
  change: z.number().nullable(),
  period: z.string(),
});

export const dashboardImportSchema = z.object({
  id: z.number(),
  clientName: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.number().nullable(),
  status: z.enum(IMPORT_STATUSES),
  createdAt: z.string(),
});

export const dashboardStatsSchema = z.object({
  totalLeads: z.number(),
  activeImports: z.number(),
  completedImports: z.number(),
  /** Euros, sum of service prices of imports that are not canceled. */
  revenue: z.number(),
  trends: z.object({
    totalLeads: trendSchema,
    activeImports: trendSchema,
    completedImports: trendSchema,
    revenue: trendSchema,
  }),
  /** The 3 newest leads (the 'Recent Leads' card). */
  recentLeads: z.array(leadListItemSchema),
  /** The first 3 imports neither delivered nor canceled, newest first (the 'Active Imports' card). */
  recentActiveImports: z.array(dashboardImportSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
