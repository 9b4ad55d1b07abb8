/**
 * GET /api/dashboard/overview: every figure and chart of the dashboard for one period (ADR 067).
 * Money is a decimal string in euros ('1234.50'), exact to the cent; rates are percentages with
 * one decimal, null when there is nothing to divide by.
 */
import { z } from 'zod';
import { IMPORT_STATUSES } from '#shared/imports/status.ts';
import { LOST_REASONS } from '#shared/leads/lost-reasons.ts';
import { DASHBOARD_PERIODS } from '#shared/dashboard/period.ts';
import { trendSchema } from './dashboard.ts';

const money = z.string();

export const LEAD_SOURCE_KINDS = ['form', 'mailbox', 'manual', 'extension'] as const;

export const overviewCardsSchema = z.object({
  /** Leads created in the period. */
  leads: z.object({ value: z.number(), trend: trendSchema }),
  /** Imports neither delivered nor canceled right now (a snapshot: the period does not apply). */
  activeImports: z.object({ value: z.number() }),
  /** Imports that entered 'delivered' in the period. */
  completedImports: z.object({ value: z.number(), trend: trendSchema }),
  /** Sum of service prices of non-canceled imports created in the period. */
  revenue: z.object({ value: money, trend: trendSchema }),
  /** Revenue minus every cost of those imports. */
  profit: z.object({ value: money, trend: trendSchema }),
});

export const leadSourceSchema = z.object({
  /** Stable key: 'form:google', 'form:' (no utm_source), 'mailbox:geral', 'manual', 'extension'. */
  key: z.string(),
  label: z.string(),
  kind: z.enum(LEAD_SOURCE_KINDS),
  total: z.number(),
});

export const leadsPerWeekSchema = z.object({
  /** The sources in the period, most leads first. */
  sources: z.array(leadSourceSchema),
  /** One row per week (Monday, Lisbon) overlapping the period, empty weeks included. */
  weeks: z.array(z.object({ week: z.string(), counts: z.record(z.string(), z.number()) })),
});

export const funnelSchema = z.object({
  requested: z.number(),
  quoted: z.number(),
  converted: z.number(),
  rejected: z.number(),
  quotedRate: z.number().nullable(),
  convertedFromQuotedRate: z.number().nullable(),
  convertedRate: z.number().nullable(),
  /** Rejected leads by reason; `reason` null for those rejected without one. */
  lostReasons: z.array(z.object({ reason: z.enum(LOST_REASONS).nullable(), count: z.number() })),
});

export const firstReplySchema = z.object({
  /** Leads of the period that have had a reply, and those still waiting for one. */
  replied: z.number(),
  unanswered: z.number(),
  /** Hours from the lead's arrival to the first reply, one decimal; null without replies. */
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});

export const moneyMonthSchema = z.object({
  /** 'YYYY-MM' (Lisbon). */
  month: z.string(),
  imports: z.number(),
  revenue: money,
  costs: money,
  profit: money,
});

export const stageSchema = z.object({
  status: z.enum(IMPORT_STATUSES),
  /** Imports of the period in this stage now. */
  count: z.number(),
  /** Average days the period's imports spent (or have spent so far) in this stage; null if none entered it. */
  averageDays: z.number().nullable(),
});

export const moneyOwedSummarySchema = z.object({
  /** Services invoiced and not paid. */
  invoicedUnpaid: money,
  /** Service prices of delivered cars not invoiced yet. */
  notInvoiced: money,
  /** Supplier costs we have not paid yet. */
  suppliersUnpaid: money,
});

export const dashboardOverviewSchema = z.object({
  period: z.object({
    period: z.enum(DASHBOARD_PERIODS),
    from: z.string(),
    to: z.string(),
    days: z.number(),
    previousFrom: z.string(),
    previousTo: z.string(),
  }),
  cards: overviewCardsSchema,
  leadsPerWeek: leadsPerWeekSchema,
  funnel: funnelSchema,
  firstReply: firstReplySchema,
  moneyPerMonth: z.object({
    months: z.array(moneyMonthSchema),
    revenue: money,
    costs: money,
    profit: money,
  }),
  stages: z.array(stageSchema),
  /** Right now, whatever the period (the money-owed screen's totals). */
  owed: moneyOwedSummarySchema,
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
