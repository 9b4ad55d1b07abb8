import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadExportQuerySchema, leadListQuerySchema, leadListResponseSchema } from '#shared/schemas/leads.ts';
import { markAllSeenResponseSchema } from '#shared/schemas/lead-writes.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import { csvChunks, exportFilename } from './leads-export.ts';
import type { LeadsListService } from './leads-list.service.ts';

/** GET /api/leads, GET /api/leads/export.csv, POST /api/leads/mark-all-seen (ADR 012). */
export const leadsListRoutes: FastifyPluginAsyncZod<{ list: LeadsListService }> = async (app, { list }) => {
  app.get(
    '/api/leads',
    {
      config: { access: 'user' },
      schema: { querystring: leadListQuerySchema, response: { 200: leadListResponseSchema } },
    },
    async (request) => list.list(signedInUser(request).id, request.query),
  );

  // The same search and filters, every matching row in list order (cursor and limit do not apply),
  // in the CSV format asked for (Portuguese by default).
  app.get(
    '/api/leads/export.csv',
    {
      config: { access: 'user' },
      schema: {
        querystring: leadExportQuerySchema,
        response: {
          200: {
            description: 'The matching leads as a CSV file (attachment), in list order.',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const batches = list.exportRows(query, signedInUser(request).id);
      // The first batch is read before answering, so a failing query still gets a proper error answer.
      const first = await batches.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* batches;
      }
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFilename(list.now())}"`)
          .header('cache-control', 'no-store')
          // Streamed, never serialised: the schema above documents the file as text.
          .send(Readable.from(csvChunks(all(), format)) as unknown as string)
      );
    },
  );

  app.post(
    '/api/leads/mark-all-seen',
    { config: { access: 'user' }, schema: { response: { 200: markAllSeenResponseSchema } } },
    async (request) => ({
      count: await list.markAllSeen(signedInUser(request).id),
    }),
  );
};
