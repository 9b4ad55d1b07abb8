/**
 * One sync run of one mailbox (ADR 025): holds the mailbox's lease, reads INBOX by UID from the
 * stored position (UIDVALIDITY + last UID; a renumbered mailbox is re-read from a day before the
 * last success, the ledger preventing doubles), parses each message outside any transaction,
 * then imports it in one short transaction, and moves the position only while it still holds the
 * lease. Never marks mail as read (imapflow fetches with BODY.PEEK).
 */
import type { ImapFlow } from 'imapflow';
import type { Db } from '#server/db/client.ts';
import type { MailAccount } from '#shared/schemas/mailboxes.ts';
import type { BouncedEmail } from '#server/modules/email/email.api.ts';
import { importMessage, type ImportResult } from './mail-import.ts';
import { parseMessage, type IncomingMessage } from './mail-message.ts';
import * as repo from './mailboxes.repository.ts';

export const LEASE_MS = 2 * 60_000;
const BATCH = 50;
/** At most this many messages per run; the next run goes on from where this one stopped. */
export const RUN_CAP = 500;
const DAY = 24 * 3600_000;

export interface SyncCounts {
  fetched: number;
  leadsCreated: number;
  addedToTimeline: number;
  ignored: number;
  failed: number;
  /** New leads (announced by the caller after the run). */
  newLeads: Array<{ leadId: number; reference: string }>;
  /** Leads whose timeline got a message. */
  touchedLeads: number[];
  /** Sent e-mails that came back (their senders are told after the run). */
  bounces: BouncedEmail[];
}

export const emptyCounts = (): SyncCounts => ({
  fetched: 0,
  leadsCreated: 0,
  addedToTimeline: 0,
  ignored: 0,
  failed: 0,
  newLeads: [],
  touchedLeads: [],
  bounces: [],
});

export function tally(counts: SyncCounts, result: ImportResult): void {
  if (result.outcome === null) return;
  if (result.outcome === 'lead_created' && result.leadId) {
    counts.leadsCreated++;
    counts.newLeads.push({ leadId: result.leadId, reference: result.reference ?? '' });
  } else if (result.outcome === 'bounce_matched' && result.bounce) {
    counts.bounces.push(result.bounce);
    if (result.leadId) counts.touchedLeads.push(result.leadId);
  } else if ((result.outcome === 'timeline' || result.outcome === 'auto_reply_noted') && result.leadId) {
    counts.addedToTimeline++;
    counts.touchedLeads.push(result.leadId);
  } else if (result.outcome === 'failed') counts.failed++;
  else counts.ignored++;
}

export interface SyncRunInput {
  db: Db;
  client: ImapFlow;
  account: MailAccount;
  owner: string;
  now: () => Date;
  state: repo.SyncState;
  lastSuccessAt: Date | null;
  companyAddresses: string[];
  /** Also sweep everything received since this moment (Check e-mails: the last 24 hours). */
  sweepSince?: Date;
  isGmail: boolean;
  log?: { warn: (obj: object, msg: string) => void };
}

/** Reads new messages of INBOX and imports them; answers the counts. Throws on IMAP failures. */
export async function syncInbox(input: SyncRunInput): Promise<SyncCounts> {
  const { db, client, account, owner, now } = input;
  const counts = emptyCounts();
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  try {
    const box = client.mailbox;
    if (!box) throw new Error('INBOX could not be opened');
    const uidValidity = String(box.uidValidity);
    const uidNext = Number(box.uidNext ?? 1);
    const stored = input.state;
    let lastUid = stored.lastUid ?? 0;
    let uids: number[];
    const first = stored.uidValidity === undefined;
    const renumbered = !first && (stored.uidValidity !== uidValidity || uidNext <= lastUid);
    if (first || renumbered) {
      // First connection: the last 24 hours only; a renumbered mailbox: from a day before the last success.
      const since = first ? new Date(now().getTime() - DAY) : new Date((input.lastSuccessAt ?? now()).getTime() - DAY);
      uids = ((await client.search({ since }, { uid: true })) || []) as number[];
      lastUid = 0;
    } else {
      uids =
        lastUid + 1 < uidNext
          ? (((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || []) as number[])
          : [];
      // 'N:*' always matches the last message, even below N.
      uids = uids.filter((u) => u > lastUid);
    }
    if (input.sweepSince) {
      const recent = ((await client.search({ since: input.sweepSince }, { uid: true })) || []) as number[];
      uids = [...new Set([...uids, ...recent])];
    }
    uids.sort((a, b) => a - b);
    const newPosition = { uidValidity, highestModseq: box.highestModseq ? String(box.highestModseq) : undefined };
    // Messages already in the ledger are not downloaded again (a sweep, a resync).
    const todo = uids.slice(0, RUN_CAP);
    let maxUid = lastUid;
    for (let i = 0; i < todo.length; i += BATCH) {
      const batch = todo.slice(i, i + BATCH);
      const fetched: Array<{ uid: number; source: Buffer | null; threadId?: string; emailId?: string }> = [];
      for await (const m of client.fetch(
        batch.join(','),
        { uid: true, source: true, ...(input.isGmail ? { threadId: true, emailId: true } : {}) },
        { uid: true },
      )) {
        if (m.source) fetched.push({ uid: m.uid, source: m.source, threadId: m.threadId, emailId: m.emailId });
      }
      // Parse the batch (each raw message is let go once read), then one query tells which the
      // ledger already has (a sweep, a resync): they are not imported again.
      const parsed: Array<{ uid: number; threadId?: string; emailId?: string; msg: IncomingMessage | Error }> = [];
      for (const m of fetched) {
        const source = m.source!;
        m.source = null;
        parsed.push({ ...m, msg: await parseMessage(source).catch((err: unknown) => err as Error) });
      }
      fetched.length = 0;
      const seen = await repo.seenMessageIds(
        db,
        account,
        parsed.flatMap((p) => (p.msg instanceof Error ? [] : [p.msg.messageId])),
      );
      for (const m of parsed) {
        counts.fetched++;
        let result: ImportResult;
        try {
          const msg = m.msg;
          if (msg instanceof Error) throw msg;
          if (seen.has(msg.messageId)) {
            maxUid = Math.max(maxUid, m.uid);
            continue;
          }
          result = await db.transaction((tx) =>
            importMessage(tx, msg, {
              account,
              companyAddresses: input.companyAddresses,
              providerKey: m.emailId ? `gmail:${m.emailId}` : `imap:${uidValidity}:${m.uid}`,
              threadKey: m.threadId ? `gmail:${m.threadId}` : null,
              now: now(),
            }),
          );
        } catch (err) {
          // One bad message never blocks the mailbox: recorded as failed, and the position moves past it.
          input.log?.warn({ err, account, uid: m.uid }, 'mail import failed for one message');
          await repo
            .claimMessage(db, {
              account,
              messageId: `failed:imap:${uidValidity}:${m.uid}`,
              providerKey: `imap:${uidValidity}:${m.uid}`,
              direction: 'in',
              outcome: 'failed',
              error: (err as Error).message.slice(0, 2000),
              processedAt: now(),
            })
            .catch(() => null);
          result = { outcome: 'failed', leadId: null };
        }
        tally(counts, result);
        maxUid = Math.max(maxUid, m.uid);
      }
      // Keep the lease and move the position (only while this instance still holds it).
      if (!(await repo.renewLease(db, account, owner, new Date(now().getTime() + LEASE_MS)))) {
        throw new Error('the sync lease was lost to another instance');
      }
      await repo.saveSyncState(db, account, owner, { ...newPosition, lastUid: Math.max(maxUid, lastUid) });
    }
    // Nothing new (or only a sweep of known mail): still record the position.
    const finalUid = todo.length < uids.length ? maxUid : Math.max(maxUid, first || renumbered ? uidNext - 1 : lastUid);
    await repo.saveSyncState(db, account, owner, { ...newPosition, lastUid: Math.max(finalUid, 0) });
  } finally {
    lock.release();
  }
  return counts;
}
