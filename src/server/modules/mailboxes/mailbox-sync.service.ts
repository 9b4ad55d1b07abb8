/**
 * Reading the company mailboxes (ADR 025, 070): the poll every few minutes, Check e-mails, sync
 * health, and the two imports staff start by hand (mail-manual-import.ts). Each run of a mailbox
 * holds its lease (ADR 070); what a run imported is announced after it (mailbox-alerts.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { createLease, withLease } from '#server/lib/lease.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  MAIL_ACCOUNT_LABELS,
  MAIL_ACCOUNTS,
  type CheckResult,
  type FailedMessages,
  type MailAccount,
  type SyncResult,
} from '#shared/schemas/mailboxes.ts';
import type { MailboxAlerts } from './mailbox-alerts.ts';
import type { MailboxConnectionsService } from './mailbox-connections.service.ts';
import { GMAIL_NOT_CONNECTED } from './mailbox-connections.service.ts';
import { createManualImports } from './mail-manual-import.ts';
import { mailParser, type MailParser } from './mail-parse-pool.ts';
import type { MailServers } from './mail-ports.ts';
import { emptyCounts, LEASE_MS, syncInbox, type SyncCounts } from './mail-sync.ts';
import * as repo from './mailboxes.repository.ts';
import * as health from './sync-health.repository.ts';

export interface MailboxSyncDeps {
  db: Db;
  hub: EventHub;
  clock: Clock;
  connections: MailboxConnectionsService;
  alerts: MailboxAlerts;
  servers: Pick<MailServers, 'describe'>;
  /** Seconds between two Check e-mails of one mailbox. */
  checkCooldownSeconds: number;
  log?: FastifyBaseLogger;
  /** Names this app instance in lease rows. */
  instanceId?: string;
  /** Reads raw messages off the main thread (default: the process's parse worker). */
  parser?: MailParser;
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

export function createMailboxSyncService(deps: MailboxSyncDeps) {
  const { db, hub, clock, connections, alerts, servers, log } = deps;
  const parser = deps.parser ?? mailParser();
  const owner = deps.instanceId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;

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
    const conn = connections.toConnection(row);
    if (!conn) {
      await connections.failed(account, {
        kind: 'auth',
        message: 'The stored password or token cannot be read with this server’s key. Reconnect the mailbox.',
        needsReconnect: true,
      });
      return result(account, emptyCounts(), 'Reconnect the mailbox.');
    }
    const lease = createLease(repo.mailboxLease(db, account, owner), { clock, ms: LEASE_MS });
    const run = await withLease(lease, async (held) => {
      let counts = emptyCounts();
      try {
        const client = await connections.open(conn);
        try {
          counts = await syncInbox({
            db,
            client,
            account,
            owner,
            now: () => clock.now(),
            lease: held,
            state: row.syncState as repo.SyncState,
            lastSuccessAt: row.lastSuccessAt,
            companyAddresses: await connections.companyAddresses(),
            sweepSince: opts.sweepSince,
            isGmail: conn.provider === 'gmail',
            provider: { kind: conn.provider, address: conn.address, hosts: [conn.imap.host, conn.smtp.host] },
            parser,
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
        await alerts.announce(counts, account);
        hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });
        return result(account, counts);
      } catch (err) {
        const failure = servers.describe(err, { protocol: 'IMAP', host: conn.imap.host, port: conn.imap.port });
        log?.warn({ err, account }, `mailbox sync failed: ${failure.message}`);
        await connections.failed(account, failure);
        await alerts.announce(counts, account);
        return result(account, counts, failure.message);
      }
    });
    return run.held ? run.value : 'busy';
  }

  return {
    syncMailbox,
    ...createManualImports({ db, hub, clock, connections, alerts, servers, parser }),

    /** The poll: every connected mailbox, each on its own (one failing never stops the other). */
    async pollAll(): Promise<SyncResult[]> {
      const out: SyncResult[] = [];
      for (const account of MAIL_ACCOUNTS) {
        const r = await syncMailbox(account);
        if (r && r !== 'busy') out.push(r);
      }
      return out;
    },

    /** Check e-mails now: the last 24 hours of each connected mailbox, with a cool-down per mailbox. */
    async check(): Promise<CheckResult> {
      const rows = (await repo.listMailboxes(db)).filter((r) => r.status === 'connected');
      if (!rows.length) throw new AppError('VALIDATION', GMAIL_NOT_CONNECTED);
      const now = clock.now();
      const waits: number[] = [];
      const results: SyncResult[] = [];
      for (const row of rows) {
        const account = row.account as MailAccount;
        const wait = await repo.claimCheck(db, account, now, deps.checkCooldownSeconds);
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

    /** Sync health: the mailbox's messages that could not be imported, newest first (ADR 064). */
    async failedMessages(account: MailAccount): Promise<FailedMessages> {
      const { rows, total } = await health.listFailed(db, account, 100);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          account,
          from: r.from,
          subject: r.subject ?? '',
          reason: r.reason ?? 'The message could not be read.',
          at: r.at.toISOString(),
        })),
        total,
      };
    },

    /** An imported e-mail's attachment, for download by staff. */
    async attachment(id: number) {
      const file = await repo.findAttachment(db, id);
      if (!file) throw new AppError('NOT_FOUND', 'Attachment not found');
      return file;
    },
  };
}

export type MailboxSyncService = ReturnType<typeof createMailboxSyncService>;
