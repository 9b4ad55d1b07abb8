import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicProposalResponseSchema } from '../../../shared/schemas/proposals.ts';
import type { ProposalsService } from './proposals.service.ts';

export const proposalsRoutes: FastifyPluginAsyncZod<{ proposals: ProposalsService }> = async (app, { proposals }) => {
  // The customer's link: public, and the response schema drops every field the customer must not see.
  app.get(
    '/api/proposals/public/:publicId',
    { config: { access: 'public' }, schema: { params: z.object({ publicId: z.string() }), response: { 200: publicProposalResponseSchema } } },
    async (request) => proposals.getPublic(request.params.publicId),
  );
};
