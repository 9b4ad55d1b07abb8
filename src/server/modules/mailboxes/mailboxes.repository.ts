import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailAttachments, mailboxConnections, mailMessages } from '#server/db/schema/messaging.ts';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
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
export async function claimLease(
  db: DbOrTx,
  account: MailAccount,
  owner: string,
  now: Date,
  ms: number,
): Promise<boolean> {
  const rows = await db
    .update(mailboxConnections)
    .set({ syncLeaseOwner: owner, syncLeaseUntil: new Date(now.getTime() + ms) })
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
}

export async function renewLease(db: DbOrTx, account: MailAccount, owner: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(mailboxConnections)
    .set({ syncLeaseUntil: until })
    .where(and(eq(mailboxConnections.account, account), eq(mailboxConnections.syncLeaseOwner, owner)))
    .returning({ id: mailboxConnections.id });
  return rows.length > 0;
}

export async function releaseLease(db: DbOrTx, account: MailAccount, owner: string): Promise<void> {
  await db
    .update(mailboxConnections)
    .set({ syncLeaseOwner: null, syncLeaseUntil: null })
    .where(and(eq(mailboxConnections.account, account), eq(mailboxConnections.syncLeaseOwner, owner)));
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

/** The lead a message id belongs to: an imported or sent message (any mailbox) or a timeline entry. */
export async function leadOfMessageIds(db: DbOrTx, ids: string[]): Promise<number | null> {
  for (const id of ids) {
    const [entry] = await db
      .select({ leadId: leadTimeline.leadId })
      .from(leadTimeline)
      .where(eq(leadTimeline.messageId, id))
      .limit(1);
    if (entry) return entry.leadId;
    const [msg] = await db
      .select({ leadId: mailMessages.leadId })
      .from(mailMessages)
      .where(and(eq(mailMessages.messageId, id), sql`${mailMessages.leadId} is not null`))
      .limit(1);
    if (msg?.leadId) return msg.leadId;
  }
  return null;
}

export async function timelineHasMessage(db: DbOrTx, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leadTimeline.id })
    .from(leadTimeline)
    .where(eq(leadTimeline.messageId, messageId))
    .limit(1);
  return !!row;
}

export async function leadOfThread(db: DbOrTx, threadKey: string): Promise<number | null> {
  const [row] = await db
    .select({ leadId: mailMessages.leadId })
    .from(mailMessages)
    .where(and(eq(mailMessages.threadKey, threadKey), sql`${mailMessages.leadId} is not null`))
    .orderBy(sql`${mailMessages.id} desc`)
    .limit(1);
  return row?.leadId ?? null;
}

/** The most recently active lead with this e-mail address (case-insensitive). */
export async function leadByEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${email.toLowerCase()}`)
    .orderBy(sql`${leads.lastInteractionAt} desc nulls last`, sql`${leads.id} desc`)
    .limit(1);
  return row?.id ?? null;
}

export async function leadByReference(db: DbOrTx, reference: string): Promise<number | null> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`upper(${leads.reference}) = ${reference.toUpperCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/** lastInteractionAt moves forward to the message's date, never back. */
export async function touchLead(db: DbOrTx, leadId: number, at: Date): Promise<void> {
  await db
    .update(leads)
    .set({
      lastInteractionAt: sql`greatest(coalesce(${leads.lastInteractionAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(leads.id, leadId));
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
