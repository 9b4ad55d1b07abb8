import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema/outbox.ts';

/**
 * A sent message that came back: sent -> failed with the reason, in the caller's transaction.
 * Only a message the outbox had recorded as sent (never one an attempt still holds), from the
 * mailbox the bounce came back to: a bounce returns to the address that sent (ADR 064).
 */
export async function failSentMessage(db: DbOrTx, account: string, messageIds: string[], reason: string, now: Date) {
  if (messageIds.length === 0) return undefined;
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: reason, updatedAt: now })
    .where(
      and(
        inArray(emailOutbox.messageId, messageIds.slice(0, 100)),
        eq(emailOutbox.account, account),
        eq(emailOutbox.status, 'sent'),
      ),
    )
    .returning();
  return row;
}
