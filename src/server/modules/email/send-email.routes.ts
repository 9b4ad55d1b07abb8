import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { sendContextSchema, sendEmailInputSchema, sendEmailResultSchema } from '#shared/schemas/email.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { OutboxService } from './outbox.service.ts';
import type { SendEmailService } from './send-email.service.ts';

/**
 * Sending from a lead: the call records the message in the outbox and answers at once (202 while
 * queued); the dialog then follows the message until it has left or is known to wait.
 */
export const sendEmailRoutes: FastifyPluginAsyncZod<{ sendEmail: SendEmailService; outbox: OutboxService }> = async (
  app,
  { sendEmail, outbox },
) => {
  const config = { access: 'user' as const };

  app.get(
    '/api/leads/:id/send-email',
    { config, schema: { params: idParamSchema, response: { 200: sendContextSchema } } },
    async (request) => sendEmail.context(request.params.id),
  );

  app.post(
    '/api/leads/:id/send-email',
    {
      config,
      schema: {
        params: idParamSchema,
        body: sendEmailInputSchema,
        response: { 200: sendEmailResultSchema, 202: sendEmailResultSchema },
      },
    },
    async (request, reply) => {
      const result = await sendEmail.send(request.params.id, request.body, signedInUser(request));
      return reply.status(result.status === 'sent' ? 200 : 202).send(result);
    },
  );

  app.get(
    '/api/email-outbox/:id',
    { config, schema: { params: idParamSchema, response: { 200: sendEmailResultSchema } } },
    async (request) => outbox.status(request.params.id),
  );

  app.post(
    '/api/email-outbox/:id/retry',
    { config, schema: { params: idParamSchema, response: { 202: sendEmailResultSchema } } },
    async (request, reply) => reply.status(202).send(await outbox.retry(request.params.id)),
  );
};
