/**
 * The two imports staff start by hand: Import lead by reference (docs/rulings.md ruling 6) and
 * 'Import anyway as text' on a message the sync could not read (ADR 064). Both import through
 * mail-import.ts and announce what they made like a sync run.
 */
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  MAIL_ACCOUNT_LABELS,
  type ImportAsTextResult,
  type ImportLeadResult,
  type MailAccount,
} from '#shared/schemas/mailboxes.ts';
import { readMessageAsText } from './import-as-text.ts';
import { importMessage, type ImportResult } from './mail-import.ts';
import * as leadsRepo from './mail-leads.repository.ts';
import type { MailParser } from './mail-parse-pool.ts';
import type { MailConnection, MailServers } from './mail-ports.ts';
import { emptyCounts, tally } from './mail-sync.ts';
import type { MailboxAlerts } from './mailbox-alerts.ts';
import { GMAIL_NOT_CONNECTED, type MailboxConnectionsService } from './mailbox-connections.service.ts';
import * as repo from './mailboxes.repository.ts';
import { asTextMessage } from './sync-health.ts';
import * as health from './sync-health.repository.ts';

const IMPORT_SEARCH_DAYS = 90;

export interface ManualImportDeps {
  db: Db;
  hub: EventHub;
  clock: Clock;
  connections: MailboxConnectionsService;
  alerts: MailboxAlerts;
  servers: Pick<MailServers, 'describe'>;
  parser: MailParser;
}

/** Newest first, at most 20: the raw messages of INBOX carrying `ref` in subject or body since `since`. */
async function messagesCarrying(
  connections: MailboxConnectionsService,
  conn: MailConnection,
  ref: string,
  since: Date,
): Promise<Array<{ uid: number; source: Buffer }>> {
  const sources: Array<{ uid: number; source: Buffer }> = [];
  const client = await connections.open(conn);
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
  return sources;
}

export function createManualImports(deps: ManualImportDeps) {
  const { db, hub, clock, connections, alerts, servers, parser } = deps;

  const gatewayError = (account: MailAccount, conn: MailConnection, err: unknown) =>
    new AppError(
      'BAD_GATEWAY',
      `${MAIL_ACCOUNT_LABELS[account]}: ${servers.describe(err, { protocol: 'IMAP', ...conn.imap }).message}`,
    );

  async function announceOne(res: ImportResult, account: MailAccount): Promise<void> {
    const counts = emptyCounts();
    tally(counts, res);
    await alerts.announce(counts, account);
  }

  return {
    /**
     * Import lead by reference (docs/rulings.md ruling 6): searches both mailboxes (last 90 days)
     * for a message carrying the reference and makes the lead from it, keeping that reference.
     */
    async importByReference(reference: string): Promise<ImportLeadResult> {
      const ref = reference.trim().toUpperCase();
      if (await leadsRepo.leadByReference(db, ref))
        throw new AppError('CONFLICT', `A lead with reference ${ref} already exists.`);
      const rows = (await repo.listMailboxes(db)).filter((r) => r.status === 'connected');
      if (!rows.length) throw new AppError('VALIDATION', GMAIL_NOT_CONNECTED);
      const since = new Date(clock.now().getTime() - IMPORT_SEARCH_DAYS * 24 * 3600_000);
      const addresses = await connections.companyAddresses();
      const carries = new RegExp(`(^|[^A-Z0-9])${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Z0-9]|$)`, 'i');
      for (const row of rows) {
        const account = row.account as MailAccount;
        const conn = connections.toConnection(row);
        if (!conn) continue;
        let sources;
        try {
          sources = await messagesCarrying(connections, conn, ref, since);
        } catch (err) {
          throw gatewayError(account, conn, err);
        }
        for (const { source } of sources.sort((a, b) => a.uid - b.uid)) {
          const msg = await parser.parse(source);
          if (!carries.test(`${msg.subject}\n${msg.text}`)) continue;
          const res = await db.transaction(async (tx) =>
            importMessage(tx, msg, {
              account,
              companyAddresses: addresses,
              providerKey: null,
              threadKey: null,
              now: clock.now(),
              forceReference: ref,
            }),
          );
          if (res.outcome === 'lead_created' && res.leadId) {
            await announceOne(res, account);
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

    /**
     * 'Import anyway as text' (ADR 064): the failed message's plain text becomes a timeline entry
     * or a lead by the usual rules, its attachments listed as not kept; the failed row is closed
     * in the same transaction.
     */
    async importAsText(id: number): Promise<ImportAsTextResult> {
      const row = await health.findLedgerRow(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'That message is not in the sync health list.');
      if (row.outcome !== 'failed') throw new AppError('CONFLICT', 'This message was already imported.');
      const account = row.account as MailAccount;
      const conn = await connections.getConnection(account);
      if (!conn || !row.providerKey) throw new AppError('VALIDATION', GMAIL_NOT_CONNECTED);
      let msg;
      try {
        const client = await connections.open(conn);
        try {
          msg = await readMessageAsText(client, row.providerKey);
        } finally {
          await client.logout().catch(() => client.close());
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw gatewayError(account, conn, err);
      }
      const addresses = await connections.companyAddresses();
      const res = await db.transaction(async (tx) => {
        if (!(await health.lockFailed(tx, id))) return null;
        const out = await importMessage(tx, msg, {
          account,
          companyAddresses: addresses,
          providerKey: row.providerKey,
          threadKey: null,
          now: clock.now(),
          asText: true,
        });
        await health.markImportedAsText(tx, id, out.leadId, clock.now());
        return out;
      });
      if (!res) throw new AppError('CONFLICT', 'This message was already imported.');
      await announceOne(res, account);
      hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });
      const reference = res.leadId ? ((await leadsRepo.leadForReply(db, res.leadId))?.reference ?? null) : null;
      return {
        message: asTextMessage(res.outcome, reference),
        leadId: res.leadId,
        reference,
        created: res.outcome === 'lead_created',
      };
    },
  };
}
