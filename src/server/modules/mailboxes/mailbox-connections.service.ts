/**
 * The company mailboxes' connections (docs/rulings.md ruling 17, ADR 025, 070): connect with Google
 * sign-in or IMAP/SMTP, status, disconnect, test; Google access tokens cached in memory. Secrets are
 * sealed with a key outside the database and never leave this service except as a live connection
 * (`getConnection`). The outside world comes in through ports (mail-ports.ts) built in app.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { MailSettings } from '#server/integrations/mail/mail-settings.ts';
import { isLoopbackHost } from '#server/lib/loopback-host.ts';
import {
  MAIL_ACCOUNT_LABELS,
  type ConnectImapInput,
  type GmailStatus,
  type MailAccount,
  type MailboxStatus,
  type TestResult,
} from '#shared/schemas/mailboxes.ts';
import { createGoogleConnect, googleSignInAvailability } from './google-connect.ts';
import type { MailboxAlerts } from './mailbox-alerts.ts';
import type { MailConnection, MailFailure, MailPorts } from './mail-ports.ts';
import { statusOf } from './mailbox-status.ts';
import * as repo from './mailboxes.repository.ts';

export const GMAIL_NOT_CONNECTED = 'Gmail not connected: connect the Geral or Comercial mailbox in Settings first.';
const SECRET_UNREADABLE: MailFailure = {
  kind: 'auth',
  message: 'The stored secret cannot be read: reconnect the mailbox.',
  needsReconnect: true,
};

export interface MailboxConnectionsDeps extends MailPorts {
  db: Db;
  hub: EventHub;
  clock: Clock;
  settings: Pick<MailSettings, 'secretKey' | 'gmailImap' | 'gmailSmtp' | 'pollMinutes' | 'allowInsecure'>;
  alerts: Pick<MailboxAlerts, 'recordFailure'>;
  /** The app's public origin: Google redirects back to {publicUrl}/api/gmail/callback. */
  publicUrl: string;
  log?: FastifyBaseLogger;
}

export function createMailboxConnectionsService(deps: MailboxConnectionsDeps) {
  const { db, hub, clock, settings, servers, google, secrets, log } = deps;
  /** Access tokens in memory only, refreshed 60 s before they expire. */
  const accessTokens = new Map<MailAccount, { token: string; expiresAt: number; refresh: string }>();
  const pollEveryMs = settings.pollMinutes * 60_000;
  let pollerRunning = false;

  const googleAvailability = () => googleSignInAvailability(google.configured(), deps.publicUrl);

  async function accessTokenFor(account: MailAccount, refreshToken: string): Promise<string> {
    const cached = accessTokens.get(account);
    if (cached && cached.refresh === refreshToken && cached.expiresAt - 60_000 > Date.now()) return cached.token;
    const tokens = await google.refresh(refreshToken);
    accessTokens.set(account, { token: tokens.accessToken, expiresAt: tokens.expiresAt, refresh: refreshToken });
    return tokens.accessToken;
  }

  /** The row's connection with its secret opened; null when not connected or the key cannot open it. */
  function toConnection(row: repo.MailboxRow): MailConnection | null {
    const account = row.account as MailAccount;
    const secret = row.secretEncrypted ? secrets.open(row.secretEncrypted, account) : null;
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

  const keyLost = (row: repo.MailboxRow) =>
    !!row.secretEncrypted && secrets.open(row.secretEncrypted, row.account) === null;
  const statusNow = (account: MailAccount, row: repo.MailboxRow | undefined) =>
    statusOf(account, row, { keyLost: !!row && keyLost(row), now: clock.now(), pollEveryMs });
  const published = (account: MailAccount) =>
    hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });

  /** A failed run or test: recorded (admins told once); a dead login also drops the cached token. */
  async function failed(account: MailAccount, failure: MailFailure): Promise<void> {
    await deps.alerts.recordFailure(account, failure);
    if (failure.needsReconnect) accessTokens.delete(account);
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

  const googleConnect = createGoogleConnect({
    db,
    hub,
    clock,
    google,
    secrets,
    secretKey: settings.secretKey,
    redirectUri: `${deps.publicUrl}/api/gmail/callback`,
    unavailable: () => googleAvailability().reason,
    remember: (account, tokens) =>
      accessTokens.set(account, {
        token: tokens.accessToken,
        expiresAt: tokens.expiresAt,
        refresh: tokens.refreshToken,
      }),
  });

  return {
    ...googleConnect,
    googleAvailability,
    toConnection,
    failed,

    /** A live connection to a connected mailbox (never its stored secret); null otherwise. */
    async getConnection(account: MailAccount): Promise<MailConnection | null> {
      const row = await repo.findMailbox(db, account);
      if (!row || row.status !== 'connected') return null;
      return toConnection(row);
    },

    /**
     * Opens IMAP; with Google, a refused cached access token (revoked or expired early) is dropped
     * and a fresh one tried once, so only a dead refresh token reports 'Reconnect'.
     */
    async open(conn: MailConnection) {
      try {
        return await servers.open(conn);
      } catch (err) {
        if (conn.auth.type !== 'xoauth2' || !(err as { authenticationFailed?: boolean }).authenticationFailed)
          throw err;
        accessTokens.delete(conn.account);
        return servers.open(conn);
      }
    },

    /** The addresses of both mailboxes, lower case (mail from them is our own). */
    async companyAddresses(): Promise<string[]> {
      const rows = await repo.listMailboxes(db);
      return rows.flatMap((r) => (r.address ? [r.address.toLowerCase()] : []));
    },

    async status(): Promise<GmailStatus> {
      const rows = await repo.listMailboxes(db);
      const geral = statusNow(
        'geral',
        rows.find((r) => r.account === 'geral'),
      );
      const comercial = statusNow(
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
        await servers.test(conn);
      } catch (err) {
        const message = servers.failureOf(err)?.message ?? (err as Error).message;
        throw new AppError('UNPROCESSABLE', `Connection test failed: ${message}`);
      }
      const now = clock.now();
      await repo.upsertMailbox(db, {
        account,
        provider: 'imap',
        address: conn.address,
        config: { username: input.username, imap: input.imap, smtp: input.smtp } satisfies repo.MailboxConfig,
        secretEncrypted: secrets.seal(input.password, account),
        createdAt: now,
        updatedAt: now,
      });
      accessTokens.delete(account);
      published(account);
      return statusNow(account, await repo.findMailbox(db, account));
    },

    /** Forgets the mailbox (a Google token is revoked at Google first, as far as Google answers). */
    async disconnect(account: MailAccount): Promise<{ revoked: boolean }> {
      const row = await repo.findMailbox(db, account);
      if (!row) throw new AppError('NOT_FOUND', `The ${MAIL_ACCOUNT_LABELS[account]} mailbox is not connected.`);
      let revoked = false;
      if (row.provider === 'gmail' && row.secretEncrypted) {
        const token = secrets.open(row.secretEncrypted, account);
        if (token) {
          try {
            await google.revoke(token);
            revoked = true;
          } catch (err) {
            log?.warn({ err, account }, 'Google did not confirm the token revocation');
          }
        }
      }
      await repo.deleteMailbox(db, account);
      accessTokens.delete(account);
      published(account);
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
        let failure: MailFailure | null = conn ? null : SECRET_UNREADABLE;
        if (conn) {
          try {
            await servers.test(conn);
          } catch (err) {
            failure = servers.failureOf(err) ?? servers.describe(err, { protocol: 'IMAP', ...conn.imap });
          }
        }
        if (failure) {
          await failed(account, failure);
          results.push({ account, ok: false, message: failure.message });
        } else {
          await repo.updateMailbox(db, account, { lastError: null });
          results.push({ account, ok: true, message: 'Connection works' });
        }
      }
      const failures = results.filter((r) => !r.ok);
      if (failures.length) {
        throw new AppError(
          'BAD_GATEWAY',
          failures.map((r) => `${MAIL_ACCOUNT_LABELS[r.account]}: ${r.message}`).join(' '),
        );
      }
      return { message: 'Gmail connection test completed successfully. Check for new leads.', results };
    },
  };
}

export type MailboxConnectionsService = ReturnType<typeof createMailboxConnectionsService>;
