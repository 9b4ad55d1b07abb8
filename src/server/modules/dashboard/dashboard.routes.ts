import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { createDashboardService } from './dashboard.service.ts';

/** GET /api/dashboard/stats (DECISIONS 10). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, deps) => {
  const dashboard = createDashboardService(deps);
  app.get(
    '/api/dashboard/stats',
    { config: { access: 'user' }, schema: { response: { 200: dashboardStatsSchema } } },
    async (request) => dashboard.stats(request.user!.id),
  );
};
