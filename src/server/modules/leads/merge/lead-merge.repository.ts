import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { leads, userLeadViews } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import type { LeadRow } from '../leads.repository.ts';

/** Both leads, locked in id order, so two merges of the same pair wait for each other instead of deadlocking. */
export function lockLeadsForMerge(tx: Tx, ids: [number, number]): Promise<LeadRow[]> {
  return tx.select().from(leads).where(inArray(leads.id, ids)).orderBy(asc(leads.id)).for('update');
}

/**
 * What else points at the merged lead moves to the survivor: its imports, its notifications and
 * who has seen it (whoever opened either lead has seen the survivor; the newer's own rows go).
 */
export async function moveLeadLinks(tx: Tx, fromLeadId: number, toLeadId: number): Promise<void> {
  // An import keeps pointing at its customer's lead instead of losing the link (on delete set null).
  // No imports module exists yet, and notifications has no api of its own: both are written here.
  await tx.update(imports).set({ leadId: toLeadId }).where(eq(imports.leadId, fromLeadId));
  await tx
    .update(notifications)
    .set({ relatedId: toLeadId })
    .where(sql`${notifications.relatedType} = 'lead' and ${notifications.relatedId} = ${fromLeadId}`);
  await tx.execute(sql`
    insert into user_lead_views (user_id, lead_id, seen_at)
    select v.user_id, ${toLeadId}::int, v.seen_at from user_lead_views v where v.lead_id = ${fromLeadId}::int
    on conflict (user_id, lead_id) do update set seen_at = greatest(user_lead_views.seen_at, excluded.seen_at)`);
  await tx.delete(userLeadViews).where(eq(userLeadViews.leadId, fromLeadId));
}

export async function deleteLead(tx: Tx, id: number): Promise<void> {
  await tx.delete(leads).where(eq(leads.id, id));
}
