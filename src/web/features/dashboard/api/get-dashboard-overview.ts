import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod } from '#shared/dashboard/period.ts';
import { dashboardOverviewSchema, type DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { DASHBOARD_STATS_KEY } from './get-dashboard-stats.ts';

export interface PeriodChoice {
  period: DashboardPeriod;
  from?: string;
  to?: string;
}

export const periodQueryString = (p: PeriodChoice) =>
  new URLSearchParams(
    p.period === 'custom' ? { period: p.period, from: p.from ?? '', to: p.to ?? '' } : { period: p.period },
  ).toString();

/**
 * GET /api/dashboard/overview (ADR 067). The key starts with the stats key, so whatever refreshes
 * the dashboard (live lead events, import and cost writes) refreshes the charts too.
 */
export async function getDashboardOverview(p: PeriodChoice): Promise<DashboardOverview> {
  return dashboardOverviewSchema.parse(await apiRequest('GET', `/api/dashboard/overview?${periodQueryString(p)}`));
}

export const dashboardOverviewQueryOptions = (p: PeriodChoice) =>
  queryOptions({
    queryKey: [...DASHBOARD_STATS_KEY, 'overview', periodQueryString(p)],
    queryFn: () => getDashboardOverview(p),
    placeholderData: keepPreviousData,
  });

export const useDashboardOverview = (p: PeriodChoice) => useQuery(dashboardOverviewQueryOptions(p));
