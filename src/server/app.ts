import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db } from '#server/db/client.ts';
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
import { securityHeaders } from '#server/plugins/security-headers.ts';
import { serializerCompiler } from '#server/plugins/serializer.ts';
import { validatorCompiler } from '#server/plugins/validator.ts';
import { serveSpa } from '#server/plugins/serve-spa.ts';
import { websocketRoutes } from '#server/plugins/websocket.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { EXTENSION_ID } from '#shared/extension.ts';
import { apiTokensRoutes } from '#server/modules/api-tokens/api-tokens.routes.ts';
import { createApiTokensService, TOKEN_REFUSED } from '#server/modules/api-tokens/api-tokens.service.ts';
import { extensionDownloadRoutes } from '#server/modules/extension/extension-download.routes.ts';
import { extensionOrigins, extensionRoutes } from '#server/modules/extension/extension.routes.ts';
import { createExtensionService } from '#server/modules/extension/extension.service.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { auditRoutes } from '#server/modules/audit/audit.routes.ts';
import { backupsRoutes } from '#server/modules/backups/backups.routes.ts';
import { createBackupsService } from '#server/modules/backups/backups.service.ts';
import { maintenanceGuard } from '#server/plugins/maintenance.ts';
import { apiDocsRoutes } from '#server/modules/api-docs/api-docs.routes.ts';
import { authRoutes } from '#server/modules/auth/auth.routes.ts';
import { createAuthService } from '#server/modules/auth/auth.service.ts';
import { createSessionService } from '#server/modules/auth/session.service.ts';
import { healthRoutes } from '#server/modules/health/health.routes.ts';
import { isvRoutes } from '#server/modules/isv/isv.routes.ts';
import { contactFormRoutes } from '#server/modules/leads/lead/contact-form.routes.ts';
import { leadRoutes } from '#server/modules/leads/lead/lead.routes.ts';
import { createLeadService } from '#server/modules/leads/lead/lead.service.ts';
import { leadsListRoutes } from '#server/modules/leads/list/leads-list.routes.ts';
import { createLeadsListService } from '#server/modules/leads/list/leads-list.service.ts';
import { leadMergeRoutes } from '#server/modules/leads/merge/lead-merge.routes.ts';
import { createLeadMergeService } from '#server/modules/leads/merge/lead-merge.service.ts';
import { mediaRoutes } from '#server/modules/media/media.routes.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import { notificationsRoutes } from '#server/modules/notifications/notifications.routes.ts';
import { dashboardRoutes } from '#server/modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from '#server/modules/dashboard/dashboard.service.ts';
import { timelineRoutes } from '#server/modules/timeline/timeline.routes.ts';
import { createTimelineService } from '#server/modules/timeline/timeline.service.ts';
import { createNotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { proposalsRoutes } from '#server/modules/proposals/proposals.routes.ts';
import { createProposalsService } from '#server/modules/proposals/proposals.service.ts';
import { createListingScraper } from '#server/modules/proposals/scrape-vehicle.ts';
import { createListingPageFetcher, createPhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { createImportCostsService } from '#server/modules/imports/import-costs.service.ts';
import { importsRoutes } from '#server/modules/imports/imports.routes.ts';
import { createImportsService } from '#server/modules/imports/imports.service.ts';
import { publicSiteRoutes } from '#server/modules/public-site/public-site.routes.ts';
import { settingsRoutes } from '#server/modules/settings/settings.routes.ts';
import { suppliersRoutes } from '#server/modules/suppliers/suppliers.routes.ts';
import { createSuppliersService } from '#server/modules/suppliers/suppliers.service.ts';
import { createSettingsService } from '#server/modules/settings/settings.service.ts';
import { usersRoutes } from '#server/modules/users/users.routes.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import { createMailboxSender } from '#server/modules/email/mailbox-sender.ts';
import { createOutboxService } from '#server/modules/email/outbox.service.ts';
import { sendEmailRoutes } from '#server/modules/email/send-email.routes.ts';
import { createSendEmailService } from '#server/modules/email/send-email.service.ts';
import { signaturesRoutes } from '#server/modules/email/signatures.routes.ts';
import { createSignaturesService } from '#server/modules/email/signatures.service.ts';
import { templatesRoutes } from '#server/modules/email/templates.routes.ts';
import { createTemplatesService } from '#server/modules/email/templates.service.ts';
import { createUsersService } from '#server/modules/users/users.service.ts';
import { defaultMailSettings, type MailSettings } from '#server/integrations/mail/mail-settings.ts';
import { mailboxesRoutes } from '#server/modules/mailboxes/mailboxes.routes.ts';
import { createMailboxesService } from '#server/modules/mailboxes/mailboxes.service.ts';

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

/**
 * The dependency graph in one place: every service, built once with its dependencies given
 * explicitly. Route plugins receive services, never the database.
 */
function createServices(deps: {
  database: Database;
  hub: EventHub;
  clock: Clock;
  env: AppDeps['env'];
  log: FastifyBaseLogger;
  mail: MailSettings;
  mailSender?: MailSender;
  drainOnSend?: boolean;
}) {
  const { database, hub, clock, env, log } = deps;
  const db: Db = database.db;
  const audit = createAuditService({ db });
  const settings = createSettingsService({ db, clock, hub, audit });
  const sessions = createSessionService({
    db,
    clock,
    hub,
    ttlDays: env.SESSION_TTL_DAYS,
    idleDays: env.SESSION_IDLE_DAYS,
  });
  const auth = createAuthService({ db, clock, sessions, audit });
  const apiTokens = createApiTokensService({ db, clock, audit });
  const users = createUsersService({ db, clock, hub, audit, sessions });
  const notifications = createNotificationsService({ db, hub });
  const mailboxes = createMailboxesService({
    db,
    hub,
    clock,
    notifications,
    settings: deps.mail,
    publicUrl: publicOrigin(env),
    log,
  });
  // E-mail leaves through the connected mailboxes (tests may hand in another sender).
  const mailSender =
    deps.mailSender ??
    createMailboxSender({
      getConnection: (account) => mailboxes.getConnection(account),
      displayName: async () => (await settings.getPublic()).company.name.trim() || null,
    });
  const emailTemplates = createTemplatesService({ db, clock });
  const signatures = createSignaturesService({ db, clock });
  const outbox = createOutboxService({
    db,
    hub,
    clock,
    sender: mailSender,
    log,
    drainOnSend: deps.drainOnSend,
    companyDomain: async () => {
      const [address] = await settings.mailboxAddresses();
      return address?.split('@')[1] ?? new URL(publicOrigin(env)).hostname;
    },
  });
  const sendEmail = createSendEmailService({
    db,
    outbox,
    settings,
    publicOrigin: publicOrigin(env),
  });
  const leads = createLeadService({
    db,
    hub,
    notifications,
    clock,
    log,
    acknowledge: (lead) => sendEmail.acknowledgeQuoteRequest(lead),
  });
  const leadsList = createLeadsListService({ db, clock });
  const leadMerge = createLeadMergeService({ db, hub, clock });
  const timeline = createTimelineService({ db, hub, clock, settings });
  const dashboard = createDashboardService({ db, clock });
  const media = createMediaService({ db });
  const marketplace = { testOrigin: env.LISTING_FETCH_TEST_ORIGIN };
  const proposals = createProposalsService({
    db,
    hub,
    clock,
    notifications,
    photos: createPhotoFetcher(marketplace),
    log,
  });
  const scraper = createListingScraper({
    fetcher: createListingPageFetcher(marketplace),
    testOrigin: marketplace.testOrigin,
  });
  const imports = createImportsService({ db, hub, clock, notifications, settings, log });
  const importCosts = createImportCostsService({ db, hub, clock });
  const suppliers = createSuppliersService({ db, hub, clock });
  const backups = createBackupsService({
    database,
    hub,
    clock,
    audit,
    log,
    backupDir: env.BACKUP_DIR ?? './data/backups',
    copyDir: env.BACKUP_COPY_DIR ?? null,
  });
  const extension = createExtensionService({ scraper, proposals, leads, leadsList });
  return {
    settings,
    audit,
    backups,
    sessions,
    auth,
    apiTokens,
    extension,
    users,
    notifications,
    leads,
    leadsList,
    leadMerge,
    timeline,
    dashboard,
    media,
    proposals,
    scraper,
    imports,
    importCosts,
    suppliers,
    emailTemplates,
    signatures,
    outbox,
    sendEmail,
    mailboxes,
  };
}

/** Origin of every absolute link (sitemap, link previews, e-mails): configured, never the Host header (ADR 018). */
export const publicOrigin = (env: Partial<Pick<Env, 'PUBLIC_URL' | 'PORT'>>) =>
  env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 5000}`;

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
  const {
    settings,
    audit,
    sessions,
    auth,
    users,
    notifications,
    leads,
    leadsList,
    leadMerge,
    timeline,
    dashboard,
    media,
    proposals,
    scraper,
    imports,
    importCosts,
    suppliers,
    backups,
    apiTokens,
    extension,
    emailTemplates,
    signatures,
    outbox,
    sendEmail,
    mailboxes,
  } = services;
  const extensionAllowed = extensionOrigins(env.EXTENSION_IDS ?? [EXTENSION_ID]);

  // Cross-cutting plugins, in order: errors, the access log, request id and security headers,
  // cross-site refusal, cookies, rate limits, the OpenAPI document (it collects every route added
  // after it), the access guard.
  await app.register(errorsPlugin);
  // During a database restore every instance answers 503 'Restoring database' (ADR 030).
  await app.register(maintenanceGuard, { state: backups.maintenance });
  if (deps.logger) await app.register(requestLog, deps.requestLog ?? {});
  await app.register(securityHeaders, { testImageOrigin: env.LISTING_FETCH_TEST_ORIGIN });
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

  // Modules: each registers its own routes.
  await app.register(authRoutes, {
    auth,
    sessions,
    secureCookies,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(usersRoutes, { users });
  await app.register(auditRoutes, { audit });
  await app.register(notificationsRoutes, { notifications });
  await app.register(websocketRoutes, { hub });
  await app.register(mediaRoutes, { media });
  await app.register(isvRoutes, { clock, ratePerMinute: env.ISV_RATE_LIMIT_PER_MINUTE });
  await app.register(contactFormRoutes, { leads, clock });
  await app.register(leadsListRoutes, { list: leadsList });
  await app.register(leadRoutes, { leads, clock });
  await app.register(leadMergeRoutes, { merge: leadMerge });
  await app.register(timelineRoutes, { timeline });
  await app.register(dashboardRoutes, { dashboard });
  await app.register(proposalsRoutes, {
    proposals,
    scraper,
    sessions,
    scrapeRatePerMinute: env.SCRAPE_RATE_LIMIT_PER_MINUTE ?? 20,
  });
  await app.register(importsRoutes, { imports, costs: importCosts, clock });
  await app.register(suppliersRoutes, { suppliers });
  await app.register(settingsRoutes, { settings });
  await app.register(apiTokensRoutes, { tokens: apiTokens });
  await app.register(extensionRoutes, {
    extension,
    allowedOrigins: extensionAllowed,
    captureRatePerMinute: env.SCRAPE_RATE_LIMIT_PER_MINUTE ?? 20,
  });
  await app.register(extensionDownloadRoutes, { webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT });
  await app.register(templatesRoutes, { templates: emailTemplates });
  await app.register(signaturesRoutes, { signatures });
  await app.register(sendEmailRoutes, { sendEmail, outbox });
  await app.register(mailboxesRoutes, { mailboxes, sessions });
  await app.register(healthRoutes, { database, sessions });
  await app.register(backupsRoutes, { backups });
  await app.register(apiDocsRoutes);

  const webRoot = deps.webRoot ?? DEFAULT_WEB_ROOT;
  // Server-rendered public pages, robots.txt and sitemap.xml, ahead of the static web app.
  await app.register(publicSiteRoutes, {
    webRoot,
    settings,
    proposals,
    imports,
    clock,
    publicUrl: publicOrigin(env),
  });
  await app.register(serveSpa, { webRoot });
  return { app, services };
}
