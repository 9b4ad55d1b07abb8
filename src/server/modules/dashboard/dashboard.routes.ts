import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

/** GET /api/dashboard/stats (DECISIONS 10). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async () => {};
