import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { inboxCountSchema, inboxPageSchema, inboxQuerySchema } from '#shared/schemas/inbox.ts';
import { okResponseSchema } from '#shared/schemas/lead-writes.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { InboxService } from './inbox.service.ts';

/** The inbox (ADR 065): any signed-in staff member reads it and works it. */
export const inboxRoutes: FastifyPluginAsyncZod<{ inbox: InboxService }> = async (app, { inbox }) => {
  app.get(
    '/api/inbox',
    { config: { access: 'user' }, schema: { querystring: inboxQuerySchema, response: { 200: inboxPageSchema } } },
    async (request) => inbox.list(signedInUser(request).id, request.query),
  );

  app.get(
    '/api/inbox/count',
    { config: { access: 'user' }, schema: { response: { 200: inboxCountSchema } } },
    async (request) => ({ count: await inbox.count(signedInUser(request).id) }),
  );

  app.post(
    '/api/inbox/:id/done',
    { config: { access: 'user' }, schema: { params: idParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await inbox.markDone(request.params.id, signedInUser(request).id);
      return { ok: true as const };
    },
  );
};
