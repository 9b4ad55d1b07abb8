import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteUserQuerySchema } from '#shared/schemas/lead-owners.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  userCreateSchema,
  userSchema,
  usersListSchema,
  usersQuerySchema,
  userUpdateSchema,
} from '#shared/schemas/users.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const meta = (request: { ip: string; session?: { sid: string } | null }) => ({
    ip: request.ip,
    actorSid: request.session?.sid,
  });

  // User management is admin only (ADR 029); role user gets 403 (ADR 004).
  app.get(
    '/api/users',
    { config: { access: 'admin' }, schema: { querystring: usersQuerySchema, response: { 200: usersListSchema } } },
    async (request) => users.list(request.query.search || undefined),
  );

  app.post(
    '/api/users',
    { config: { access: 'admin' }, schema: { body: userCreateSchema, response: { 201: userSchema } } },
    async (request, reply) =>
      reply.status(201).send(await users.create(signedInUser(request), request.body, meta(request))),
  );

  // Own profile for everyone, any user for admins (the service decides).
  app.put(
    '/api/users/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: userUpdateSchema,
        response: { 200: userSchema },
      },
    },
    async (request) =>
      users.update(
        signedInUser(request),
        request.params.id,
        { ...request.body, version: expectedVersion(request, request.body) ?? undefined },
        meta(request),
      ),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamSchema,
        querystring: deleteUserQuerySchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await users.remove(signedInUser(request), request.params.id, meta(request), request.query.leadsTo ?? null);
      return { ok: true as const };
    },
  );
};
