import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { userSchema, userUpdateSchema } from '#shared/schemas/users.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.put(
    '/api/users/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamSchema, body: userUpdateSchema, response: { 200: userSchema } },
    },
    async (request) =>
      users.update(signedInUser(request), request.params.id, request.body, {
        ip: request.ip,
        actorSid: request.session?.sid,
      }),
  );
};
