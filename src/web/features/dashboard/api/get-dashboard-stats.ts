import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema, type DashboardStats } from '#shared/schemas/dashboard.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/dashboard/stats; live lead events invalidate this key (src/web/lib/realtime.ts). */
export const DASHBOARD_STATS_KEY = ['/api/dashboard/stats'] as const;

export async function getDashboardStats(): Promise<DashboardStats> {
  return dashboardStatsSchema.parse(await apiRequest('GET', '/api/dashboard/stats'));
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: DASHBOARD_STATS_KEY, queryFn: getDashboardStats });

export const useDashboardStats = () => useQuery(dashboardStatsQueryOptions());
