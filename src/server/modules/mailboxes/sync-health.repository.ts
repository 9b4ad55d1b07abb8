/**
 * The sync-health list (ADR 064): ledger rows of received messages that could not be imported
 * (outcome 'failed', written by mail-sync.ts), until an admin imports one as text.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailMessages } from '#server/db/schema/messaging.ts';
import type { MailAccount } from '#shared/schemas/mailboxes.ts';

/** The outcome a failed message takes once imported as text (the row stays, for the record). */
export const IMPORTED_AS_TEXT = 'imported_as_text';

export async function listFailed(db: DbOrTx, account: MailAccount, limit: number) {
  const where = and(eq(mailMessages.account, account), eq(mailMessages.outcome, 'failed'));
  const rows = await db
    .select({
      id: mailMessages.id,
      from: mailMessages.fromAddress,
      subject: mailMessages.subject,
      reason: mailMessages.error,
      at: mailMessages.processedAt,
    })
    .from(mailMessages)
    .where(where)
    .orderBy(desc(mailMessages.processedAt), desc(mailMessages.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(mailMessages).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A failed message, locked for its import as text; undefined when absent or no longer failed. */
export async function lockFailed(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.id, id), eq(mailMessages.outcome, 'failed')))
    .for('update');
  return row;
}

export async function findLedgerRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

export async function markImportedAsText(db: DbOrTx, id: number, leadId: number | null, now: Date) {
  await db
    .update(mailMessages)
    .set({ outcome: IMPORTED_AS_TEXT, leadId, processedAt: now })
    .where(eq(mailMessages.id, id));
}
