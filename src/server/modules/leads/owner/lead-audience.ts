import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { liveUserIds } from './owner.repository.ts';

/**
 * Who is notified about lead X (ADR 065): its owner when it has a live one, else every staff
 * member. The answer is NotificationsService.notify's options: `{ userIds: [owner] }`, or `{}` for
 * everyone. New replies, proposal views and due tasks all ask here.
 */
export async function whoIsNotifiedAboutLead(db: DbOrTx, leadId: number): Promise<{ userIds?: number[] }> {
  const [row] = await db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!row || row.assignedTo === null) return {};
  const [owner] = await liveUserIds(db, [row.assignedTo]);
  return owner === undefined ? {} : { userIds: [owner] };
}
