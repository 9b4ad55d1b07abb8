import { asc, eq, inArray, sql } from 'drizzle-orm';
import { normalizePhone } from '#shared/phone.ts';
import { LEAD_NOTES_MAX, NOT_SPECIFIED } from '#shared/schemas/leads.ts';
import type { Tx } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { leads, leadTimeline, userLeadViews } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { insertEntry, recomputeLastInteraction } from '#server/modules/timeline/timeline.repository.ts';
import type { LeadRow, NewLeadRow } from '../leads.repository.ts';

/** Contact and vehicle fields the survivor takes from the merged lead when its own are empty. */
const FILLABLE = [
  'lastName',
  'email',
  'phone',
  'vehicleYear',
  'budget',
  'mileage',
  'transmission',
  'fuelType',
  'vehicleLink',
  'quotedAmount',
  'utmSource',
  'assignedTo',
] as const;

/** The survivor is the older lead by creation; a tie goes to the lower id (ADR 012). */
export function orderForMerge(a: LeadRow, b: LeadRow): { older: LeadRow; newer: LeadRow } {
  const diff = a.createdAt.getTime() - b.createdAt.getTime();
  return diff < 0 || (diff === 0 && a.id < b.id) ? { older: a, newer: b } : { older: b, newer: a };
}

/** The survivor's notes with the merged lead's appended under 'Merged from #REF', cut to the limit. */
export function mergedNotes(older: Pick<LeadRow, 'notes'>, newer: Pick<LeadRow, 'notes' | 'reference'>): string | null {
  const theirs = newer.notes?.trim();
  if (!theirs) return older.notes;
  const ours = older.notes?.trimEnd();
  const appended = `Merged from #${newer.reference}\n${theirs}`;
  return (ours ? `${ours}\n\n${appended}` : appended).slice(0, LEAD_NOTES_MAX);
}

/** Fields of the survivor to change: empty ones filled from the merged lead, never overwritten. */
export function mergedFields(older: LeadRow, newer: LeadRow): Partial<NewLeadRow> {
  const set: Partial<NewLeadRow> = {};
  const target = set as Record<string, unknown>;
  for (const key of FILLABLE) {
    const mine = older[key];
    const theirs = newer[key];
    if ((mine === null || mine === '') && theirs !== null && theirs !== '') target[key] = theirs;
  }
  if ('phone' in set) set.phoneNormalized = normalizePhone(set.phone);
  if (older.vehicleMake === NOT_SPECIFIED && newer.vehicleMake !== NOT_SPECIFIED) set.vehicleMake = newer.vehicleMake;
  if (older.vehicleModel === NOT_SPECIFIED && newer.vehicleModel !== NOT_SPECIFIED)
    set.vehicleModel = newer.vehicleModel;
  if (!older.starred && newer.starred) set.starred = true;
  const notes = mergedNotes(older, newer);
  if (notes !== older.notes) set.notes = notes;
  return set;
}

export interface MergeResult {
  survivor: LeadRow;
  merged: LeadRow;
}

/**
 * Merges two leads inside the caller's transaction (use only `tx`: PGlite has one connection).
 * The newer lead's timeline, proposals and imports move to the older one, its views and
 * notifications point there too, its details fill the older one's gaps, and it is deleted.
 */
export async function mergeLeads(
  tx: Tx,
  input: { leadId: number; otherId: number; by: { id: number; name: string }; now: Date },
): Promise<MergeResult> {
  const { leadId, otherId, by, now } = input;
  if (leadId === otherId)
    throw new AppError('VALIDATION', 'A lead cannot be merged with itself', { otherId: 'Choose a different lead' });
  // Locked in id order, so two merges of the same pair wait for each other instead of deadlocking.
  const rows = await tx
    .select()
    .from(leads)
    .where(inArray(leads.id, [leadId, otherId]))
    .orderBy(asc(leads.id))
    .for('update');
  const lead = rows.find((r) => r.id === leadId);
  const other = rows.find((r) => r.id === otherId);
  if (!lead) throw notFound('Lead not found');
  if (!other) throw notFound('The lead to merge with was not found');
  const { older, newer } = orderForMerge(lead, other);

  await tx.update(leadTimeline).set({ leadId: older.id }).where(eq(leadTimeline.leadId, newer.id));
  await tx.update(proposals).set({ leadId: older.id }).where(eq(proposals.leadId, newer.id));
  // An import keeps pointing at its customer's lead instead of losing the link (on delete set null).
  await tx.update(imports).set({ leadId: older.id }).where(eq(imports.leadId, newer.id));
  await tx
    .update(notifications)
    .set({ relatedId: older.id })
    .where(sql`${notifications.relatedType} = 'lead' and ${notifications.relatedId} = ${newer.id}`);
  // Whoever opened either lead has seen the merged one; the newer's own rows go with it.
  await tx.execute(sql`
    insert into user_lead_views (user_id, lead_id, seen_at)
    select v.user_id, ${older.id}::int, v.seen_at from user_lead_views v where v.lead_id = ${newer.id}::int
    on conflict (user_id, lead_id) do update set seen_at = greatest(user_lead_views.seen_at, excluded.seen_at)`);
  await tx.delete(userLeadViews).where(eq(userLeadViews.leadId, newer.id));

  await tx.delete(leads).where(eq(leads.id, newer.id));
  const [survivor] = await tx
    .update(leads)
    .set({ ...mergedFields(older, newer), updatedAt: now })
    .where(eq(leads.id, older.id))
    .returning();

  // The record of the merge. The type check allows only email, chat and call: 'chat' is the one
  // staff can edit or delete (an e-mail entry could not be), titled so no one takes it for a message.
  const newerName = [newer.firstName, newer.lastName].filter(Boolean).join(' ');
  await insertEntry(tx, {
    leadId: older.id,
    type: 'chat',
    title: 'Leads merged',
    description: `Lead #${newer.reference} (${newerName}) was merged into #${older.reference} by ${by.name}.`,
    metadata: { outcome: 'merged' },
    createdBy: by.id,
    createdAt: now,
  });
  await recomputeLastInteraction(tx, older.id);
  return { survivor: survivor!, merged: newer };
}
