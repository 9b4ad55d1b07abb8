import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  apiTokenSchema,
} from '#shared/schemas/api-tokens.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

/**
 * Edit Profile's access tokens: each user manages their own. These routes take the session cookie
 * only (no `bearer` flag), so a token can never mint or revoke tokens.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ tokens: ApiTokensService }> = async (app, { tokens }) => {
  const access = { access: 'user' as const };
  app.get(
    '/api/profile/tokens',
    { config: access, schema: { response: { 200: apiTokenListSchema } } },
    async (request) => tokens.list(signedInUser(request).id),
  );
  app.post(
    '/api/profile/tokens',
    { config: access, schema: { body: apiTokenCreateSchema, response: { 201: apiTokenCreatedSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await tokens.create(signedInUser(request), request.body.name, request.ip));
    },
  );
  app.delete(
    '/api/profile/tokens/:id',
    { config: access, schema: { params: idParamSchema, response: { 200: apiTokenSchema } } },
    async (request) => tokens.revoke(signedInUser(request), request.params.id, request.ip),
  );
};
