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
import { leadSources } from './lead-sources.ts';
import { trendChange } from './trend.ts';

const money = (amount: string | null | undefined) => fromCents(toCents(amount));
/** A share in percent with one decimal; null when there is nothing to divide by. */
export const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
const oneDecimal = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

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
      const [leadCards, importCards, weeks, funnel, reply, months, stages, owed] = await Promise.all([
        repo.leadCards(db, current, previous),
        repo.importCards(db, current, previous),
        repo.leadsPerWeek(db, current),
        repo.funnel(db, current),
        repo.firstReply(db, current),
        repo.moneyPerMonth(db, current),
        repo.stages(db, current, now),
        owedSummary(db),
      ]);
      const profit = (revenue: string, costs: string) => fromCents(toCents(revenue) - toCents(costs));
      const profitCurrent = profit(importCards.revenue_current, importCards.costs_current);
      const profitPrevious = profit(importCards.revenue_previous, importCards.costs_previous);
      const counts = new Map(stages.counts.map((r) => [r.status, r.n]));
      const days = new Map(stages.days.map((r) => [r.status, r.avg_days]));
      const monthRows = months.map((m) => ({
        month: m.month,
        imports: m.imports,
        revenue: money(m.revenue),
        costs: money(m.costs),
        profit: money(m.profit),
      }));
      const sum = (key: 'revenue' | 'costs' | 'profit') =>
        fromCents(monthRows.reduce((t, m) => t + toCents(m[key]), 0n));
      return {
        period: { period: query.period, ...p },
        cards: {
          leads: { value: leadCards.current, trend: trend(leadCards.current, leadCards.previous) },
          activeImports: { value: importCards.active },
          completedImports: {
            value: importCards.completed_current,
            trend: trend(importCards.completed_current, importCards.completed_previous),
          },
          revenue: {
            value: money(importCards.revenue_current),
            trend: trend(Number(importCards.revenue_current), Number(importCards.revenue_previous)),
          },
          profit: { value: profitCurrent, trend: trend(Number(profitCurrent), Number(profitPrevious)) },
        },
        leadsPerWeek: leadSources(weeks, p.from, p.to),
        funnel: {
          requested: funnel.requested,
          quoted: funnel.quoted,
          converted: funnel.converted,
          rejected: funnel.rejected,
          quotedRate: rate(funnel.quoted, funnel.requested),
          convertedFromQuotedRate: rate(funnel.converted, funnel.quoted),
          convertedRate: rate(funnel.converted, funnel.requested),
          lostReasons: funnel.reasons.map((r) => ({ reason: r.reason as LostReason | null, count: r.n })),
        },
        firstReply: {
          replied: reply.replied,
          unanswered: reply.unanswered,
          medianHours: oneDecimal(reply.median),
          p90Hours: oneDecimal(reply.p90),
        },
        moneyPerMonth: { months: monthRows, revenue: sum('revenue'), costs: sum('costs'), profit: sum('profit') },
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
