import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '#server/lib/clock.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  importCostListSchema,
  importCostSchema,
  importCreateSchema,
  importSchema,
  importUpdateSchema,
  okResponseSchema,
} from '#shared/schemas/imports.ts';
import { costCreateSchema, costUpdateSchema } from '#shared/schemas/import-costs.ts';
import {
  costExportQuerySchema,
  importExportQuerySchema,
  importListQuerySchema,
  importListResponseSchema,
} from '#shared/schemas/imports-list.ts';
import { trackingResponseSchema } from '#shared/schemas/import-tracking.ts';
import { yearBoundSchema } from '#server/lib/year-bound-schema.ts';
import type { ImportCostsService } from './import-costs.service.ts';
import {
  costRecord,
  costsExportFilename,
  COSTS_CSV_HEADER,
  csvFile,
  importRecord,
  importsExportFilename,
  IMPORTS_CSV_HEADER,
} from './imports-export.ts';
import type { ImportsService } from './imports.service.ts';

const config = { access: 'user' } as const;

/** A CSV download; the first batch is read before answering, so a failing query still gets a proper error. */
async function sendCsv(reply: FastifyReply, filename: string, chunks: AsyncGenerator<string>) {
  const first = await chunks.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* chunks;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(all()));
}

/** Imports, their costs and exports (docs/imports-api.md), and the tracking data. */
export const importsRoutes: FastifyPluginAsyncZod<{
  imports: ImportsService;
  costs: ImportCostsService;
  clock: Clock;
}> = async (app, { imports, costs, clock }) => {
  app.get(
    '/api/imports',
    { config, schema: { querystring: importListQuerySchema, response: { 200: importListResponseSchema } } },
    async (request) => imports.list(request.query),
  );

  app.get(
    '/api/imports/export.csv',
    {
      config,
      schema: {
        querystring: importExportQuerySchema,
        response: {
          200: {
            description: 'The matching imports as a CSV file (attachment), in list order.',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const chunks = csvFile(IMPORTS_CSV_HEADER, imports.exportRows(query), importRecord, format);
      return sendCsv(reply, importsExportFilename(imports.now()), chunks);
    },
  );

  app.post(
    '/api/imports',
    {
      config,
      schema: { body: yearBoundSchema(importCreateSchema, clock), response: { 200: importSchema, 201: importSchema } },
    },
    async (request, reply) => {
      // 201 for a new import; 200 with the same import when the request was already made (ADR 023).
      const { import: created, replayed } = await imports.create(request.body, signedInUser(request));
      return reply.status(replayed ? 200 : 201).send(created);
    },
  );

  app.get(
    '/api/imports/:id',
    { config, schema: { params: idParamSchema, response: { 200: importSchema } } },
    async (request) => imports.get(request.params.id),
  );

  app.put(
    '/api/imports/:id',
    {
      config,
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: yearBoundSchema(importUpdateSchema, clock),
        response: { 200: importSchema },
      },
    },
    async (request) =>
      imports.update(request.params.id, request.body, expectedVersion(request, request.body), signedInUser(request)),
  );

  app.get(
    '/api/imports/:id/costs',
    { config, schema: { params: idParamSchema, response: { 200: importCostListSchema } } },
    async (request) => costs.list(request.params.id),
  );

  app.post(
    '/api/imports/:id/costs',
    { config, schema: { params: idParamSchema, body: costCreateSchema, response: { 201: importCostSchema } } },
    async (request, reply) =>
      reply.status(201).send(await costs.add(request.params.id, request.body, signedInUser(request).id)),
  );

  app.put(
    '/api/import-costs/:id',
    {
      config,
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: costUpdateSchema,
        response: { 200: importCostSchema },
      },
    },
    async (request) =>
      costs.update(request.params.id, request.body, expectedVersion(request, request.body), signedInUser(request).id),
  );

  app.delete(
    '/api/import-costs/:id',
    { config, schema: { params: idParamSchema, headers: ifMatchHeadersSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await costs.remove(request.params.id, expectedVersion(request), signedInUser(request).id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/import-costs/export.csv',
    {
      config,
      schema: {
        querystring: costExportQuerySchema,
        response: {
          200: {
            description: 'The matching cost lines as a CSV file (attachment), for the accountant.',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const chunks = csvFile(COSTS_CSV_HEADER, imports.exportCostRows(filter), costRecord, format);
      return sendCsv(reply, costsExportFilename(imports.now()), chunks);
    },
  );

  // The customer's tracking page data: public, by the unguessable id only; never cached or indexed.
  app.get(
    '/api/public/tracking/:publicId',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ publicId: z.string().min(1).max(100) }),
        response: { 200: trackingResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return imports.tracking(request.params.publicId);
    },
  );
};
