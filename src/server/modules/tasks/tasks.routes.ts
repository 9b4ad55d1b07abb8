import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, isoDateTime } from '#shared/schemas/common.ts';
import { okResponseSchema } from '#shared/schemas/lead-writes.ts';
import {
  taskCreateSchema,
  taskListSchema,
  taskOwnerListSchema,
  taskSchema,
  taskSettingsSchema,
  taskUpdateSchema,
  todayResponseSchema,
} from '#shared/schemas/tasks.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { TasksService } from './tasks.service.ts';

const todayQuerySchema = z.object({
  /** The end of the caller's day (its local midnight): tasks due before it count as today. */
  until: isoDateTime,
});

/** A lead's next steps and the signed-in user's Today (docs/decisions/066-lead-tasks-and-pipeline-board.md). */
export const tasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  const config = { access: 'user' as const };

  app.get(
    '/api/leads/:id/tasks',
    { config, schema: { params: idParamSchema, response: { 200: taskListSchema } } },
    async (request) => tasks.list(request.params.id),
  );

  app.post(
    '/api/leads/:id/tasks',
    { config, schema: { params: idParamSchema, body: taskCreateSchema, response: { 201: taskSchema } } },
    async (request, reply) =>
      reply.status(201).send(await tasks.create(request.params.id, request.body, signedInUser(request))),
  );

  app.put(
    '/api/tasks/:id',
    {
      config,
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: taskUpdateSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) =>
      tasks.update(request.params.id, request.body, expectedVersion(request, request.body), signedInUser(request)),
  );

  app.delete(
    '/api/tasks/:id',
    { config, schema: { params: idParamSchema, headers: ifMatchHeadersSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      // No body: the version read comes as If-Match (ADR 022).
      await tasks.remove(request.params.id, expectedVersion(request), signedInUser(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/tasks/today',
    { config, schema: { querystring: todayQuerySchema, response: { 200: todayResponseSchema } } },
    async (request) => tasks.today(signedInUser(request).id, new Date(request.query.until)),
  );

  app.get('/api/tasks/owners', { config, schema: { response: { 200: taskOwnerListSchema } } }, async () =>
    tasks.owners(),
  );

  app.get('/api/tasks/settings', { config, schema: { response: { 200: taskSettingsSchema } } }, async (request) =>
    tasks.settings(signedInUser(request).id),
  );

  app.put(
    '/api/tasks/settings',
    { config, schema: { body: taskSettingsSchema, response: { 200: taskSettingsSchema } } },
    async (request) => tasks.putSettings(signedInUser(request).id, request.body),
  );
};
