import { eq } from 'drizzle-orm';
import { LEAD_STATUS_LABELS, type LeadStatus } from '#shared/leads/status.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { nextVersion } from '#server/lib/versioned.ts';
import { addTimelineEntry, recomputeLastInteraction } from '#server/modules/timeline/timeline.api.ts';

/**
 * Locks a lead for its conversion (inside the import's transaction): its status and reference, or
 * undefined when there is no such lead.
 */
export async function lockLeadForConversion(tx: DbOrTx, leadId: number) {
  const [row] = await tx
    .select({ id: leads.id, status: leads.status, reference: leads.reference })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return row;
}

/**
 * The lead becomes converted because an import was created from it (docs/decisions/023-imports.md):
 * inside the import's transaction, after the import row exists, so the status never says converted
 * without an import. A timeline entry by the user who converted it says so.
 */
export async function convertLeadToImport(
  tx: DbOrTx,
  input: {
    leadId: number;
    previousStatus: string;
    importId: number;
    vehicle: string;
    byUserId: number;
    at: Date;
  },
): Promise<void> {
  // The status is a field staff edit: the version moves (ADR 022), so a form still showing the old
  // status cannot put it back unseen.
  await tx
    .update(leads)
    .set({ status: 'converted', updatedAt: input.at, ...nextVersion(leads) })
    .where(eq(leads.id, input.leadId));
  const was = LEAD_STATUS_LABELS[input.previousStatus as LeadStatus] ?? input.previousStatus;
  await addTimelineEntry(tx, {
    leadId: input.leadId,
    type: 'chat',
    title: input.previousStatus === 'converted' ? 'Another import created' : `${was} → Converted`,
    description: `Import #${input.importId} created for the ${input.vehicle}.`,
    metadata: { event: 'converted_to_import' },
    createdBy: input.byUserId,
    createdAt: input.at,
  });
  await recomputeLastInteraction(tx, input.leadId);
}
