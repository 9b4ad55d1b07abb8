import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { leadSchema } from '#shared/schemas/leads.ts';
import {
  leadCreateSchema,
  leadUpdateSchema,
  leadWriteResponseSchema,
  manualLeadSchema,
  okResponseSchema,
  starResponseSchema,
} from '#shared/schemas/lead-writes.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { LeadService } from './lead.service.ts';
import { yearBoundSchema } from '#server/lib/year-bound-schema.ts';

/** One lead: create, read, update, seen, star (ADR 012). Merging is in merge/lead-merge.routes.ts. */
export const leadRoutes: FastifyPluginAsyncZod<{ leads: LeadService; clock: Clock }> = async (
  app,
  { leads, clock },
) => {
  const access = { access: 'user' as const };

  app.post(
    '/api/leads',
    {
      config: access,
      schema: { body: yearBoundSchema(leadCreateSchema, clock), response: { 201: leadWriteResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await leads.createByStaff(request.body, signedInUser(request))),
  );

  app.post(
    '/api/leads/manual',
    {
      config: access,
      schema: { body: yearBoundSchema(manualLeadSchema, clock), response: { 201: leadWriteResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await leads.createByStaff(request.body, signedInUser(request))),
  );

  app.get(
    '/api/leads/:id',
    { config: access, schema: { params: idParamSchema, response: { 200: leadSchema } } },
    async (request) => leads.get(request.params.id, signedInUser(request).id),
  );

  app.put(
    '/api/leads/:id',
    {
      config: access,
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: yearBoundSchema(leadUpdateSchema, clock),
        response: { 200: leadWriteResponseSchema },
      },
    },
    async (request) =>
      leads.update(request.params.id, request.body, expectedVersion(request, request.body), signedInUser(request)),
  );

  app.post(
    '/api/leads/:id/seen',
    { config: access, schema: { params: idParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await leads.markSeen(request.params.id, signedInUser(request).id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/leads/:id/star',
    { config: access, schema: { params: idParamSchema, response: { 200: starResponseSchema } } },
    async (request) => leads.toggleStar(request.params.id, signedInUser(request).id),
  );
};
