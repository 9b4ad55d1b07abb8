import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { announcementSchema, notificationCountSchema, notificationListSchema } from '#shared/schemas/notifications.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/api/notifications',
    { config: { access: 'user' }, schema: { response: { 200: notificationListSchema } } },
    async (request) => notifications.list(signedInUser(request).id),
  );

  app.get(
    '/api/notifications/count',
    { config: { access: 'user' }, schema: { response: { 200: notificationCountSchema } } },
    async (request) => ({
      count: await notifications.count(signedInUser(request).id),
    }),
  );

  app.put(
    '/api/notifications/mark-all-read',
    { config: { access: 'user' }, schema: { response: { 200: notificationCountSchema } } },
    async (request) => ({ count: await notifications.markAllRead(signedInUser(request).id) }),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: { params: idParamSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      await notifications.markRead(signedInUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  // An admin's announcement to the team: a notification of type 'other' for each recipient.
  app.post(
    '/api/notifications',
    { config: { access: 'admin' }, schema: { body: announcementSchema, response: { 201: notificationCountSchema } } },
    async (request, reply) => {
      const { title, message, userIds } = request.body;
      const count = await notifications.notify(
        { type: 'other', title, message, createdBy: signedInUser(request).id },
        { userIds },
      );
      return reply.status(201).send({ count });
    },
  );
};
