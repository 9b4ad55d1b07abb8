import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema/outbox.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = typeof emailOutbox.$inferInsert;

/** Records a message; undefined when its idempotency key is already recorded. */
export async function insertMessage(db: DbOrTx, values: NewOutboxRow): Promise<OutboxRow | undefined> {
  const [row] = await db
    .insert(emailOutbox)
    .values(values)
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
    .returning();
  return row;
}

export async function findByKey(db: DbOrTx, idempotencyKey: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export async function findMessage(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

export async function setTimelineId(db: DbOrTx, id: number, timelineId: number): Promise<void> {
  await db.update(emailOutbox).set({ timelineId }).where(eq(emailOutbox.id, id));
}

/**
 * Claims up to `limit` due messages for this instance: queued -> sending with a lease, one
 * statement, rows another instance holds skipped (FOR UPDATE SKIP LOCKED). Each row is claimed once.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), sql`${emailOutbox.nextAttemptAt} <= ${now.toISOString()}`))
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, leaseUntil, updatedAt: now })
    .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, 'queued')))
    .returning();
}

/** Sending rows whose instance stopped before recording the outcome (killed mid-send). */
export async function closeAbandoned(db: DbOrTx, now: Date, error: string): Promise<OutboxRow[]> {
  return db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: error, leaseUntil: null, updatedAt: now })
    .where(and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.leaseUntil, now)))
    .returning();
}

/** Records an attempt's outcome, only while this attempt still holds the row (fencing). */
export async function finishAttempt(
  db: DbOrTx,
  id: number,
  attempts: number,
  values: Partial<Pick<OutboxRow, 'status' | 'lastError' | 'warning' | 'sentAt' | 'nextAttemptAt' | 'updatedAt'>>,
): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ ...values, leaseUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.attempts, attempts)))
    .returning();
  return row;
}

/** Failed -> queued again (staff's Retry); undefined unless it had failed. */
export async function requeue(db: DbOrTx, id: number, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, updatedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning();
  return row;
}

export async function countDue(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), sql`${emailOutbox.nextAttemptAt} <= ${now.toISOString()}`));
  return row?.n ?? 0;
}
