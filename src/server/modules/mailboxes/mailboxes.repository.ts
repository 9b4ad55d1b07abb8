import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailAttachments, mailboxConnections, mailMessages } from '#server/db/schema/messaging.ts';
import type { LeaseStore } from '#server/lib/lease.ts';
import type { MailAccount } from '#shared/schemas/mailboxes.ts';

export type MailboxRow = typeof mailboxConnections.$inferSelect;
export type NewMailboxRow = typeof mailboxConnections.$inferInsert;

/** Non-secret settings kept in mailbox_connections.config. */
export interface MailboxConfig {
  username?: string;
  imap?: { host: string; port: number; security: 'tls' | 'starttls' | 'none' };
  smtp?: { host: string; port: number; security: 'tls' | 'starttls' | 'none' };
}

/** Incremental position in INBOX (strings: imapflow answers bigints, which JSON cannot hold). */
export interface SyncState {
  uidValidity?: string;
  lastUid?: number;
  highestModseq?: string;
}

export async function findMailbox(db: DbOrTx, account: MailAccount): Promise<MailboxRow | undefined> {
  const [row] = await db.select().from(mailboxConnections).where(eq(mailboxConnections.account, account)).limit(1);
  return row;
}

export async function listMailboxes(db: DbOrTx): Promise<MailboxRow[]> {
  return db.select().from(mailboxConnections);
}

/** Connects (or reconnects) a mailbox: new credentials, a fresh sync position and health. */
export async function upsertMailbox(db: DbOrTx, values: NewMailboxRow & { account: MailAccount }): Promise<void> {
  const fresh = {
    ...values,
    status: 'connected',
    syncState: {},
    lastSyncAt: null,
    lastSuccessAt: null,
    lastError: null,
    failingSince: null,
    failureNotifiedAt: null,
    messagesImported: 0,
    messagesIgnored: 0,
    updatedAt: values.updatedAt ?? new Date(),
  };
  await db
    .insert(mailboxConnections)
    .values(fresh)
    .onConflictDoUpdate({ target: mailboxConnections.account, set: fresh });
}

export async function deleteMailbox(db: DbOrTx, account: MailAccount): Promise<MailboxRow | undefined> {
  const [row] = await db.delete(mailboxConnections).where(eq(mailboxConnections.account, account)).returning();
  return row;
}

/**
 * Claims the mailbox's sync lease (one reader at a time across instances); false when another
 * instance holds a live lease.
 */
/**
 * The mailbox's sync lease (ADR 070: lib/lease.ts): held by one run of one instance at a time;
 * `owner` may take back its own lease, and the position moves only while it holds it.
 */
export function mailboxLease(db: DbOrTx, account: MailAccount, owner: string): LeaseStore {
  const held = and(eq(mailboxConnections.account, account), eq(mailboxConnections.syncLeaseOwner, owner));
  return {
    async claim(now, until) {
      const rows = await db
        .update(mailboxConnections)
        .set({ syncLeaseOwner: owner, syncLeaseUntil: until })
        .where(
          and(
            eq(mailboxConnections.account, account),
            or(
              isNull(mailboxConnections.syncLeaseUntil),
              lt(mailboxConnections.syncLeaseUntil, now),
              eq(mailboxConnections.syncLeaseOwner, owner),
            ),
          ),
        )
        .returning({ id: mailboxConnections.id });
      return rows.length > 0;
    },
    async renew(until) {
      const rows = await db
        .update(mailboxConnections)
        .set({ syncLeaseUntil: until })
        .where(held)
        .returning({ id: mailboxConnections.id });
      return rows.length > 0;
    },
    async release() {
      await db.update(mailboxConnections).set({ syncLeaseOwner: null, syncLeaseUntil: null }).where(held);
    },
  };
}

/** Moves the sync position, only while `owner` still holds the lease (fencing); false otherwise. */
export async function saveSyncState(
  db: DbOrTx,
  account: MailAccount,
  owner: string,
  state: SyncState,
): Promise<boolean> {
  const rows = await db
    .update(mailboxConnections)
    .set({ syncState: state })
    .where(and(eq(mailboxConnections.account, account), eq(mailboxConnections.syncLeaseOwner, owner)))
    .returning({ id: mailboxConnections.id });
  return rows.length > 0;
}

export async function updateMailbox(db: DbOrTx, account: MailAccount, set: Partial<NewMailboxRow>): Promise<void> {
  await db.update(mailboxConnections).set(set).where(eq(mailboxConnections.account, account));
}

export async function addCounts(db: DbOrTx, account: MailAccount, imported: number, ignored: number): Promise<void> {
  if (!imported && !ignored) return;
  await db
    .update(mailboxConnections)
    .set({
      messagesImported: sql`${mailboxConnections.messagesImported} + ${imported}`,
      messagesIgnored: sql`${mailboxConnections.messagesIgnored} + ${ignored}`,
    })
    .where(eq(mailboxConnections.account, account));
}

/** Starts the manual-check cool-down unless it is running; answers the seconds left when it is. */
export async function claimCheck(
  db: DbOrTx,
  account: MailAccount,
  now: Date,
  cooldownSeconds: number,
): Promise<number> {
  const since = new Date(now.getTime() - cooldownSeconds * 1000);
  const rows = await db
    .update(mailboxConnections)
    .set({ lastCheckAt: now })
    .where(
      and(
        eq(mailboxConnections.account, account),
        or(isNull(mailboxConnections.lastCheckAt), lt(mailboxConnections.lastCheckAt, since)),
      ),
    )
    .returning({ id: mailboxConnections.id });
  if (rows.length) return 0;
  const row = await findMailbox(db, account);
  const last = row?.lastCheckAt?.getTime() ?? now.getTime();
  return Math.max(1, Math.ceil((last + cooldownSeconds * 1000 - now.getTime()) / 1000));
}

export type MailMessageRow = typeof mailMessages.$inferSelect;
export type NewMailMessageRow = typeof mailMessages.$inferInsert;

/** Claims a message for this mailbox: the first instance to insert it handles it; null for the others. */
export async function claimMessage(db: DbOrTx, row: NewMailMessageRow): Promise<number | null> {
  const [inserted] = await db
    .insert(mailMessages)
    .values(row)
    .onConflictDoNothing({ target: [mailMessages.account, mailMessages.messageId] })
    .returning({ id: mailMessages.id });
  return inserted?.id ?? null;
}

/** The ledger row of a message that did not make a lead, locked for a re-import; null otherwise. */
export async function reclaimForImport(db: DbOrTx, account: MailAccount, messageId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: mailMessages.id, outcome: mailMessages.outcome })
    .from(mailMessages)
    .where(and(eq(mailMessages.account, account), eq(mailMessages.messageId, messageId)))
    .for('update');
  return row && row.outcome !== 'lead_created' && row.outcome !== 'processing' ? row.id : null;
}

export async function setMessageOutcome(
  db: DbOrTx,
  id: number,
  set: Pick<NewMailMessageRow, 'outcome'> & Partial<Pick<NewMailMessageRow, 'leadId' | 'error'>>,
): Promise<void> {
  await db.update(mailMessages).set(set).where(eq(mailMessages.id, id));
}

/** Which of these Message-IDs this mailbox has already handled (one query per batch). */
export async function seenMessageIds(db: DbOrTx, account: MailAccount, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .select({ messageId: mailMessages.messageId })
    .from(mailMessages)
    .where(and(eq(mailMessages.account, account), inArray(mailMessages.messageId, messageIds)));
  return new Set(rows.map((r) => r.messageId));
}

/** Which of these messages the ledger has, by Message-ID or by provider key (UID), before any download. */
export async function seenInLedger(
  db: DbOrTx,
  account: MailAccount,
  messageIds: string[],
  providerKeys: string[],
): Promise<{ messageIds: Set<string>; providerKeys: Set<string> }> {
  if (messageIds.length === 0 && providerKeys.length === 0) return { messageIds: new Set(), providerKeys: new Set() };
  const rows = await db
    .select({ messageId: mailMessages.messageId, providerKey: mailMessages.providerKey })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.account, account),
        or(
          messageIds.length ? inArray(mailMessages.messageId, messageIds) : undefined,
          providerKeys.length ? inArray(mailMessages.providerKey, providerKeys) : undefined,
        ),
      ),
    );
  return {
    messageIds: new Set(rows.map((r) => r.messageId)),
    providerKeys: new Set(rows.flatMap((r) => (r.providerKey ? [r.providerKey] : []))),
  };
}

export type NewAttachmentRow = typeof mailAttachments.$inferInsert;

export async function insertAttachments(db: DbOrTx, rows: NewAttachmentRow[]) {
  if (!rows.length) return [];
  return db.insert(mailAttachments).values(rows).returning({
    id: mailAttachments.id,
    filename: mailAttachments.filename,
    contentType: mailAttachments.contentType,
    byteSize: mailAttachments.byteSize,
  });
}

export async function findAttachment(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mailAttachments).where(eq(mailAttachments.id, id)).limit(1);
  return row;
}
