// What the leads module lets other modules and scripts do on purpose: operations on leads, each in
// the caller's transaction where it takes `db`. Helpers with no lead in them live in src/server/lib
// (csv.ts, year-bound-schema.ts) or src/shared; everything else here is internal (ADR 071).
import type { LeadListItem } from '#shared/schemas/leads.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { toLeadListItem } from './lead-list-item.ts';
import * as repo from './leads.repository.ts';
import * as owners from './owner/owner.repository.ts';

/** The newest leads as the list shows them to `userId` (the dashboard's recent leads). */
export async function recentLeads(db: DbOrTx, userId: number, limit: number): Promise<LeadListItem[]> {
  return (await repo.newestLeads(db, userId, limit)).map(toLeadListItem);
}

/** Whether a lead exists, for modules that hang rows on a lead (proposals). */
export function leadExists(db: DbOrTx, leadId: number): Promise<boolean> {
  return repo.leadExists(db, leadId);
}

/** Takes the next generated reference (ADR 008), for leads made outside the API (the demo seed). */
export function nextLeadReference(db: DbOrTx): Promise<string> {
  return repo.nextLeadReference(db);
}

/** A deleted user's leads go to the staff member the admin picked (ADR 065), in the caller's transaction. */
export function handOverLeads(db: DbOrTx, from: number, to: number | null, now: Date): Promise<number> {
  return owners.handOverLeads(db, from, to, now);
}

/** A proposal that reaches the customer quotes a lead not yet quoted (ADR 053), inside the caller's transaction. */
export { quoteLeadFromProposal, type ProposalDelivery } from './lead/lead-quote.ts';
/** The site form's request as the lead's first timeline entry (ADR 020), for the demo seed too. */
export { quoteRequestEntry } from './lead/lead-from-quote.ts';
/** Converting a lead by creating an import from it (ADR 023), inside the import's transaction. */
export { convertLeadToImport, lockLeadForConversion } from './lead/lead-convert.ts';
/** Who is notified about a lead (ADR 065): its owner, else all staff; pass the answer to notify(). */
export { whoIsNotifiedAboutLead } from './owner/lead-audience.ts';
/** A lead from a person's e-mail (the mailbox sync, ADR 070), inside the sync's own transaction. */
export { createLeadFromEmail, type LeadFromEmail } from './lead/lead-from-email.ts';
/** The make and model a marketplace link names, for the mail import's subject line. */
export { makeModelFromListingLink } from './lead/listing-link.ts';
