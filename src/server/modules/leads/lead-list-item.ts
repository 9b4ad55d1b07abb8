import type { LeadListItem } from '#shared/schemas/leads.ts';
import type { leadListColumns } from './leads.repository.ts';

type LeadListRow = {
  [K in keyof ReturnType<typeof leadListColumns>]: K extends 'seen' ? boolean | string | null : unknown;
};

/** A selected list row as the API answers it: ISO instants, the vocabularies typed. */
export function toLeadListItem(row: LeadListRow): LeadListItem {
  return {
    ...(row as unknown as LeadListItem),
    // Both drivers return booleans for exists(); PGlite can hand back 't'/'f' through raw sql.
    seen: row.seen === true || row.seen === 't',
    lastInteractionAt: new Date(row.lastInteractionAt as Date | string).toISOString(),
    createdAt: new Date(row.createdAt as Date | string).toISOString(),
  };
}
