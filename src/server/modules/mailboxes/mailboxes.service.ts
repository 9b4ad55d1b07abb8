/**
 * The company mailboxes (DECISIONS 17, ADR 025): connect with Google sign-in or IMAP/SMTP, status
 * and sync health, disconnect, test, the poll every few minutes, Check e-mails and Import lead by
 * reference. Secrets are sealed with a key outside the database; they never leave this module
 * except as a live connection (mailboxes.api.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  exchangeGoogleCode,
  googleAuthUrl,
  googleConfigured,
  refreshGoogleToken,
  revokeGoogleToken,
  GoogleOAuthError,
} from '#server/integrations/mail/google-oauth.ts';
import { isLoopbackHost, type MailSettings } from '#server/integrations/mail/mail-settings.ts';
import {
  describeMailFailure,
  MailConnectionError,
  openImap,
  testMailConnection,
  type MailConnection,
  type MailFailure,
} from '#server/integrations/mail/mail-transport.ts';
import { createSecretBox } from '#server/integrations/mail/secret-box.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { listAdminIds } from '#server/modules/users/users.api.ts';
import {
  MAIL_ACCOUNT_LABELS,
  MAIL_ACCOUNTS,
  type CheckResult,
  type ConnectImapInput,
  type GmailStatus,
  type ImportLeadResult,
  type MailAccount,
  type MailboxStatus,
  type SyncResult,
  type TestResult,
} from '#shared/schemas/mailboxes.ts';
import { importMessage } from './mail-import.ts';
import { parseMessage } from './mail-message.ts';
import { emptyCounts, LEASE_MS, syncInbox, tally, type SyncCounts } from './mail-sync.ts';
import * as repo from './mailboxes.repository.ts';

export const GMAIL_NOT_CONNECTED = 'Gmail not connected: connect the Geral or Comercial mailbox in Settings first.';
const STATE_TTL_MS = 15 * 60_000;
const IMPORT_SEARCH_DAYS = 90;

export interface MailboxesDeps {
  db: Db;
  hub: EventHub;
  clock: Clock;
  notifications: NotificationsService;
  settings: MailSettings;
  /** The app's public origin: Google redirects back to {publicUrl}/api/gmail/callback. */
  publicUrl: string;
  log?: FastifyBaseLogger;
  /** Names this app instance in lease rows. */
  instanceId?: string;
}

export function createMailboxesService(deps: MailboxesDeps) {
  const { db, hub, clock, notifications, settings, log } = deps;
  const box = createSecretBox(settings.secretKey);
  const owner = deps.instanceId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  const stateKey = createHmac('sha256', settings.secretKey).update('google-oauth-state').digest();
  const redirectUri = `${deps.publicUrl}/api/gmail/callback`;
  /** Access tokens in memory only, refreshed 60 s before they expire. */
  const accessTokens = new Map<MailAccount, { token: string; expiresAt: number; refresh: string }>();
  let pollerRunning = false;

  function googleAvailability(): { available: boolean; reason: string | null } {
    if (!googleConfigured(settings.google)) {
      return {
        available: false,
        reason: 'Google sign-in is not set up: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (docs/mail.md).',
      };
    }
    const url = new URL(deps.publicUrl);
    if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
      return {
        available: false,
        reason: `Google only redirects to https addresses or localhost: set PUBLIC_URL to this site's https address (now ${deps.publicUrl}).`,
      };
    }
    return { available: true, reason: null };
  }

  async function accessTokenFor(account: MailAccount, refreshToken: string): Promise<string> {
    const cached = accessTokens.get(account);
    if (cached && cached.refresh === refreshToken && cached.expiresAt - 60_000 > Date.now()) return cached.token;
    const tokens = await refreshGoogleToken(settings.google, refreshToken, settings.timeoutMs);
    accessTokens.set(account, { token: tokens.accessToken, expiresAt: tokens.expiresAt, refresh: refreshToken });
    return tokens.accessToken;
  }

  /** The row's connection with its secret opened; null when not connected or the key cannot open it. */
  function toConnection(row: repo.MailboxRow): MailConnection | null {
    const account = row.account as MailAccount;
    const secret = row.secretEncrypted ? box.open(row.secretEncrypted, account) : null;
    if (!secret || !row.address) return null;
    const config = row.config as repo.MailboxConfig;
    if (row.provider === 'gmail') {
      return {
        account,
        provider: 'gmail',
        address: row.address,
        username: row.address,
        imap: settings.gmailImap,
        smtp: settings.gmailSmtp,
        auth: { type: 'xoauth2', accessToken: () => accessTokenFor(account, secret) },
        appendToSent: false,
      };
    }
    if (!config.imap || !config.smtp) return null;
    return {
      account,
      provider: 'imap',
      address: row.address,
      username: config.username ?? row.address,
      imap: config.imap,
      smtp: config.smtp,
      auth: { type: 'password', password: secret },
      appendToSent: true,
    };
  }

  async function getConnection(account: MailAccount): Promise<MailConnection | null> {
    const row = await repo.findMailbox(db, account);
    if (!row || row.status !== 'connected') return null;
    return toConnection(row);
  }

  /**
   * Opens IMAP; with Google, a refused cached access token (revoked or expired early) is dropped
   * and a fresh one tried once, so only a dead refresh token reports 'Reconnect'.
   */
  async function open(conn: MailConnection) {
    try {
      return await openImap(conn, settings.timeoutMs);
    } catch (err) {
      if (conn.auth.type !== 'xoauth2' || !(err as { authenticationFailed?: boolean }).authenticationFailed) throw err;
      accessTokens.delete(conn.account);
      return openImap(conn, settings.timeoutMs);
    }
  }

  const pollEveryMs = settings.pollMinutes * 60_000;

  function statusOf(account: MailAccount, row: repo.MailboxRow | undefined): MailboxStatus {
    if (!row) {
      return {
        account,
        isAuthenticated: false,
        provider: null,
        address: null,
        imap: null,
        smtp: null,
        username: null,
        state: 'not_connected',
        lastSyncAt: null,
        lastSuccessAt: null,
        lastError: null,
        messagesImported: 0,
        messagesIgnored: 0,
        stale: false,
      };
    }
    const config = row.config as repo.MailboxConfig;
    const keyLost = !!row.secretEncrypted && box.open(row.secretEncrypted, account) === null;
    const state = row.status === 'connected' && !keyLost ? 'connected' : 'needs_reconnect';
    const since = row.lastSuccessAt ?? row.createdAt;
    return {
      account,
      isAuthenticated: state === 'connected',
      provider: row.provider as 'gmail' | 'imap',
      address: row.address,
      imap: row.provider === 'imap' ? (config.imap ?? null) : null,
      smtp: row.provider === 'imap' ? (config.smtp ?? null) : null,
      username: row.provider === 'imap' ? (config.username ?? null) : null,
      state,
      lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      lastError: keyLost
        ? 'The stored password or token cannot be read with this server’s key (restored elsewhere?). Reconnect the mailbox.'
        : row.lastError,
      messagesImported: row.messagesImported,
      messagesIgnored: row.messagesIgnored,
      stale: state === 'connected' && clock.now().getTime() - since.getTime() > 3 * pollEveryMs + 60_000,
    };
  }

  async function companyAddresses(): Promise<string[]> {
    const rows = await repo.listMailboxes(db);
    return rows.flatMap((r) => (r.address ? [r.address.toLowerCase()] : []));
  }

  function signState(sid: string, account: MailAccount, expires: number, nonce: string): string {
    return createHmac('sha256', stateKey).update(`${sid}|${account}|${expires}|${nonce}`).digest('base64url');
  }

  /** Tells admins once that a mailbox stopped syncing (or needs to be reconnected). */
  async function alertAdmins(account: MailAccount, message: string): Promise<void> {
    try {
      const admins = await listAdminIds(db);
      await notifications.notify(
        {
          type: 'other',
          title: `${MAIL_ACCOUNT_LABELS[account]} mailbox stopped syncing`,
          message,
          relatedType: 'mailbox',
          relatedId: null,
        },
        { userIds: admins },
      );
    } catch (err) {
      log?.error({ err, account }, 'could not notify admins about a mailbox');
    }
  }

  async function recordFailure(account: MailAccount, failure: MailFailure): Promise<void> {
    const now = clock.now();
    const row = await repo.findMailbox(db, account);
    if (!row) return;
    const failingSince = row.failingSince ?? now;
    const stoppedLongEnough = now.getTime() - failingSince.getTime() >= 2 * pollEveryMs;
    const notify = !row.failureNotifiedAt && (failure.needsReconnect || stoppedLongEnough);
    await repo.updateMailbox(db, account, {
      lastSyncAt: now,
      lastError: failure.message,
      failingSince,
      ...(failure.needsReconnect ? { status: 'needs_reconnect' } : {}),
      ...(notify ? { failureNotifiedAt: now } : {}),
    });
    if (failure.needsReconnect) accessTokens.delete(account);
    if (notify) await alertAdmins(account, failure.message);
    hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });
  }

  async function announce(counts: SyncCounts, account: MailAccount): Promise<void> {
    for (const lead of counts.newLeads) {
      try {
        await notifications.notify({
          type: 'new_lead',
          title: `New lead ${lead.reference}`,
          message: `A new lead arrived by e-mail in the ${MAIL_ACCOUNT_LABELS[account]} mailbox.`,
          relatedType: 'lead',
          relatedId: lead.leadId,
        });
      } catch (err) {
        log?.error({ err, leadId: lead.leadId }, 'could not notify staff of a new lead from e-mail');
      }
      hub.publish({ type: 'lead_created', data: { leadId: lead.leadId }, audience: { kind: 'staff' } });
    }
    // A sent e-mail came back: its sender is told (everyone on staff when the product sent it).
    for (const b of counts.bounces) {
      try {
        await notifications.notify(
          {
            type: 'other',
            title: `Email to ${b.to} bounced`.slice(0, 255),
            message: `“${b.subject || '(no subject)'}” was not delivered. ${b.reason}`.slice(0, 2000),
            relatedType: b.leadId !== null ? 'lead' : null,
            relatedId: b.leadId,
          },
          b.sentBy !== null ? { userIds: [b.sentBy] } : {},
        );
      } catch (err) {
        log?.error({ err, outboxId: b.outboxId }, 'could not notify the sender of a bounced e-mail');
      }
    }
    for (const leadId of new Set(counts.touchedLeads)) {
      hub.publish({ type: 'lead_updated', data: { leadId }, audience: { kind: 'staff' } });
    }
  }

  const result = (account: MailAccount, counts: SyncCounts, error: string | null = null): SyncResult => ({
    account,
    fetched: counts.fetched,
    leadsCreated: counts.leadsCreated,
    addedToTimeline: counts.addedToTimeline,
    ignored: counts.ignored,
    failed: counts.failed,
    error,
  });

  /**
   * One sync of one mailbox. 'busy' when another run (any instance) holds its lease; the error in
   * plain words when the server or Google refused.
   */
  async function syncMailbox(
    account: MailAccount,
    opts: { sweepSince?: Date } = {},
  ): Promise<SyncResult | 'busy' | null> {
    const row = await repo.findMailbox(db, account);
    if (!row || row.status !== 'connected') return null;
    const conn = toConnection(row);
    if (!conn) {
      await recordFailure(account, {
        kind: 'auth',
        message: 'The stored password or token cannot be read with this server’s key. Reconnect the mailbox.',
        needsReconnect: true,
      });
      return result(account, emptyCounts(), 'Reconnect the mailbox.');
    }
    if (!(await repo.claimLease(db, account, owner, clock.now(), LEASE_MS))) return 'busy';
    let counts = emptyCounts();
    try {
      const client = await open(conn);
      try {
        counts = await syncInbox({
          db,
          client,
          account,
          owner,
          now: () => clock.now(),
          state: row.syncState as repo.SyncState,
          lastSuccessAt: row.lastSuccessAt,
          companyAddresses: await companyAddresses(),
          sweepSince: opts.sweepSince,
          isGmail: conn.provider === 'gmail',
          log,
        });
      } finally {
        await client.logout().catch(() => client.close());
      }
      const now = clock.now();
      await repo.updateMailbox(db, account, {
        lastSyncAt: now,
        lastSuccessAt: now,
        lastError: null,
        failingSince: null,
        failureNotifiedAt: null,
      });
      await repo.addCounts(
        db,
        account,
        counts.leadsCreated + counts.addedToTimeline + counts.bounces.length,
        counts.ignored,
      );
      await announce(counts, account);
      hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });
      return result(account, counts);
    } catch (err) {
      const failure = describeMailFailure(err, { protocol: 'IMAP', host: conn.imap.host, port: conn.imap.port });
      log?.warn({ err, account }, `mailbox sync failed: ${failure.message}`);
      await recordFailure(account, failure);
      await announce(counts, account);
      return result(account, counts, failure.message);
    } finally {
      await repo.releaseLease(db, account, owner);
    }
  }

  function assertSecurityAllowed(input: ConnectImapInput): void {
    const fields: Record<string, string> = {};
    for (const side of ['imap', 'smtp'] as const) {
      const ep = input[side];
      if (ep.security === 'none' && !settings.allowInsecure && !isLoopbackHost(ep.host)) {
        fields[`${side}.security`] =
          'Security none sends the password unencrypted: choose TLS or STARTTLS (allowed only for this machine, or with MAIL_ALLOW_INSECURE=true).';
      }
    }
    if (Object.keys(fields).length) throw new AppError('VALIDATION', Object.values(fields)[0]!, fields);
  }

  return {
    getConnection,
    googleAvailability,

    /** An imported e-mail's attachment, for download by staff. */
    async attachment(id: number) {
      const file = await repo.findAttachment(db, id);
      if (!file) throw new AppError('NOT_FOUND', 'Attachment not found');
      return file;
    },

    async status(): Promise<GmailStatus> {
      const rows = await repo.listMailboxes(db);
      const geral = statusOf(
        'geral',
        rows.find((r) => r.account === 'geral'),
      );
      const comercial = statusOf(
        'comercial',
        rows.find((r) => r.account === 'comercial'),
      );
      return {
        geral,
        comercial,
        monitoring: {
          active: pollerRunning && (geral.isAuthenticated || comercial.isAuthenticated),
          everyMinutes: settings.pollMinutes,
        },
        google: googleAvailability(),
      };
    },

    /** The poll job tells the service it runs (monitoring Active). */
    setPollerRunning(running: boolean) {
      pollerRunning = running;
    },

    /** Connect with IMAP/SMTP: refused unless both logins work; the password is sealed. */
    async connectImap(account: MailAccount, input: ConnectImapInput): Promise<MailboxStatus> {
      assertSecurityAllowed(input);
      const conn: MailConnection = {
        account,
        provider: 'imap',
        address: input.address.toLowerCase(),
        username: input.username,
        imap: input.imap,
        smtp: input.smtp,
        auth: { type: 'password', password: input.password },
        appendToSent: true,
      };
      try {
        await testMailConnection(conn, settings.timeoutMs);
      } catch (err) {
        const message = err instanceof MailConnectionError ? err.failure.message : (err as Error).message;
        throw new AppError('UNPROCESSABLE', `Connection test failed: ${message}`);
      }
      const now = clock.now();
      await repo.upsertMailbox(db, {
        account,
        provider: 'imap',
        address: conn.address,
        config: { username: input.username, imap: input.imap, smtp: input.smtp } satisfies repo.MailboxConfig,
        secretEncrypted: box.seal(input.password, account),
        createdAt: now,
        updatedAt: now,
      });
      accessTokens.delete(account);
      hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });
      return statusOf(account, await repo.findMailbox(db, account));
    },

    /** The Google consent URL; its state is bound to this admin session and the account. */
    googleAuthUrl(account: MailAccount, sid: string, loginHint?: string | null): string {
      const availability = googleAvailability();
      if (!availability.available) throw new AppError('VALIDATION', availability.reason!);
      const expires = clock.now().getTime() + STATE_TTL_MS;
      const nonce = randomBytes(12).toString('base64url');
      const state = `${account}.${expires}.${nonce}.${signState(sid, account, expires, nonce)}`;
      return googleAuthUrl(settings.google, { redirectUri, state, loginHint });
    },

    /**
     * Google's redirect back: the state must have been issued to this same session, for this
     * account, less than 15 minutes ago. Stores the refresh token sealed; answers the account.
     */
    async googleCallback(
      query: { state?: string; code?: string; error?: string },
      sid: string | null,
    ): Promise<MailAccount> {
      const [account, expiresRaw, nonce, mac] = (query.state ?? '').split('.');
      const valid =
        !!sid &&
        MAIL_ACCOUNTS.includes(account as MailAccount) &&
        !!expiresRaw &&
        !!nonce &&
        !!mac &&
        Number(expiresRaw) > clock.now().getTime() &&
        (() => {
          const expected = Buffer.from(signState(sid, account as MailAccount, Number(expiresRaw), nonce));
          const given = Buffer.from(mac);
          return expected.length === given.length && timingSafeEqual(expected, given);
        })();
      if (!valid) {
        throw new AppError(
          'FORBIDDEN',
          'This sign-in link is not valid for your session (expired, or started by someone else). Start again from Settings.',
        );
      }
      const acct = account as MailAccount;
      if (query.error)
        throw new AppError(
          'VALIDATION',
          `Google sign-in was cancelled (${query.error}). The mailbox is not connected.`,
        );
      if (!query.code)
        throw new AppError('VALIDATION', 'Google sent no authorisation code. Start again from Settings.');
      let tokens;
      try {
        tokens = await exchangeGoogleCode(settings.google, query.code, redirectUri, settings.timeoutMs);
      } catch (err) {
        throw new AppError('BAD_GATEWAY', `Google refused the sign-in: ${(err as Error).message}`);
      }
      if (!tokens.refreshToken) {
        throw new AppError(
          'BAD_GATEWAY',
          'Google sent no refresh token. Remove the app’s access in your Google account, then connect again.',
        );
      }
      if (!tokens.email)
        throw new AppError('BAD_GATEWAY', 'Google did not say which address signed in. Connect again.');
      const other = (await repo.listMailboxes(db)).find(
        (r) => r.account !== acct && r.address?.toLowerCase() === tokens.email,
      );
      if (other) {
        await revokeGoogleToken(settings.google, tokens.refreshToken).catch(() => undefined);
        throw new AppError(
          'CONFLICT',
          `${tokens.email} is already connected as the ${MAIL_ACCOUNT_LABELS[other.account as MailAccount]} mailbox.`,
        );
      }
      const now = clock.now();
      await repo.upsertMailbox(db, {
        account: acct,
        provider: 'gmail',
        address: tokens.email,
        config: { username: tokens.email } satisfies repo.MailboxConfig,
        secretEncrypted: box.seal(tokens.refreshToken, acct),
        createdAt: now,
        updatedAt: now,
      });
      accessTokens.set(acct, { token: tokens.accessToken, expiresAt: tokens.expiresAt, refresh: tokens.refreshToken });
      hub.publish({ type: 'mailbox_status', data: { account: acct }, audience: { kind: 'staff' } });
      return acct;
    },

    /** Forgets the mailbox (a Google token is revoked at Google first, as far as Google answers). */
    async disconnect(account: MailAccount): Promise<{ revoked: boolean }> {
      const row = await repo.findMailbox(db, account);
      if (!row) throw new AppError('NOT_FOUND', `The ${MAIL_ACCOUNT_LABELS[account]} mailbox is not connected.`);
      let revoked = false;
      if (row.provider === 'gmail' && row.secretEncrypted) {
        const token = box.open(row.secretEncrypted, account);
        if (token) {
          try {
            await revokeGoogleToken(settings.google, token, settings.timeoutMs);
            revoked = true;
          } catch (err) {
            log?.warn({ err, account }, 'Google did not confirm the token revocation');
          }
        }
      }
      await repo.deleteMailbox(db, account);
      accessTokens.delete(account);
      hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });
      return { revoked };
    },

    /** Logs in to IMAP and SMTP of every connected mailbox; results per mailbox. */
    async test(): Promise<TestResult> {
      const rows = (await repo.listMailboxes(db)).filter((r) => r.status === 'connected');
      if (!rows.length) throw new AppError('VALIDATION', GMAIL_NOT_CONNECTED);
      const results: TestResult['results'] = [];
      for (const row of rows) {
        const account = row.account as MailAccount;
        const conn = toConnection(row);
        accessTokens.delete(account);
        try {
          if (!conn)
            throw new MailConnectionError(
              {
                kind: 'auth',
                message: 'The stored secret cannot be read: reconnect the mailbox.',
                needsReconnect: true,
              },
              null,
            );
          await testMailConnection(conn, settings.timeoutMs);
          await repo.updateMailbox(db, account, { lastError: null });
          results.push({ account, ok: true, message: 'Connection works' });
        } catch (err) {
          const failure =
            err instanceof MailConnectionError
              ? err.failure
              : err instanceof GoogleOAuthError
                ? describeMailFailure(err, { protocol: 'IMAP', ...(conn?.imap ?? { host: '', port: 0 }) })
                : describeMailFailure(err, { protocol: 'IMAP', ...(conn?.imap ?? { host: '', port: 0 }) });
          await recordFailure(account, failure);
          results.push({ account, ok: false, message: failure.message });
        }
      }
      const failed = results.filter((r) => !r.ok);
      if (failed.length) {
        throw new AppError(
          'BAD_GATEWAY',
          failed.map((r) => `${MAIL_ACCOUNT_LABELS[r.account]}: ${r.message}`).join(' '),
        );
      }
      return { message: 'Gmail connection test completed successfully. Check for new leads.', results };
    },

    /** The poll: every connected mailbox, each on its own (one failing never stops the other). */
    async pollAll(): Promise<SyncResult[]> {
      const out: SyncResult[] = [];
      for (const account of MAIL_ACCOUNTS) {
        const r = await syncMailbox(account);
        if (r && r !== 'busy') out.push(r);
      }
      return out;
    },

    syncMailbox,

    /** Check e-mails now: the last 24 hours of each connected mailbox, with a cool-down per mailbox. */
    async check(): Promise<CheckResult> {
      const rows = (await repo.listMailboxes(db)).filter((r) => r.status === 'connected');
      if (!rows.length) throw new AppError('VALIDATION', GMAIL_NOT_CONNECTED);
      const now = clock.now();
      const waits: number[] = [];
      const results: SyncResult[] = [];
      for (const row of rows) {
        const account = row.account as MailAccount;
        const wait = await repo.claimCheck(db, account, now, settings.checkCooldownSeconds);
        if (wait > 0) {
          waits.push(wait);
          continue;
        }
        const r = await syncMailbox(account, { sweepSince: new Date(now.getTime() - 24 * 3600_000) });
        if (r === 'busy') waits.push(Math.ceil(LEASE_MS / 4000));
        else if (r) results.push(r);
      }
      if (!results.length && waits.length) {
        throw new AppError('RATE_LIMITED', `Please wait ${Math.max(...waits)} seconds before checking again.`);
      }
      const errors = results.filter((r) => r.error);
      if (errors.length === results.length && errors.length) {
        throw new AppError('BAD_GATEWAY', errors.map((r) => `${MAIL_ACCOUNT_LABELS[r.account]}: ${r.error}`).join(' '));
      }
      const leads = results.reduce((n, r) => n + r.leadsCreated, 0);
      const replies = results.reduce((n, r) => n + r.addedToTimeline, 0);
      const parts = [
        `${leads} new lead${leads === 1 ? '' : 's'}`,
        `${replies} message${replies === 1 ? '' : 's'} added to existing leads`,
      ];
      return { message: `Found ${parts.join(' and ')}.`, results };
    },

    /**
     * Import lead by reference (DECISIONS 6): searches both mailboxes (last 90 days) for a message
     * carrying the reference and makes the lead from it, keeping that reference.
     */
    async importByReference(reference: string): Promise<ImportLeadResult> {
      const ref = reference.trim().toUpperCase();
      if (await repo.leadByReference(db, ref))
        throw new AppError('CONFLICT', `A lead with reference ${ref} already exists.`);
      const rows = (await repo.listMailboxes(db)).filter((r) => r.status === 'connected');
      if (!rows.length) throw new AppError('VALIDATION', GMAIL_NOT_CONNECTED);
      const since = new Date(clock.now().getTime() - IMPORT_SEARCH_DAYS * 24 * 3600_000);
      const addresses = await companyAddresses();
      for (const row of rows) {
        const account = row.account as MailAccount;
        const conn = toConnection(row);
        if (!conn) continue;
        let sources: Array<{ uid: number; source: Buffer }> = [];
        try {
          const client = await open(conn);
          try {
            const lock = await client.getMailboxLock('INBOX', { readOnly: true });
            try {
              const uids = [
                ...new Set([
                  ...(((await client.search({ subject: ref, since }, { uid: true })) || []) as number[]),
                  ...(((await client.search({ body: ref, since }, { uid: true })) || []) as number[]),
                ]),
              ]
                .sort((a, b) => b - a)
                .slice(0, 20);
              if (uids.length) {
                for await (const m of client.fetch(uids.join(','), { uid: true, source: true }, { uid: true })) {
                  if (m.source) sources.push({ uid: m.uid, source: m.source });
                }
              }
            } finally {
              lock.release();
            }
          } finally {
            await client.logout().catch(() => client.close());
          }
        } catch (err) {
          const failure = describeMailFailure(err, { protocol: 'IMAP', ...conn.imap });
          throw new AppError('BAD_GATEWAY', `${MAIL_ACCOUNT_LABELS[account]}: ${failure.message}`);
        }
        sources = sources.sort((a, b) => a.uid - b.uid);
        for (const { source } of sources) {
          const msg = await parseMessage(source);
          const carries = new RegExp(`(^|[^A-Z0-9])${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Z0-9]|$)`, 'i');
          if (!carries.test(`${msg.subject}\n${msg.text}`)) continue;
          const res = await db.transaction(async (tx) => {
            return importMessage(tx, msg, {
              account,
              companyAddresses: addresses,
              providerKey: null,
              threadKey: null,
              now: clock.now(),
              forceReference: ref,
            });
          });
          if (res.outcome === 'lead_created' && res.leadId) {
            const counts = emptyCounts();
            tally(counts, res);
            await announce(counts, account);
            return {
              message: `Lead ${ref} was created from the e-mail.`,
              leadId: res.leadId,
              reference: ref,
              created: true,
            };
          }
        }
      }
      throw new AppError(
        'NOT_FOUND',
        `No e-mail carrying reference ${ref} was found in the connected mailboxes (last ${IMPORT_SEARCH_DAYS} days) that can become a new lead.`,
      );
    },
  };
}

export type MailboxesService = ReturnType<typeof createMailboxesService>;
