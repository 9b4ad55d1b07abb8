// What the timeline module lets other modules do on purpose: write timeline rows inside their own
// transaction (a proposal's first view, a merge), through this module's repository and rules.
import type { DbOrTx } from '#server/db/client.ts';
import * as repo from './timeline.repository.ts';

export type NewTimelineEntry = repo.NewTimelineRow;

/** Adds one entry; a caller that records contact recomputes lastInteractionAt after it. */
export function addTimelineEntry(db: DbOrTx, entry: NewTimelineEntry): Promise<repo.TimelineRow> {
  return repo.insertEntry(db, entry);
}

/** Moves every entry of one lead to another (a merge), inside the caller's transaction. */
export function moveTimelineEntries(tx: DbOrTx, fromLeadId: number, toLeadId: number): Promise<void> {
  return repo.moveEntries(tx, fromLeadId, toLeadId);
}

/** lastInteractionAt from the lead's timeline (ADR 012): after any change, in the same transaction. */
export function recomputeLastInteraction(tx: DbOrTx, leadId: number): Promise<void> {
  return repo.recomputeLastInteraction(tx, leadId);
}

export type { EmailDelivery } from './timeline.repository.ts';

/** A sent e-mail's outbox state on its entry (the outbox keeps it current). */
export function setEmailDelivery(db: DbOrTx, timelineId: number, delivery: repo.EmailDelivery): Promise<void> {
  return repo.setDelivery(db, timelineId, delivery);
}
