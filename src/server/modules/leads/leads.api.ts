// What the leads module offers other modules and scripts on purpose; everything else is internal.

/** A lead row as the list shows it, for other modules' lists (the dashboard's recent leads). */
export { leadListColumns } from './leads.repository.ts';
export { toLeadListItem } from './lead-list-item.ts';
/** Whether a lead exists, for modules that hang rows on a lead (proposals). */
export { leadExists } from './leads.repository.ts';
/** Generated references (ADR 008), for the demo seed. */
export { nextLeadReference } from './leads.repository.ts';
/** A new proposal quotes a lead not yet quoted (ADR 020), inside the proposal's transaction. */
export { quoteLeadFromProposal } from './lead/lead-quote.ts';
/** The site form's request as the lead's first timeline entry (ADR 020), for the demo seed too. */
export { quoteRequestEntry } from './lead/lead-from-quote.ts';
/** Converting a lead by creating an import from it (ADR 023), inside the import's transaction. */
export { convertLeadToImport, lockLeadForConversion } from './lead/lead-convert.ts';
/** The CSV rules of the leads export, for other exports (imports, cost lines). */
export { csvDecimal, csvLine, lisbonDateTime } from './list/leads-export.ts';
/** Route schemas whose vehicle-year bound follows the clock's current year (imports use it too). */
export { yearBoundSchema } from './lead/year-bound-schema.ts';
/** One lead's row, for modules that write to the customer (the e-mail module). */
export { findLeadById } from './lead/lead.repository.ts';
/** A lead from an e-mail (the mailbox sync), inside the sync's own transaction. */
export { insertLead, type LeadRow } from './leads.repository.ts';
export { makeModelFromListingLink } from './lead/listing-link.ts';
export { splitName } from './lead/lead-from-quote.ts';
