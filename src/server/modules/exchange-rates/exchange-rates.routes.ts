import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exchangeRatesResponseSchema, exchangeRatesUpdateSchema } from '#shared/schemas/exchange-rates.ts';
import type { ExchangeRatesService } from './exchange-rates.service.ts';

export const exchangeRatesRoutes: FastifyPluginAsyncZod<{ rates: ExchangeRatesService }> = async (app, { rates }) => {
  // Staff read it to prefill a rate in the proposal editor.
  app.get(
    '/api/exchange-rates',
    { config: { access: 'user' }, schema: { response: { 200: exchangeRatesResponseSchema } } },
    async () => rates.list(),
  );
  // Admins keep it, in Settings.
  app.put(
    '/api/exchange-rates',
    {
      config: { access: 'admin' },
      schema: { body: exchangeRatesUpdateSchema, response: { 200: exchangeRatesResponseSchema } },
    },
    async (request) => rates.replace(request.body.rates),
  );
};
