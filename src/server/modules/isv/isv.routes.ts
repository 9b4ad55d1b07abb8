import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isvSimulateResponseSchema, isvSimulateSchema, toTaxInput } from '#shared/schemas/isv.ts';
import { calculateTax } from '#shared/tax/calculate.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';

/** The public ISV simulator: the same pure engine the pages and the extension run. */
export const isvRoutes: FastifyPluginAsyncZod<{ clock: Clock; ratePerMinute: number }> = async (
  app,
  { clock, ratePerMinute },
) => {
  app.post(
    '/api/isv/simulate',
    {
      config: { access: 'public', rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } },
      schema: { body: isvSimulateSchema, response: { 200: isvSimulateResponseSchema } },
    },
    async (request) => {
      const parsed = toTaxInput(request.body, clock.now());
      if ('fields' in parsed) throw new AppError('VALIDATION', Object.values(parsed.fields).join('; '), parsed.fields);
      return calculateTax(parsed.input);
    },
  );
};
