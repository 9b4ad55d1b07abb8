// What the proposals module lets other modules do on purpose, inside their own transaction.
import type { DbOrTx } from '#server/db/client.ts';
import { moveProposalsToLead } from './proposals.repository.ts';

/** Moves every proposal of one lead to another (a merge), inside the caller's transaction. */
export function moveProposals(tx: DbOrTx, fromLeadId: number, toLeadId: number): Promise<void> {
  return moveProposalsToLead(tx, fromLeadId, toLeadId);
}
