// The dependency graph of the app: every service, built once (app.ts builds it first, then its plugins and routes).
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '#server/db/client.ts';
import type { Env } from './env.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { createApiTokensService } from '#server/modules/api-tokens/api-tokens.service.ts';
import { createExtensionService } from '#server/modules/extension/extension.service.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { createBackupsService } from '#server/modules/backups/backups.service.ts';
import { createAuthService } from '#server/modules/auth/auth.service.ts';
import { createSessionService } from '#server/modules/auth/session.service.ts';
import { createExchangeRatesService } from '#server/modules/exchange-rates/exchange-rates.service.ts';
import { createLeadService } from '#server/modules/leads/lead/lead.service.ts';
import { createLeadsListService } from '#server/modules/leads/list/leads-list.service.ts';
import { createInboxService } from '#server/modules/leads/inbox/inbox.service.ts';
import { createLeadOwnerService } from '#server/modules/leads/owner/owner.service.ts';
import { createLeadMergeService } from '#server/modules/leads/merge/lead-merge.service.ts';
import { moveProposals } from '#server/modules/proposals/proposals.api.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import { createDashboardService } from '#server/modules/dashboard/dashboard.service.ts';
import { createOverviewService } from '#server/modules/dashboard/overview.service.ts';
import { createMoneyService } from '#server/modules/money/money.service.ts';
import { createTimelineService } from '#server/modules/timeline/timeline.service.ts';
import { createNotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { createProposalsService } from '#server/modules/proposals/proposals.service.ts';
import { createListingScraper } from '#server/modules/proposals/scrape-vehicle.ts';
import { createListingPageFetcher, createPhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { createListingWatchService } from '#server/modules/proposals/listing-watch.service.ts';
import { createImportCostsService } from '#server/modules/imports/import-costs.service.ts';
import { createImportsService } from '#server/modules/imports/imports.service.ts';
import { createSuppliersService } from '#server/modules/suppliers/suppliers.service.ts';
import { createSettingsService } from '#server/modules/settings/settings.service.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import { createMailboxSender } from '#server/integrations/mail/mailbox-sender.ts';
import { createOutboxService } from '#server/modules/email/outbox.service.ts';
import { createSendEmailService } from '#server/modules/email/send-email.service.ts';
import { createSignaturesService } from '#server/modules/email/signatures.service.ts';
import { createTemplatesService } from '#server/modules/email/templates.service.ts';
import { createUsersService } from '#server/modules/users/users.service.ts';
import type { MailSettings } from '#server/integrations/mail/mail-settings.ts';
import { createMailAdapters } from '#server/integrations/mail/mail-adapters.ts';
import { createBackupDriver } from '#server/integrations/backup/driver.ts';
import { createMailboxAlerts } from '#server/modules/mailboxes/mailbox-alerts.ts';
import { createMailboxConnectionsService } from '#server/modules/mailboxes/mailbox-connections.service.ts';
import { createMailboxSyncService } from '#server/modules/mailboxes/mailbox-sync.service.ts';
import { createLeadsBoardService } from '#server/modules/leads/list/leads-board.service.ts';
import { createTasksService } from '#server/modules/tasks/tasks.service.ts';
import { createTaskRemindersService } from '#server/modules/tasks/task-reminders.service.ts';
import type { AppDeps } from './app.ts';

/**
 * The dependency graph in one place: every service, built once with its dependencies given
 * explicitly. Route plugins receive services, never the database.
 */
export function createServices(deps: {
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
  const exchangeRates = createExchangeRatesService({ db });
  const sessions = createSessionService({
    db,
    clock,
    hub,
    ttlDays: env.SESSION_TTL_DAYS,
    idleDays: env.SESSION_IDLE_DAYS,
  });
  const auth = createAuthService({ db, clock, sessions, audit });
  const apiTokens = createApiTokensService({ db, clock, audit });
  const users = createUsersService({ db, clock, hub, audit, sessions, tokens: apiTokens });
  const notifications = createNotificationsService({ db, hub });
  // The company mailboxes (ADR 070): connections and sync, the mail servers and Google as ports.
  const mailPorts = createMailAdapters(deps.mail);
  const mailAlerts = createMailboxAlerts({ db, hub, clock, notifications, pollMinutes: deps.mail.pollMinutes, log });
  const mailboxConnections = createMailboxConnectionsService({
    db,
    hub,
    clock,
    ...mailPorts,
    settings: deps.mail,
    alerts: mailAlerts,
    publicUrl: publicOrigin(env),
    log,
  });
  const mailboxes = {
    connections: mailboxConnections,
    sync: createMailboxSyncService({
      db,
      hub,
      clock,
      connections: mailboxConnections,
      alerts: mailAlerts,
      servers: mailPorts.servers,
      checkCooldownSeconds: deps.mail.checkCooldownSeconds,
      log,
    }),
  };
  // E-mail leaves through the connected mailboxes (tests may hand in another sender).
  const mailSender =
    deps.mailSender ??
    createMailboxSender({
      getConnection: (account) => mailboxConnections.getConnection(account),
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
    // A proposal e-mail accepted for sending quotes the lead (docs/rulings.md ruling 22, ADR 053).
    proposalSent: (proposalId, user) => proposals.markDelivered(proposalId, 'email', user),
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
  const leadMerge = createLeadMergeService({ db, hub, clock, moveRows: [moveProposals] });
  const inbox = createInboxService({ db, hub });
  const leadOwners = createLeadOwnerService({ db, hub, clock, audit, notifications, log });
  const timeline = createTimelineService({ db, hub, clock, settings });
  const dashboard = createDashboardService({ db, clock });
  const overview = createOverviewService({ db, clock });
  const money = createMoneyService({ db, clock });
  const media = createMediaService({ db });
  const marketplace = { testOrigin: env.LISTING_FETCH_TEST_ORIGIN };
  const proposals = createProposalsService({
    db,
    hub,
    clock,
    notifications,
    photos: createPhotoFetcher(marketplace),
    log,
    audit,
  });
  const pageFetcher = createListingPageFetcher(marketplace);
  const scraper = createListingScraper({ fetcher: pageFetcher, testOrigin: marketplace.testOrigin });
  const listingWatch = createListingWatchService({
    db,
    hub,
    clock,
    fetcher: pageFetcher,
    notifications,
    enabled: () => settings.listingWatchEnabled(),
    testOrigin: marketplace.testOrigin,
    log,
  });
  const imports = createImportsService({
    db,
    hub,
    clock,
    notifications,
    settings,
    log,
    stageChanged: (imp) => sendEmail.importStageUpdate(imp),
  });
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
    driver: () => createBackupDriver(database),
  });
  const extension = createExtensionService({ scraper, proposals, leads, leadsList, rates: exchangeRates, clock });
  const tasks = createTasksService({ db, hub, clock });
  const leadsBoard = createLeadsBoardService({ db, clock });
  const taskReminders = createTaskRemindersService({
    db,
    hub,
    clock,
    notifications,
    outbox,
    publicUrl: publicOrigin(env),
  });
  return {
    settings,
    exchangeRates,
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
    inbox,
    leadOwners,
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
    emailTemplates,
    signatures,
    outbox,
    sendEmail,
    mailboxes,
    tasks,
    taskReminders,
    leadsBoard,
  };
}

/** Origin of every absolute link (sitemap, link previews, e-mails): configured, never the Host header (ADR 018). */
export const publicOrigin = (env: Partial<Pick<Env, 'PUBLIC_URL' | 'PORT'>>) =>
  env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 5000}`;
