import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { okResponseSchema } from '#shared/schemas/lead-writes.ts';
import {
  quickContactSchema,
  timelineEntryInputSchema,
  timelineEntrySchema,
  timelineEntryUpdateSchema,
  timelineListSchema,
} from '#shared/schemas/timeline.ts';
import { keepOmittedFields } from '#server/lib/keep-omitted.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { TimelineService } from './timeline.service.ts';

/** A lead's timeline and the quick contact log (ADR 012). */
export const timelineRoutes: FastifyPluginAsyncZod<{ timeline: TimelineService }> = async (app, { timeline }) => {
  const config = { access: 'user' as const };

  app.get(
    '/api/leads/:id/timeline',
    { config, schema: { params: idParamSchema, response: { 200: timelineListSchema } } },
    async (request) => timeline.list(request.params.id),
  );

  app.post(
    '/api/leads/:id/timeline',
    {
      config,
      schema: { params: idParamSchema, body: timelineEntryInputSchema, response: { 201: timelineEntrySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await timeline.create(request.params.id, request.body, signedInUser(request))),
  );

  app.put(
    '/api/timeline/:id',
    {
      config,
      // A field left out keeps its stored value; the contact time too (createdAt is left to the service).
      preValidation: keepOmittedFields(['type', 'title', 'description', 'metadata'], (id) => timeline.stored(id)),
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: timelineEntryUpdateSchema,
        response: { 200: timelineEntrySchema },
      },
    },
    async (request) =>
      timeline.update(request.params.id, request.body, expectedVersion(request, request.body), signedInUser(request)),
  );

  app.delete(
    '/api/timeline/:id',
    { config, schema: { params: idParamSchema, headers: ifMatchHeadersSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      // No body: the version read comes as If-Match (ADR 022).
      await timeline.remove(request.params.id, expectedVersion(request), signedInUser(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/leads/:id/quick-contact',
    { config, schema: { params: idParamSchema, body: quickContactSchema, response: { 201: timelineEntrySchema } } },
    async (request, reply) =>
      reply.status(201).send(await timeline.quickContact(request.params.id, request.body, signedInUser(request))),
  );
};
