import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import type { ImportStatus } from '#shared/imports/status.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { recentLeads } from '#server/modules/leads/leads.api.ts';
import * as repo from './dashboard.repository.ts';
import { trend, trendWindows } from './trend.ts';

/** The dashboard shows 3 recent leads and 3 active imports. */
export const DASHBOARD_LIST_SIZE = 3;

export function createDashboardService(deps: { db: DbOrTx; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** The four figures with their trends (ADR 012), and the two short lists, for `userId`. */
    async stats(userId: number): Promise<DashboardStats> {
      const w = trendWindows(clock.now());
      const [leadRow, imp, leads, active] = await Promise.all([
        repo.leadFigures(db, w),
        repo.importFigures(db, w),
        recentLeads(db, userId, DASHBOARD_LIST_SIZE),
        repo.recentActiveImports(db, DASHBOARD_LIST_SIZE),
      ]);
      return {
        totalLeads: leadRow.total,
        activeImports: imp.active,
        completedImports: imp.completed,
        revenue: imp.revenue,
        trends: {
          totalLeads: trend(leadRow.current, leadRow.previous),
          activeImports: trend(imp.activeCurrent, imp.activePrevious),
          completedImports: trend(imp.completedCurrent, imp.completedPrevious),
          revenue: trend(imp.revenueCurrent, imp.revenuePrevious),
        },
        recentLeads: leads,
        recentActiveImports: active.map((row) => ({
          ...row,
          status: row.status as ImportStatus,
          createdAt: new Date(row.createdAt).toISOString(),
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
