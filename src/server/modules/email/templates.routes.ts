import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { okResponseSchema } from '#shared/schemas/lead-writes.ts';
import { emailTemplateInputSchema, emailTemplateListSchema, emailTemplateSchema } from '#shared/schemas/email.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { TemplatesService } from './templates.service.ts';

/** Email templates (/admin/email-templates): any staff member reads and edits them. */
export const templatesRoutes: FastifyPluginAsyncZod<{ templates: TemplatesService }> = async (app, { templates }) => {
  const config = { access: 'user' as const };

  app.get('/api/email-templates', { config, schema: { response: { 200: emailTemplateListSchema } } }, async () =>
    templates.list(),
  );

  app.post(
    '/api/email-templates',
    { config, schema: { body: emailTemplateInputSchema, response: { 201: emailTemplateSchema } } },
    async (request, reply) => reply.status(201).send(await templates.create(request.body, signedInUser(request).id)),
  );

  app.put(
    '/api/email-templates/:id',
    {
      config,
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: emailTemplateInputSchema,
        response: { 200: emailTemplateSchema },
      },
    },
    async (request) =>
      templates.update(request.params.id, {
        ...request.body,
        version: expectedVersion(request, request.body) ?? undefined,
      }),
  );

  app.delete(
    '/api/email-templates/:id',
    { config, schema: { params: idParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await templates.remove(request.params.id);
      return { ok: true as const };
    },
  );
};
