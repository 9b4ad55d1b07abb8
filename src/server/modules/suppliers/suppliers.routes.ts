import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import { okResponseSchema } from '#shared/schemas/imports.ts';
import {
  supplierCreateSchema,
  supplierListSchema,
  supplierSchema,
  supplierUpdateSchema,
} from '#shared/schemas/suppliers.ts';
import type { SuppliersService } from './suppliers.service.ts';

const config = { access: 'user' } as const;

/** GET/POST /api/suppliers, GET/PUT/DELETE /api/suppliers/{id} (docs/imports-api.md). */
export const suppliersRoutes: FastifyPluginAsyncZod<{ suppliers: SuppliersService }> = async (app, { suppliers }) => {
  app.get('/api/suppliers', { config, schema: { response: { 200: supplierListSchema } } }, async () =>
    suppliers.list(),
  );

  app.get(
    '/api/suppliers/:id',
    { config, schema: { params: idParamSchema, response: { 200: supplierSchema } } },
    async (request) => suppliers.get(request.params.id),
  );

  app.post(
    '/api/suppliers',
    { config, schema: { body: supplierCreateSchema, response: { 201: supplierSchema } } },
    async (request, reply) => reply.status(201).send(await suppliers.create(request.body, signedInUser(request).id)),
  );

  app.put(
    '/api/suppliers/:id',
    {
      config,
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: supplierUpdateSchema,
        response: { 200: supplierSchema },
      },
    },
    async (request) =>
      suppliers.update(
        request.params.id,
        request.body,
        expectedVersion(request, request.body),
        signedInUser(request).id,
      ),
  );

  app.delete(
    '/api/suppliers/:id',
    { config, schema: { params: idParamSchema, headers: ifMatchHeadersSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await suppliers.remove(request.params.id, expectedVersion(request), signedInUser(request).id);
      return { ok: true as const };
    },
  );
};
