/**
 * The dashboard's period (ADR 067): a preset or a custom range of Lisbon calendar days, both ends
 * included. The server resolves it with its clock; the browser with its own to label the picker.
 */
import { z } from 'zod';

export const DASHBOARD_PERIODS = ['this_month', 'last_30_days', 'last_90_days', 'this_year', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  this_month: 'This month',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  this_year: 'This year',
  custom: 'Custom',
};

/** A custom range spans at most this many days (about five years). */
export const MAX_PERIOD_DAYS = 1830;

const isoDay = z.iso.date({ error: 'Dates are written YYYY-MM-DD' });

export const dashboardPeriodQuerySchema = z
  .object({
    period: z.enum(DASHBOARD_PERIODS, { error: 'Unknown period' }).default('last_30_days'),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from || !q.to) {
      ctx.addIssue({
        code: 'custom',
        path: [q.from ? 'to' : 'from'],
        message: 'A custom period needs a start and an end date',
      });
      return;
    }
    const days = daysBetween(q.from, q.to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
    else if (days > MAX_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A period is at most ${MAX_PERIOD_DAYS} days` });
  });
export type DashboardPeriodQuery = z.output<typeof dashboardPeriodQuerySchema>;

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
export const addDays = (day: string, n: number) => new Date(toUtc(day) + n * DAY_MS).toISOString().slice(0, 10);

export interface ResolvedPeriod {
  /** First and last Lisbon day, included. */
  from: string;
  to: string;
  days: number;
  /** The window just before, of the same length (the cards' trends). */
  previousFrom: string;
  previousTo: string;
}

/** The days of a period, given today's Lisbon date ('YYYY-MM-DD'). */
export function resolvePeriod(query: DashboardPeriodQuery, today: string): ResolvedPeriod {
  let from: string;
  let to = today;
  switch (query.period) {
    case 'this_month':
      from = `${today.slice(0, 7)}-01`;
      break;
    case 'last_90_days':
      from = addDays(today, -89);
      break;
    case 'this_year':
      from = `${today.slice(0, 4)}-01-01`;
      break;
    case 'custom':
      from = query.from!;
      to = query.to!;
      break;
    default:
      from = addDays(today, -29);
  }
  const days = daysBetween(from, to) + 1;
  return { from, to, days, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}
