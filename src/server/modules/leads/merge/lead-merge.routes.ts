import { signedInUser } from '#server/plugins/auth.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { mergeLeadsResponseSchema, mergeLeadsSchema } from '#shared/schemas/lead-writes.ts';
import type { LeadMergeService } from './lead-merge.service.ts';

/** POST /api/leads/{id}/merge: two leads become the older one (ADR 012). */
export const leadMergeRoutes: FastifyPluginAsyncZod<{ merge: LeadMergeService }> = async (app, { merge }) => {
  app.post(
    '/api/leads/:id/merge',
    {
      config: { access: 'user' },
      schema: { params: idParamSchema, body: mergeLeadsSchema, response: { 200: mergeLeadsResponseSchema } },
    },
    async (request) => merge.merge(request.params.id, request.body.otherId, signedInUser(request)),
  );
};
