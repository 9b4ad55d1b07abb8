import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

/** GET /api/dashboard/stats: four figures with 30-day trends, and two short lists (ADR 012). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/api/dashboard/stats',
    { config: { access: 'user' }, schema: { response: { 200: dashboardStatsSchema } } },
    async (request) => dashboard.stats(signedInUser(request).id),
  );
};
