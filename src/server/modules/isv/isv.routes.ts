import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isvSimulateResponseSchema, isvSimulateSchema, tablesNoticeSchema, toTaxInput } from '#shared/schemas/isv.ts';
import { calculateTax } from '#shared/tax/calculate.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { adminTablesNotice } from '#shared/tax/tax-calendar.ts';
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

  // From 1 December until the next year's tables exist, admins are told to add them (docs/tax-rules.md).
  app.get(
    '/api/isv/tables-notice',
    { config: { access: 'admin' }, schema: { response: { 200: tablesNoticeSchema } } },
    async () => ({ notice: adminTablesNotice(todayInLisbon(clock.now())) }),
  );
};
