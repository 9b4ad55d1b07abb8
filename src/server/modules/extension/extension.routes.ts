import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXTENSION_API_PREFIX } from '#shared/extension.ts';
import {
  extensionCaptureResponseSchema,
  extensionCaptureSchema,
  extensionLeadListSchema,
  extensionLeadsQuerySchema,
  extensionMeSchema,
} from '#shared/schemas/extension.ts';
import { PROPOSAL_LIMITS } from '#shared/schemas/proposals.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bearerToken, signedInUser } from '#server/plugins/auth.ts';
import type { ExtensionService } from './extension.service.ts';

interface Options {
  extension: ExtensionService;
  /** chrome-extension://<id> origins allowed to call these routes (ADR 032). */
  allowedOrigins: readonly string[];
  captureRatePerMinute: number;
}

export const EXTENSION_ORIGIN_REFUSED = 'Refused: only the AutoImport browser extension may call this address.';

/**
 * The browser extension's routes (ADR 032). They alone accept a personal access token
 * (`config.bearer`); CORS answers only the extension's own origin, and another browser origin is
 * refused.
 */
export const extensionRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { extension, allowedOrigins } = opts;
  const config = { access: 'user' as const, bearer: true };

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(EXTENSION_API_PREFIX)) return done();
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    if (!allowedOrigins.includes(origin)) return done(new AppError('FORBIDDEN', EXTENSION_ORIGIN_REFUSED));
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    done();
  });

  // The CORS preflight: answered for the extension's origin only (the hook above refuses others).
  app.options(
    `${EXTENSION_API_PREFIX}*`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .status(204)
        .send(),
  );

  app.get(`${EXTENSION_API_PREFIX}me`, { config, schema: { response: { 200: extensionMeSchema } } }, async (request) =>
    extension.me(signedInUser(request)),
  );

  app.get(
    `${EXTENSION_API_PREFIX}leads`,
    { config, schema: { querystring: extensionLeadsQuerySchema, response: { 200: extensionLeadListSchema } } },
    async (request) => ({ items: await extension.leads(signedInUser(request), request.query.q) }),
  );

  app.post(
    `${EXTENSION_API_PREFIX}capture`,
    {
      config: {
        ...config,
        rateLimit: {
          max: opts.captureRatePerMinute,
          timeWindow: '1 minute',
          keyGenerator: (r) => `extension-capture:${bearerToken(r) ?? r.user?.id ?? r.ip}`,
        },
      },
      bodyLimit: PROPOSAL_LIMITS.maxPageBytes * 2,
      schema: { body: extensionCaptureSchema, response: { 201: extensionCaptureResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await extension.capture(signedInUser(request), request.body)),
  );
};

/** `EXTENSION_IDS` -> the allowed origins. */
export const extensionOrigins = (ids: readonly string[]) => ids.map((id) => `chrome-extension://${id}`);
