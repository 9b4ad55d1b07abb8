import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EmailData, TimelineEvent, TimelineMetadata, TimelineType } from '#shared/schemas/timeline.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { mailAttachments } from '#server/db/schema/messaging.ts';
import type { AppError } from '#server/lib/app-error.ts';
import { missedWriteError, nextVersion, versionedWhere, type VersionedWriteOptions } from '#server/lib/versioned.ts';

export type TimelineRow = typeof leadTimeline.$inferSelect;
export type NewTimelineRow = Omit<typeof leadTimeline.$inferInsert, 'type' | 'emailData' | 'metadata'> & {
  type: TimelineType;
  emailData?: EmailData | null;
  metadata?: (TimelineMetadata & { event?: TimelineEvent; delivery?: EmailDelivery }) | null;
};
/** A sent e-mail's outbox state, kept on its timeline entry. */
export interface EmailDelivery {
  outboxId: number;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  error?: string | null;
  warning?: string | null;
  /** The recipient's server returned it (a bounce, ADR 040): failed for good, the error says why. */
  bounced?: boolean;
}

const entryColumns = {
  id: leadTimeline.id,
  leadId: leadTimeline.leadId,
  type: leadTimeline.type,
  title: leadTimeline.title,
  description: leadTimeline.description,
  emailData: leadTimeline.emailData,
  metadata: leadTimeline.metadata,
  createdAt: leadTimeline.createdAt,
  createdBy: leadTimeline.createdBy,
  createdByUsername: users.username,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
  /** Set when the author's account was deleted (ADR 029): the entry keeps the name, marked. */
  createdByDeletedAt: users.deletedAt,
  version: leadTimeline.version,
};

/** A lead's entries, newest first (ties: the later id first), with the author's names. */
export async function listEntries(db: DbOrTx, leadId: number) {
  return db
    .select(entryColumns)
    .from(leadTimeline)
    .leftJoin(users, eq(users.id, leadTimeline.createdBy))
    .where(eq(leadTimeline.leadId, leadId))
    .orderBy(desc(leadTimeline.createdAt), desc(leadTimeline.id));
}
export type TimelineEntryRow = Awaited<ReturnType<typeof listEntries>>[number];

export async function findEntry(db: DbOrTx, id: number): Promise<TimelineEntryRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(leadTimeline)
    .leftJoin(users, eq(users.id, leadTimeline.createdBy))
    .where(eq(leadTimeline.id, id))
    .limit(1);
  return row;
}

/** The attachments of these entries (imported e-mails), without their bytes, in the order received. */
export async function attachmentsOf(db: DbOrTx, timelineIds: number[]) {
  if (timelineIds.length === 0) return [];
  return db
    .select({
      id: mailAttachments.id,
      timelineId: mailAttachments.timelineId,
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      size: mailAttachments.byteSize,
    })
    .from(mailAttachments)
    .where(inArray(mailAttachments.timelineId, timelineIds))
    .orderBy(asc(mailAttachments.id));
}
export type AttachmentRow = Awaited<ReturnType<typeof attachmentsOf>>[number];

export async function insertEntry(db: DbOrTx, values: NewTimelineRow): Promise<TimelineRow> {
  const [row] = await db.insert(leadTimeline).values(values).returning();
  return row!;
}

/**
 * A staff edit: adds one to the version (ADR 022) and, with `expected`, writes only while the
 * version is still that. Undefined when no row changed (see missedEntryWrite).
 */
export async function updateEntry(
  db: DbOrTx,
  id: number,
  values: Partial<NewTimelineRow>,
  expected: number | null = null,
): Promise<TimelineRow | undefined> {
  const [row] = await db
    .update(leadTimeline)
    .set({ ...values, ...nextVersion(leadTimeline) })
    .where(versionedWhere(leadTimeline, id, expected))
    .returning();
  return row;
}

/** Every entry of one lead moves to another (a merge keeps the merged lead's history). */
export async function moveEntries(db: DbOrTx, fromLeadId: number, toLeadId: number): Promise<void> {
  await db.update(leadTimeline).set({ leadId: toLeadId }).where(eq(leadTimeline.leadId, fromLeadId));
}

/** Deletes the entry while its version is still `expected` (or always); undefined when none went. */
export async function deleteEntry(
  db: DbOrTx,
  id: number,
  expected: number | null = null,
): Promise<TimelineRow | undefined> {
  const [row] = await db
    .delete(leadTimeline)
    .where(versionedWhere(leadTimeline, id, expected))
    .returning();
  return row;
}

/** After an edit or delete that changed no row: 404 when the entry is gone, else 409 STALE_VERSION. */
export const missedEntryWrite = (db: DbOrTx, id: number, opts: VersionedWriteOptions): Promise<AppError> =>
  missedWriteError(db, leadTimeline, id, opts);

/**
 * lastInteractionAt = the newest entry of ours, or the lead's creation when it has none (ADR 012).
 * What the customer's side does alone is not our interaction and leaves lateness as it was: opening
 * a proposal, an auto-reply (ADR 040), and any e-mail they send (issue 30 item 4, ADR 063). Only
 * e-mails flagged outgoing count. Run after every timeline change, in the same transaction.
 */
export async function recomputeLastInteraction(db: DbOrTx, leadId: number): Promise<void> {
  await db
    .update(leads)
    .set({
      lastInteractionAt: sql`coalesce((select max(t.created_at) from lead_timeline t where t.lead_id = ${leadId}::int and coalesce(t.metadata->>'event', '') not in ('proposal_viewed', 'auto_reply', 'customer_replied', 'listing_changed') and (t.type <> 'email' or coalesce(t.email_data->>'isOutgoing', 'false') = 'true')), ${leads.createdAt})`,
    })
    .where(eq(leads.id, leadId));
}

export async function leadExists(db: DbOrTx, leadId: number): Promise<boolean> {
  const [row] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).limit(1);
  return !!row;
}

/** Sets the delivery state on a sent e-mail's entry, keeping the rest of its metadata. */
export async function setDelivery(db: DbOrTx, id: number, delivery: EmailDelivery): Promise<void> {
  await db
    .update(leadTimeline)
    .set({
      metadata: sql`coalesce(${leadTimeline.metadata}, '{}'::jsonb) || jsonb_build_object('delivery', ${JSON.stringify(delivery)}::jsonb)`,
    })
    .where(eq(leadTimeline.id, id));
}
