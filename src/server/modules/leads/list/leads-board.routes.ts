import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadBoardQuerySchema, leadBoardResponseSchema } from '#shared/schemas/leads-board.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { LeadsBoardService } from './leads-board.service.ts';

/** GET /api/leads/board: each column's count and € total (ADR 066); the cards come from GET /api/leads. */
export const leadsBoardRoutes: FastifyPluginAsyncZod<{ board: LeadsBoardService }> = async (app, { board }) => {
  app.get(
    '/api/leads/board',
    {
      config: { access: 'user' },
      schema: { querystring: leadBoardQuerySchema, response: { 200: leadBoardResponseSchema } },
    },
    async (request) => board.totals(request.query, signedInUser(request).id),
  );
};
