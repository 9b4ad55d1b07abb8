// What the proposals module lets other modules do on purpose, inside their own transaction.
import type { DbOrTx } from '#server/db/client.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { findById, moveProposalsToLead } from './proposals.repository.ts';

/** Moves every proposal of one lead to another (a merge), inside the caller's transaction. */
export function moveProposals(tx: DbOrTx, fromLeadId: number, toLeadId: number): Promise<void> {
  return moveProposalsToLead(tx, fromLeadId, toLeadId);
}

/** A proposal's lead and public id, for an import created from it (ADR 023); undefined when missing. */
export async function findProposalLink(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; leadId: number | null; publicId: string } | undefined> {
  const row = await findById(db, id);
  return row ? { id: row.id, leadId: row.leadId, publicId: row.publicId } : undefined;
}

/** Whether any proposal exists: the proposal-email template cannot be deleted while one does. */
export async function anyProposalExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: proposals.id }).from(proposals).limit(1);
  return rows.length > 0;
}
