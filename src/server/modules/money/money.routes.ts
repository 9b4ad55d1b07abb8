import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneyOwedExportQuerySchema, moneyOwedSchema } from '#shared/schemas/money-owed.ts';
import { moneyExportFilename, moneyOwedCsv } from './money-export.ts';
import type { MoneyService } from './money.service.ts';

// Every staff member sees the imports' money (the imports screens show it to role user too).
const config = { access: 'user' as const };

/** GET /api/money/owed and its CSV (ADR 067). */
export const moneyRoutes: FastifyPluginAsyncZod<{ money: MoneyService }> = async (app, { money }) => {
  app.get('/api/money/owed', { config, schema: { response: { 200: moneyOwedSchema } } }, async () => money.owed());

  app.get(
    '/api/money/owed.csv',
    {
      config,
      schema: {
        querystring: moneyOwedExportQuerySchema,
        response: {
          200: {
            description: 'The money-owed lists and totals as a CSV file (attachment).',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const body = moneyOwedCsv(await money.owed(), request.query.format);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${moneyExportFilename(money.now())}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
