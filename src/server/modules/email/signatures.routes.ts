import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signatureInputSchema, signatureParamsSchema, signatureSchema } from '#shared/schemas/email.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { SignaturesService } from './signatures.service.ts';

/** The signature of each company mailbox: staff read it (the send dialog), admins edit it (Settings). */
export const signaturesRoutes: FastifyPluginAsyncZod<{ signatures: SignaturesService }> = async (
  app,
  { signatures },
) => {
  app.get(
    '/api/gmail/signature/:source',
    { config: { access: 'user' }, schema: { params: signatureParamsSchema, response: { 200: signatureSchema } } },
    async (request) => signatures.get(request.params.source),
  );

  app.put(
    '/api/gmail/signature/:source',
    {
      config: { access: 'admin' },
      schema: { params: signatureParamsSchema, body: signatureInputSchema, response: { 200: signatureSchema } },
    },
    async (request) =>
      signatures.save(request.params.source, request.body.signature, signedInUser(request).id, request.body.version),
  );
};
