import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import type { LeaseStore } from '#server/lib/lease.ts';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { leadTimeline, leads } from '#server/db/schema/leads.ts';

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

/** The lead's timeline entry written with a message (ADR 027). */
export interface OutboxTimelineEntry {
  leadId: number;
  title: string;
  emailData: Record<string, unknown>;
  createdBy: number | null;
}

/** What a send answers: the message as recorded. */
export type RecordedMessage = Pick<OutboxRow, 'id' | 'timelineId' | 'messageId' | 'status' | 'lastError'>;

/**
 * Records a message, its timeline entry (e-mail, delivery queued) and the lead's lastInteractionAt
 * (ADR 012: the newest of its entries; the new entry is `now`, so it is the later of the stored
 * value and now, without reading the lead's history) in one statement: atomic and one round trip. The entry's id is drawn first so the message can point at
 * it (the foreign key is checked at the statement's end). Undefined when the idempotency key is
 * already recorded: then nothing is written.
 */
export async function insertMessageWithEntry(
  db: DbOrTx,
  values: Omit<NewOutboxRow, 'timelineId' | 'createdAt' | 'updatedAt' | 'nextAttemptAt'> & { now: Date },
  entry: OutboxTimelineEntry,
): Promise<RecordedMessage | undefined> {
  const now = values.now.toISOString();
  const staffWrote = values.createdBy !== null && values.createdBy !== undefined;
  const result = await db.execute(sql`
    with ins as (
      insert into ${emailOutbox} (idempotency_key, message_id, account, purpose, lead_id, timeline_id, to_address,
        subject, text_body, html_body, in_reply_to, "references", created_by, next_attempt_at, created_at, updated_at)
      values (${values.idempotencyKey}, ${values.messageId}, ${values.account}, ${values.purpose}, ${values.leadId ?? null},
        nextval(pg_get_serial_sequence('lead_timeline', 'id')), ${values.toAddress}, ${values.subject}, ${values.textBody},
        ${values.htmlBody}, ${values.inReplyTo ?? null}, ${values.references ?? null}, ${values.createdBy ?? null},
        ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)
      on conflict (idempotency_key) do nothing
      returning id, timeline_id, message_id, status, last_error
    ), entry as (
      insert into ${leadTimeline} (id, lead_id, type, title, description, email_data, metadata, message_id, created_at, created_by)
      select ins.timeline_id, ${entry.leadId}, 'email', ${entry.title}, null, ${JSON.stringify(entry.emailData)}::jsonb,
        jsonb_build_object('delivery', jsonb_build_object('outboxId', ins.id, 'status', 'queued')),
        ins.message_id, ${now}::timestamptz, ${entry.createdBy}
      from ins
      returning id
    ), touched as (
      update ${leads} set last_interaction_at = greatest(${leads.lastInteractionAt}, ${now}::timestamptz),
        -- A staff member's e-mail answers the conversation: it leaves the inbox (ADR 065); the
        -- product's own acknowledgement does not.
        inbox_since = case when ${staffWrote}::boolean then null else inbox_since end,
        inbox_at = case when ${staffWrote}::boolean then null else inbox_at end
      where ${leads.id} = ${entry.leadId} and exists (select 1 from entry)
      returning 1
    )
    select ins.id, ins.timeline_id as "timelineId", ins.message_id as "messageId", ins.status, ins.last_error as "lastError"
    from ins`);
  return (result as unknown as { rows: RecordedMessage[] }).rows[0];
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
 * The due ids are picked by `= any(array(subquery))`, an init plan evaluated exactly once: as
 * `id IN (subquery)` the planner may run the LIMIT subquery again for every outer row (a nested-loop
 * semi-join, chosen when the table's statistics are stale, as in PGlite, which never auto-analyses),
 * and each run locks the next rows: with a backlog of 1,000 one claim took all 1,000 (1.2 s, one
 * 5-minute lease for all).
 */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), sql`${emailOutbox.nextAttemptAt} <= ${now.toISOString()}`))
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      leaseUntil,
      attemptStartedAt: null,
      updatedAt: now,
    })
    .where(and(sql`${emailOutbox.id} = any(array(${due}))`, eq(emailOutbox.status, 'queued')))
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
}

/** The due messages as one lease (ADR 070: lib/lease.ts): each claim takes up to `limit` rows. */
export function dueMessagesLease(db: DbOrTx, limit: number): LeaseStore<OutboxRow[]> {
  return { claim: (now, leaseUntil) => claimDue(db, now, leaseUntil, limit) };
}

/**
 * The claimed attempt is about to speak SMTP: from here on it may have left (ADR 064). False when
 * this attempt no longer holds the row (its lease was taken over): then it must not send.
 */
export async function startAttempt(db: DbOrTx, id: number, attempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ attemptStartedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.attempts, attempts)))
    .returning({ id: emailOutbox.id });
  return rows.length === 1;
}

/**
 * Sending rows whose instance stopped before recording the outcome (killed mid-send), past their
 * lease. Only the attempt that had started speaking SMTP may have left: it is failed with `error`
 * and never sent again on its own. Rows claimed with it but never started go back to the queue,
 * due at once (ADR 064). Answers the failed ones.
 */
export async function closeAbandoned(db: DbOrTx, now: Date, error: string): Promise<OutboxRow[]> {
  const abandoned = and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.leaseUntil, now));
  await db
    .update(emailOutbox)
    .set({ status: 'queued', leaseUntil: null, nextAttemptAt: now, updatedAt: now })
    .where(and(abandoned, isNull(emailOutbox.attemptStartedAt)));
  return db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: error, leaseUntil: null, updatedAt: now })
    .where(and(abandoned, isNotNull(emailOutbox.attemptStartedAt)))
    .returning();
}

/** What the drain needs back from a finished attempt. */
export type FinishedAttempt = Pick<OutboxRow, 'id' | 'leadId' | 'timelineId' | 'status' | 'lastError' | 'warning'>;

/** An attempt's outcome; fields left out keep their stored value. */
export type AttemptOutcome = Pick<OutboxRow, 'status' | 'lastError' | 'updatedAt'> &
  Partial<Pick<OutboxRow, 'warning' | 'sentAt' | 'nextAttemptAt'>>;

/**
 * Records an attempt's outcome, only while this attempt still holds the row (fencing), and in the
 * same statement its delivery state on the lead's timeline entry (`metadata.delivery`, what
 * timeline.repository's setDelivery writes): one commit per message for the drain, and the entry
 * never disagrees with the outbox. Undefined when the attempt lost its row: then nothing is written.
 */
export async function finishAttempt(
  db: DbOrTx,
  id: number,
  attempts: number,
  outcome: AttemptOutcome,
): Promise<FinishedAttempt | undefined> {
  const at = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const result = await db.execute(sql`
    with done as (
      update ${emailOutbox} set
        status = ${outcome.status},
        last_error = ${outcome.lastError},
        warning = ${outcome.warning === undefined ? sql`warning` : sql`${outcome.warning}`},
        sent_at = coalesce(${at(outcome.sentAt)}::timestamptz, sent_at),
        next_attempt_at = coalesce(${at(outcome.nextAttemptAt)}::timestamptz, next_attempt_at),
        updated_at = ${at(outcome.updatedAt)}::timestamptz,
        lease_until = null
      where id = ${id} and status = 'sending' and attempts = ${attempts}
      returning id, lead_id, timeline_id, status, last_error, warning
    ), entry as (
      update ${leadTimeline} set metadata = coalesce(${leadTimeline.metadata}, '{}'::jsonb) || jsonb_build_object(
        'delivery', jsonb_build_object('outboxId', done.id, 'status', done.status, 'error', done.last_error,
          'warning', done.warning))
      from done where ${leadTimeline.id} = done.timeline_id
      returning 1
    )
    select id, lead_id as "leadId", timeline_id as "timelineId", status, last_error as "lastError", warning from done`);
  return (result as unknown as { rows: FinishedAttempt[] }).rows[0];
}

/**
 * Failed -> queued again (staff's Retry); undefined unless it had failed before leaving. A failed row
 * with a sentAt left and bounced back (ADR 040: only a bounce turns sent into failed): never requeued.
 */
export async function requeue(db: DbOrTx, id: number, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, updatedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed'), isNull(emailOutbox.sentAt)))
    .returning();
  return row;
}

/** A message that was sent and then bounced (ADR 040): failed, with the time it had left. */
export const isBounced = (row: Pick<OutboxRow, 'status' | 'sentAt'>) => row.status === 'failed' && row.sentAt !== null;

export async function countDue(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), sql`${emailOutbox.nextAttemptAt} <= ${now.toISOString()}`));
  return row?.n ?? 0;
}
