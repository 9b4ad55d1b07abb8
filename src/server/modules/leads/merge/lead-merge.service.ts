import type { Db, Tx } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  addTimelineEntry,
  moveTimelineEntries,
  recomputeLastInteraction,
} from '#server/modules/timeline/timeline.api.ts';
import { staffName, type StaffUser } from '../lead/lead-manual.ts';
import { updateLead, type LeadRow } from '../leads.repository.ts';
import { mergedFields, orderForMerge } from './lead-merge.ts';
import { deleteLead, lockLeadsForMerge, moveLeadLinks } from './lead-merge.repository.ts';

/**
 * Moves another module's rows of one lead to another (a merge), inside the merge's transaction.
 * Modules that hang rows on a lead (proposals) depend on this one, so app.ts hands their verbs in
 * rather than this module importing them: no module cycle (ADR 071).
 */
export type MoveLeadRows = (tx: Tx, fromLeadId: number, toLeadId: number) => Promise<void>;

export interface MergeResult {
  survivor: LeadRow;
  merged: LeadRow;
}

/**
 * Merges two leads inside the caller's transaction (only `tx`: PGlite has one connection). The
 * newer lead's timeline, proposals and imports move to the older one, its views and notifications
 * point there too, its details fill the older one's gaps, and it is deleted.
 */
async function mergeLeads(
  tx: Tx,
  input: { leadId: number; otherId: number; by: { id: number; name: string }; now: Date },
  moveRows: readonly MoveLeadRows[],
): Promise<MergeResult> {
  const { leadId, otherId, by, now } = input;
  if (leadId === otherId)
    throw new AppError('VALIDATION', 'A lead cannot be merged with itself', { otherId: 'Choose a different lead' });
  const rows = await lockLeadsForMerge(tx, [leadId, otherId]);
  const lead = rows.find((r) => r.id === leadId);
  const other = rows.find((r) => r.id === otherId);
  if (!lead) throw notFound('Lead not found');
  if (!other) throw notFound('The lead to merge with was not found');
  const { older, newer } = orderForMerge(lead, other);

  await moveTimelineEntries(tx, newer.id, older.id);
  for (const move of moveRows) await move(tx, newer.id, older.id);
  await moveLeadLinks(tx, newer.id, older.id);
  await deleteLead(tx, newer.id);
  const survivor = await updateLead(tx, older.id, { ...mergedFields(older, newer), updatedAt: now });

  // The record of the merge. The type check allows only email, chat and call: 'chat' is the one
  // staff can edit or delete (an e-mail entry could not be), titled so no one takes it for a message.
  const newerName = [newer.firstName, newer.lastName].filter(Boolean).join(' ');
  await addTimelineEntry(tx, {
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

/** Merging two leads into the older one (ADR 012); duplicates are found by lead-duplicates.repository.ts. */
export function createLeadMergeService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  /** What other modules move with a merged lead: the proposals (app.ts). */
  moveRows: readonly MoveLeadRows[];
}) {
  const { db, hub, clock, moveRows } = deps;

  return {
    /** Merges two leads into the older one, in one transaction; open back offices drop the merged one. */
    async merge(id: number, otherId: number, user: StaffUser): Promise<{ leadId: number; mergedReference: string }> {
      const { survivor, merged } = await db.transaction((tx) =>
        mergeLeads(tx, { leadId: id, otherId, by: { id: user.id, name: staffName(user) }, now: clock.now() }, moveRows),
      );
      hub.publish({
        type: 'lead_deleted',
        data: { leadId: merged.id, byUserId: user.id, mergedInto: survivor.id },
        audience: { kind: 'staff' },
      });
      hub.publish({
        type: 'lead_updated',
        data: { leadId: survivor.id, byUserId: user.id },
        audience: { kind: 'staff' },
      });
      return { leadId: survivor.id, mergedReference: merged.reference };
    },
  };
}

export type LeadMergeService = ReturnType<typeof createLeadMergeService>;
