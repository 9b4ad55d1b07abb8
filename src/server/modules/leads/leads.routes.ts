import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import type { LeadsService } from './leads.service.ts';

/** One lead: create, read, update, seen, star, merge. */
export const leadsRoutes: FastifyPluginAsyncZod<{ leads: LeadsService; clock: Clock }> = async () => {};
