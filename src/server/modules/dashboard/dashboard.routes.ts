import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';
import type { OverviewService } from './overview.service.ts';
import { dashboardPeriodQuerySchema } from '#shared/dashboard/period.ts';
import { dashboardOverviewSchema } from '#shared/schemas/dashboard-overview.ts';

/** GET /api/dashboard/stats: four figures with 30-day trends, and two short lists (ADR 012). */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: DashboardService;
  overview: OverviewService;
}> = async (app, { dashboard, overview }) => {
  /** GET /api/dashboard/overview: the figures and charts of one period (ADR 067). */
  app.get(
    '/api/dashboard/overview',
    {
      config: { access: 'user' },
      schema: { querystring: dashboardPeriodQuerySchema, response: { 200: dashboardOverviewSchema } },
    },
    async (request) => overview.overview(request.query),
  );

  app.get(
    '/api/dashboard/stats',
    { config: { access: 'user' }, schema: { response: { 200: dashboardStatsSchema } } },
    async (request) => dashboard.stats(signedInUser(request).id),
  );
};
