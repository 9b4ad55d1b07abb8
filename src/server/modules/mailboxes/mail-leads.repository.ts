/**
 * What the mail import reads and writes of leads and their timelines (ADR 025): the lead a message
 * belongs to (thread, sender, reference), and a customer's reply marking its lead.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailMessages } from '#server/db/schema/messaging.ts';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
/** The lead a message id belongs to: an imported or sent message (any mailbox) or a timeline entry. */
export async function leadOfMessageIds(db: DbOrTx, ids: string[]): Promise<number | null> {
  // A hostile References header may list thousands: the newest 50 are asked.
  for (const id of ids.slice(0, 50)) {
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
/** What a customer's reply needs of its lead. */
export async function leadForReply(db: DbOrTx, leadId: number) {
  const [row] = await db
    .select({
      status: leads.status,
      reference: leads.reference,
      firstName: leads.firstName,
      lastName: leads.lastName,
      assignedTo: leads.assignedTo,
    })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return row;
}

/**
 * Unread for staff, waiting in the inbox (ADR 065: since the first unanswered e-mail, ordered by the
 * latest), and the new status when the reply moves it (a staff-edited field: the version moves, ADR 022).
 */
export async function markCustomerReply(
  db: DbOrTx,
  leadId: number,
  status: string | null,
  now: Date,
  inbox: { at: Date; mailbox: string },
): Promise<void> {
  const at = inbox.at.toISOString();
  await db
    .update(leads)
    .set({
      staffUnread: true,
      inboxSince: sql`coalesce(${leads.inboxSince}, ${at}::timestamptz)`,
      inboxAt: sql`greatest(${leads.inboxAt}, ${at}::timestamptz)`,
      inboxMailbox: inbox.mailbox,
      ...(status ? { status, updatedAt: now, version: sql`${leads.version} + 1` } : {}),
    })
    .where(eq(leads.id, leadId));
}

export async function touchLead(db: DbOrTx, leadId: number, at: Date): Promise<void> {
  await db
    .update(leads)
    .set({
      lastInteractionAt: sql`greatest(coalesce(${leads.lastInteractionAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(leads.id, leadId));
}
