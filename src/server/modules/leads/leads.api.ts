// What other modules use of leads: a lead list row (the dashboard's recent leads) and the next
// reference (the demo seed).
export { leadListColumns, toLeadListItem } from './lead-columns.ts';
export { nextLeadReference } from './lead-reference.ts';
