// The routes of every module, registered in one place (app.ts calls this after its plugins).
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { websocketRoutes } from '#server/plugins/websocket.ts';
import { apiTokensRoutes } from '#server/modules/api-tokens/api-tokens.routes.ts';
import { extensionDownloadRoutes } from '#server/modules/extension/extension-download.routes.ts';
import { extensionRoutes, type extensionOrigins } from '#server/modules/extension/extension.routes.ts';
import { auditRoutes } from '#server/modules/audit/audit.routes.ts';
import { backupsRoutes } from '#server/modules/backups/backups.routes.ts';
import { apiDocsRoutes } from '#server/modules/api-docs/api-docs.routes.ts';
import { authRoutes } from '#server/modules/auth/auth.routes.ts';
import { healthRoutes } from '#server/modules/health/health.routes.ts';
import { isvRoutes } from '#server/modules/isv/isv.routes.ts';
import { exchangeRatesRoutes } from '#server/modules/exchange-rates/exchange-rates.routes.ts';
import { contactFormRoutes } from '#server/modules/leads/lead/contact-form.routes.ts';
import { leadRoutes } from '#server/modules/leads/lead/lead.routes.ts';
import { leadsListRoutes } from '#server/modules/leads/list/leads-list.routes.ts';
import { leadMergeRoutes } from '#server/modules/leads/merge/lead-merge.routes.ts';
import { inboxRoutes } from '#server/modules/leads/inbox/inbox.routes.ts';
import { leadOwnerRoutes } from '#server/modules/leads/owner/owner.routes.ts';
import { mediaRoutes } from '#server/modules/media/media.routes.ts';
import { notificationsRoutes } from '#server/modules/notifications/notifications.routes.ts';
import { dashboardRoutes } from '#server/modules/dashboard/dashboard.routes.ts';
import { moneyRoutes } from '#server/modules/money/money.routes.ts';
import { timelineRoutes } from '#server/modules/timeline/timeline.routes.ts';
import { proposalsRoutes } from '#server/modules/proposals/proposals.routes.ts';
import { listingWatchRoutes } from '#server/modules/proposals/listing-watch.routes.ts';
import { importsRoutes } from '#server/modules/imports/imports.routes.ts';
import { publicSiteRoutes } from '#server/modules/public-site/public-site.routes.ts';
import { settingsRoutes } from '#server/modules/settings/settings.routes.ts';
import { suppliersRoutes } from '#server/modules/suppliers/suppliers.routes.ts';
import { usersRoutes } from '#server/modules/users/users.routes.ts';
import { sendEmailRoutes } from '#server/modules/email/send-email.routes.ts';
import { signaturesRoutes } from '#server/modules/email/signatures.routes.ts';
import { templatesRoutes } from '#server/modules/email/templates.routes.ts';
import { mailboxesRoutes } from '#server/modules/mailboxes/mailboxes.routes.ts';
import { tasksRoutes } from '#server/modules/tasks/tasks.routes.ts';
import { leadsBoardRoutes } from '#server/modules/leads/list/leads-board.routes.ts';
import { linksRoutes } from '#server/modules/links/links.routes.ts';
import type { AppDeps, AppServices } from './app.ts';
import { publicOrigin } from './app-services.ts';

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Every module's routes, registered on the app after the cross-cutting plugins (app.ts). */
export async function registerModuleRoutes(
  app: App,
  {
    services,
    database,
    hub,
    env,
    clock,
    webRoot,
    secureCookies,
    extensionAllowed,
  }: {
    services: AppServices;
    database: Database;
    hub: EventHub;
    env: AppDeps['env'];
    clock: Clock;
    webRoot: string;
    secureCookies: 'auto';
    extensionAllowed: ReturnType<typeof extensionOrigins>;
  },
) {
  const {
    settings,
    exchangeRates,
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
    overview,
    money,
    media,
    proposals,
    scraper,
    listingWatch,
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
    tasks,
    leadsBoard,
  } = services;
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
  await app.register(exchangeRatesRoutes, { rates: exchangeRates });
  await app.register(contactFormRoutes, { leads, clock });
  await app.register(leadsListRoutes, { list: leadsList });
  await app.register(leadsBoardRoutes, { board: leadsBoard });
  await app.register(leadRoutes, { leads, clock });
  await app.register(leadMergeRoutes, { merge: leadMerge });
  await app.register(inboxRoutes, { inbox: services.inbox });
  await app.register(leadOwnerRoutes, { owners: services.leadOwners });
  await app.register(timelineRoutes, { timeline });
  await app.register(tasksRoutes, { tasks });
  await app.register(dashboardRoutes, { dashboard, overview });
  await app.register(moneyRoutes, { money });
  await app.register(proposalsRoutes, {
    proposals,
    scraper,
    sessions,
    scrapeRatePerMinute: env.SCRAPE_RATE_LIMIT_PER_MINUTE ?? 20,
  });
  await app.register(listingWatchRoutes, { watch: listingWatch, proposals });
  await app.register(importsRoutes, { imports, costs: importCosts, clock });
  await app.register(suppliersRoutes, { suppliers });
  await app.register(settingsRoutes, { settings });
  await app.register(apiTokensRoutes, { tokens: apiTokens });
  await app.register(extensionRoutes, {
    extension,
    allowedOrigins: extensionAllowed,
    captureRatePerMinute: env.SCRAPE_RATE_LIMIT_PER_MINUTE ?? 20,
  });
  await app.register(extensionDownloadRoutes, { webRoot });
  await app.register(templatesRoutes, { templates: emailTemplates });
  await app.register(signaturesRoutes, { signatures });
  await app.register(sendEmailRoutes, { sendEmail, outbox });
  await app.register(mailboxesRoutes, { ...mailboxes, sessions, audit });
  await app.register(healthRoutes, { database, sessions });
  await app.register(backupsRoutes, { backups });
  await app.register(apiDocsRoutes);

  // Server-rendered public pages, robots.txt and sitemap.xml, ahead of the static web app.
  await app.register(publicSiteRoutes, {
    webRoot,
    settings,
    proposals,
    imports,
    clock,
    publicUrl: publicOrigin(env),
  });
  // The customer-facing origin for links staff copy: PUBLIC_URL, never the staff browser's (ADR 053).
  await app.register(linksRoutes, { publicUrl: publicOrigin(env) });
}
