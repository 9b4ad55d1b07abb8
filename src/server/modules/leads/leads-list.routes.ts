import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

/** GET /api/leads, GET /api/leads/export.csv, POST /api/leads/mark-all-seen (DECISIONS 11). */
export const leadsListRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async () => {};
