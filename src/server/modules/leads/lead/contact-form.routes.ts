import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkQuoteSubmission,
  contactFormPayloadSchema,
  contactFormResponseSchema,
} from '#shared/schemas/contact-form.ts';
import { QUOTE_FORM_MESSAGES } from '#shared/schemas/contact-form-rules.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { LeadService } from './lead.service.ts';

/** Quote requests allowed per client address and hour: a family shares an address, bots get no further. */
export const CONTACT_FORM_RATE_LIMIT = { max: 10, timeWindow: 60 * 60_000 };

export const contactFormRoutes: FastifyPluginAsyncZod<{
  leads: LeadService;
  clock: Clock;
  rateLimit?: { max: number; timeWindow: number };
}> = async (app, { leads, clock, rateLimit = CONTACT_FORM_RATE_LIMIT }) => {
  app.post(
    '/api/contact-form',
    {
      config: {
        access: 'public',
        rateLimit: {
          ...rateLimit,
          errorResponseBuilder: (_request, context) =>
            new AppError('RATE_LIMITED', QUOTE_FORM_MESSAGES.rateLimited(Math.max(1, Math.ceil(context.ttl / 60_000)))),
        },
      },
      schema: { body: contactFormPayloadSchema, response: { 200: contactFormResponseSchema } },
    },
    async (request) => {
      // The browser's checks again, in the same order: a bot skips the browser.
      const currentYear = Number(todayInLisbon(clock.now()).slice(0, 4));
      const check = checkQuoteSubmission(request.body, currentYear);
      if (!check.ok) throw new AppError('VALIDATION', check.message, check.fields);
      const { utmSource = null, utmMedium = null, utmCampaign = null } = request.body;
      await leads.createFromQuoteForm(check.request, { utmSource, utmMedium, utmCampaign });
      return { message: QUOTE_FORM_MESSAGES.success };
    },
  );
};
