/**
 * One sync run of one mailbox (ADR 025): holds the mailbox's lease, reads INBOX by UID from the
 * stored position (UIDVALIDITY + last UID; a renumbered mailbox is re-read from a day before the
 * last success, the ledger preventing doubles), parses each message outside any transaction,
 * then imports it in one short transaction, and moves the position only while it still holds the
 * lease. Messages the ledger knows are never downloaded again (ADR 057). Never marks mail as read (imapflow fetches with BODY.PEEK).
 */
import type { ImapFlow } from 'imapflow';
import { replaceControlChars } from '#shared/text/control-chars.ts';
import type { Db } from '#server/db/client.ts';
import type { Lease } from '#server/lib/lease.ts';
import type { MailAccount } from '#shared/schemas/mailboxes.ts';
import type { BouncedEmail } from '#server/modules/email/email.api.ts';
import { importMessage, type CustomerReply, type ImportResult } from './mail-import.ts';
import { MailParseError, PARSE_MAX_BYTES, type MailParser } from './mail-parse-pool.ts';
import type { MailProvider } from './bounce-trust.ts';
import * as repo from './mailboxes.repository.ts';
import { failureReason } from './sync-health.ts';

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
  /** Customers' e-mails on known leads (staff are told after the run, docs/rulings.md ruling 21). */
  replies: CustomerReply[];
  /** Messages that could not be imported this run (admins are told once, ADR 064). */
  failures: Array<{ from: string | null; subject: string; reason: string }>;
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
  replies: [],
  failures: [],
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
    if (result.replied) counts.replies.push(result.replied);
  } else if (result.outcome === 'failed') counts.failed++;
  else counts.ignored++;
}

export interface SyncRunInput {
  db: Db;
  client: ImapFlow;
  account: MailAccount;
  owner: string;
  now: () => Date;
  /** The mailbox's sync lease this run holds, renewed after each batch. */
  lease: Pick<Lease, 'renew'>;
  state: repo.SyncState;
  lastSuccessAt: Date | null;
  companyAddresses: string[];
  /** Also sweep everything received since this moment (Check e-mails: the last 24 hours). */
  sweepSince?: Date;
  isGmail: boolean;
  /** The mailbox's provider: whose delivery reports are believed (ADR 064). */
  provider?: MailProvider;
  /** Reads raw messages off the main thread (mail-parse-pool.ts). */
  parser: MailParser;
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
    const todo = uids.slice(0, RUN_CAP);
    let maxUid = lastUid;
    for (let i = 0; i < todo.length; i += BATCH) {
      const batch = todo.slice(i, i + BATCH);
      // First the envelopes only: the ledger says (by Message-ID, or by UID for a message without
      // one) which are known, and those are never downloaded or parsed again (ADR 057).
      const heads: Array<{
        uid: number;
        messageId: string | null;
        size: number;
        threadId?: string;
        emailId?: string;
        from: string | null;
        subject: string;
      }> = [];
      for await (const m of client.fetch(
        batch.join(','),
        { uid: true, envelope: true, size: true, ...(input.isGmail ? { threadId: true, emailId: true } : {}) },
        { uid: true },
      )) {
        const id = m.envelope?.messageId?.trim();
        heads.push({
          uid: m.uid,
          messageId: id ? (id.startsWith('<') ? id : `<${id}>`).slice(0, 998) : null,
          size: m.size ?? 0,
          threadId: m.threadId,
          emailId: m.emailId,
          from: m.envelope?.from?.[0]?.address?.toLowerCase().slice(0, 320) ?? null,
          subject: (m.envelope?.subject ?? '').slice(0, 2000),
        });
      }
      const keyOf = (h: { uid: number; emailId?: string }) =>
        h.emailId ? `gmail:${h.emailId}` : `imap:${uidValidity}:${h.uid}`;
      const known = await repo.seenInLedger(
        db,
        account,
        heads.flatMap((h) => (h.messageId ? [h.messageId] : [])),
        heads.map(keyOf),
      );
      const fresh = heads.filter(
        (h) => !(h.messageId && known.messageIds.has(h.messageId)) && !known.providerKeys.has(keyOf(h)),
      );
      counts.fetched += heads.length - fresh.length;
      for (const h of heads) if (!fresh.includes(h)) maxUid = Math.max(maxUid, h.uid);

      for (const h of fresh) {
        counts.fetched++;
        let result: ImportResult;
        try {
          if (h.size > PARSE_MAX_BYTES) {
            throw new MailParseError(
              `The message is ${(h.size / 1024 / 1024).toFixed(1)} MB, over the ${PARSE_MAX_BYTES / 1024 / 1024} MB limit.`,
              'too_large',
            );
          }
          const one = await client.fetchOne(String(h.uid), { uid: true, source: true }, { uid: true });
          if (!one || !one.source) throw new MailParseError('The server did not send the message.', 'unreadable');
          const msg = await input.parser.parse(one.source);
          if ((await repo.seenMessageIds(db, account, [msg.messageId])).has(msg.messageId)) {
            maxUid = Math.max(maxUid, h.uid);
            continue;
          }
          result = await db.transaction((tx) =>
            importMessage(tx, msg, {
              account,
              companyAddresses: input.companyAddresses,
              providerKey: keyOf(h),
              threadKey: h.threadId ? `gmail:${h.threadId}` : null,
              now: now(),
              provider: input.provider,
            }),
          );
        } catch (err) {
          // One bad message never blocks the mailbox: recorded as failed with its sender and
          // subject (sync health lists it), and the position moves past it.
          input.log?.warn({ err, account, uid: h.uid }, 'mail import failed for one message');
          // Sender, subject and reason without NUL (PostgreSQL refuses it: that would lose the record).
          const failure = {
            from: h.from && replaceControlChars(h.from, ''),
            subject: replaceControlChars(h.subject),
            reason: failureReason(err),
          };
          // Not recorded (the database failed): the run stops here and the message is read again.
          await repo.claimMessage(db, {
            account,
            messageId: `failed:${keyOf(h)}`,
            providerKey: keyOf(h),
            direction: 'in',
            outcome: 'failed',
            fromAddress: failure.from,
            subject: failure.subject,
            error: failure.reason,
            processedAt: now(),
          });
          counts.failures.push(failure);
          result = { outcome: 'failed', leadId: null };
        }
        tally(counts, result);
        maxUid = Math.max(maxUid, h.uid);
      }
      // Keep the lease and move the position (only while this instance still holds it).
      if (!(await input.lease.renew())) {
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
