import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { fastifyTrustProxy, type Env } from './env.ts';
import { AppError } from '#server/lib/app-error.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import { lazyChildLoggerFactory } from '#server/lib/logger.ts';
import { REPO_ROOT } from '#server/lib/paths.ts';
import { createRequestIdGenerator } from '#server/lib/request-id.ts';
import { authPlugin } from '#server/plugins/auth.ts';
import { errorsPlugin } from '#server/plugins/errors.ts';
import { openapiPlugin } from '#server/plugins/openapi.ts';
import { requestLog, type RequestLogOptions } from '#server/plugins/request-log.ts';
import { sameOrigin } from '#server/plugins/same-origin.ts';
import { requestEncoding } from '#server/plugins/request-encoding.ts';
import { securityHeaders } from '#server/plugins/security-headers.ts';
import { serializerCompiler } from '#server/plugins/serializer.ts';
import { validatorCompiler } from '#server/plugins/validator.ts';
import { serveSpa } from '#server/plugins/serve-spa.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { EXTENSION_ID } from '#shared/extension.ts';
import { TOKEN_REFUSED } from '#server/modules/api-tokens/api-tokens.service.ts';
import { extensionOrigins } from '#server/modules/extension/extension.routes.ts';
import { maintenanceGuard } from '#server/plugins/maintenance.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import { defaultMailSettings, type MailSettings } from '#server/integrations/mail/mail-settings.ts';
import { createServices } from './app-services.ts';
import { registerModuleRoutes } from './app-routes.ts';

export const DEFAULT_WEB_ROOT = path.join(REPO_ROOT, 'dist', 'web');
const APP_VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

export interface AppDeps {
  database: Database;
  hub: EventHub;
  env: Pick<
    Env,
    | 'TRUST_PROXY'
    | 'SESSION_TTL_DAYS'
    | 'SESSION_IDLE_DAYS'
    | 'LOGIN_RATE_LIMIT_PER_MINUTE'
    | 'ISV_RATE_LIMIT_PER_MINUTE'
  > &
    Partial<Pick<Env, 'SCRAPE_RATE_LIMIT_PER_MINUTE' | 'LISTING_FETCH_TEST_ORIGIN'>> &
    Partial<Pick<Env, 'PUBLIC_URL' | 'PORT' | 'EXTENSION_IDS'>> &
    Partial<Pick<Env, 'BACKUP_DIR' | 'BACKUP_COPY_DIR'>>;
  clock?: Clock;
  webRoot?: string;
  /** A pino logger (main.ts); none in tests unless a test reads the log. */
  logger?: FastifyBaseLogger;
  /** The access log's periodic count (tests inject the timer). */
  requestLog?: RequestLogOptions;
  /** How e-mail leaves; the connected mailboxes when not given. */
  mailSender?: MailSender;
  /** Send each e-mail as soon as it is queued (default); false leaves it to the sender job. */
  drainOnSend?: boolean;
  /** Mail servers, Google sign-in and the key sealing mailbox secrets (main.ts reads them from the environment). */
  mail?: MailSettings;
}

export type AppServices = ReturnType<typeof createServices>;

/** Builds the whole app from its modules; main.ts listens, tests call inject() and may reach the services. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { database, hub, env } = deps;
  const clock = deps.clock ?? systemClock;

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger, childLoggerFactory: lazyChildLoggerFactory } : { logger: false }),
    // One line per completed request from the requestLog plugin instead of Fastify's two (ADR 019).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    // UUID-shaped, a counter after a random part drawn once: cheaper than randomUUID() per request.
    genReqId: createRequestIdGenerator(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices({
    database,
    hub,
    clock,
    env,
    log: app.log,
    mail: deps.mail ?? defaultMailSettings(),
    mailSender: deps.mailSender,
    drainOnSend: deps.drainOnSend,
  });
  const { backups, sessions, apiTokens } = services;
  const extensionAllowed = extensionOrigins(env.EXTENSION_IDS ?? [EXTENSION_ID]);

  // Cross-cutting plugins, in order: errors, the access log, request id and security headers,
  // cross-site refusal, cookies, rate limits, the OpenAPI document (it collects every route added
  // after it), the access guard.
  await app.register(errorsPlugin);
  // During a database restore every instance answers 503 'Restoring database' (ADR 030).
  await app.register(maintenanceGuard, { state: backups.maintenance });
  if (deps.logger) await app.register(requestLog, deps.requestLog ?? {});
  await app.register(securityHeaders, { testImageOrigin: env.LISTING_FETCH_TEST_ORIGIN });
  await app.register(requestEncoding);
  await app.register(sameOrigin, { publicUrl: env.PUBLIC_URL, extensionOrigins: extensionAllowed });
  // Cookies are written by the plugin; the session cookie is read on demand (sessionToken, ADR 037).
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please wait ${context.after} and try again.`),
  });
  await app.register(openapiPlugin, { version: APP_VERSION });
  const secureCookies = 'auto' as const;
  await app.register(authPlugin, { sessions, secureCookies, tokens: apiTokens, tokenRefused: TOKEN_REFUSED });

  // Modules: each registers its own routes (app-routes.ts); the static web app comes last.
  const webRoot = deps.webRoot ?? DEFAULT_WEB_ROOT;
  await registerModuleRoutes(app, { services, database, hub, env, clock, webRoot, secureCookies, extensionAllowed });
  await app.register(serveSpa, { webRoot });
  return { app, services };
}
