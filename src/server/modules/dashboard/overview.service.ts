import type { DbOrTx } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { resolvePeriod, type DashboardPeriodQuery } from '#shared/dashboard/period.ts';
import { fromCents, toCents } from '#shared/imports/finance.ts';
import { IMPORT_STATUSES, type ImportStatus } from '#shared/imports/status.ts';
import type { LostReason } from '#shared/leads/lost-reasons.ts';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { owedSummary } from '#server/modules/money/money.api.ts';
import * as repo from './overview.repository.ts';
import type { PeriodLeadsRow } from './overview.repository.ts';
import { leadSources, mondayOf } from './lead-sources.ts';
import { trendChange } from './trend.ts';

const money = (amount: string | null | undefined) => fromCents(toCents(amount));
/** A share in percent with one decimal; null when there is nothing to divide by. */
export const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
const oneDecimal = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

/**
 * The funnel from periodLeads' (status, quoted, lost reason) counts: every lead of the period, the
 * quoted and converted ones, the rejected ones by lost reason (most first, then by reason, no
 * reason last, as the database orders them).
 */
export function leadFunnel(rows: PeriodLeadsRow[]) {
  let requested = 0;
  let quoted = 0;
  let converted = 0;
  let rejected = 0;
  const reasons = new Map<string | null, number>();
  for (const r of rows) {
    requested += r.n;
    if (r.quoted) quoted += r.n;
    if (r.status === 'converted') converted += r.n;
    if (r.status !== 'rejected') continue;
    rejected += r.n;
    reasons.set(r.lost_reason, (reasons.get(r.lost_reason) ?? 0) + r.n);
  }
  const lostReasons = [...reasons]
    .map(([reason, count]) => ({ reason: reason as LostReason | null, count }))
    .sort((a, b) => b.count - a.count || byReason(a.reason, b.reason));
  return { requested, quoted, converted, rejected, lostReasons };
}
const byReason = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** The dashboard for one period (ADR 067): every figure computed by the database. */
export function createOverviewService(deps: { db: DbOrTx; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async overview(query: DashboardPeriodQuery): Promise<DashboardOverview> {
      const now = clock.now();
      const p = resolvePeriod(query, todayInLisbon(now));
      const current = { from: p.from, to: p.to };
      const previous = { from: p.previousFrom, to: p.previousTo };
      const periodText = `vs previous ${p.days} ${p.days === 1 ? 'day' : 'days'}`;
      const trend = (c: number, prev: number) => ({ change: trendChange(c, prev), period: periodText });
      const [leads, previousLeads, importCounts, reply, moneyRows, stages, owed] = await Promise.all([
        repo.periodLeads(db, current, mondayOf(p.from)),
        repo.previousLeads(db, previous),
        repo.importCounts(db, current, previous),
        repo.firstReply(db, current),
        repo.moneyPerMonth(db, current, previous),
        repo.stages(db, current, now),
        owedSummary(db),
      ]);
      const weeks = leads.filter((r) => r.part === 0);
      const funnel = leadFunnel(leads.filter((r) => r.part === 1));
      const counts = new Map(stages.counts.map((r) => [r.status, r.n]));
      const days = new Map(stages.days.map((r) => [r.status, r.avg_days]));
      // The months are the current window; the row without a month is the previous one.
      const before = moneyRows.find((m) => m.month === null);
      const monthRows = moneyRows
        .flatMap((m) => (m.month === null ? [] : [{ ...m, month: m.month }]))
        .map((m) => ({
          month: m.month,
          imports: m.imports,
          revenue: money(m.revenue),
          costs: money(m.costs),
          profit: money(m.profit),
        }));
      const sum = (key: 'revenue' | 'costs' | 'profit') =>
        fromCents(monthRows.reduce((t, m) => t + toCents(m[key]), 0n));
      const revenueCurrent = sum('revenue');
      const revenuePrevious = money(before?.revenue ?? '0');
      const profitCurrent = sum('profit');
      const profitPrevious = money(before?.profit ?? '0');
      return {
        period: { period: query.period, ...p },
        cards: {
          leads: { value: funnel.requested, trend: trend(funnel.requested, previousLeads) },
          activeImports: { value: importCounts.active },
          completedImports: {
            value: importCounts.completed_current,
            trend: trend(importCounts.completed_current, importCounts.completed_previous),
          },
          revenue: {
            value: revenueCurrent,
            trend: trend(Number(revenueCurrent), Number(revenuePrevious)),
          },
          profit: { value: profitCurrent, trend: trend(Number(profitCurrent), Number(profitPrevious)) },
        },
        leadsPerWeek: leadSources(
          weeks.map((r) => ({ week: r.week!, origin: r.origin!, mailbox: r.mailbox!, utm: r.utm, n: r.n })),
          p.from,
          p.to,
        ),
        funnel: {
          requested: funnel.requested,
          quoted: funnel.quoted,
          converted: funnel.converted,
          rejected: funnel.rejected,
          quotedRate: rate(funnel.quoted, funnel.requested),
          convertedFromQuotedRate: rate(funnel.converted, funnel.quoted),
          convertedRate: rate(funnel.converted, funnel.requested),
          lostReasons: funnel.lostReasons,
        },
        firstReply: {
          replied: reply.replied,
          unanswered: funnel.requested - reply.replied,
          medianHours: oneDecimal(reply.median),
          p90Hours: oneDecimal(reply.p90),
        },
        moneyPerMonth: { months: monthRows, revenue: revenueCurrent, costs: sum('costs'), profit: profitCurrent },
        stages: IMPORT_STATUSES.map((status: ImportStatus) => ({
          status,
          count: counts.get(status) ?? 0,
          averageDays: oneDecimal(days.get(status) ?? null),
        })),
        owed,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
