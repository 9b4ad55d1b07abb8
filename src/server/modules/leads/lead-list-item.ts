import { sql, type SQL } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import type { LeadListItem } from '#shared/schemas/leads.ts';

/**
 * Whether `userId` has seen a lead (ADR 012): opened it (a user_lead_views row) or marked all as
 * read after it was created (users.leads_seen_before).
 */
export function seenBy(userId: number): SQL<boolean> {
  // Written out with qualified names: drizzle leaves columns unqualified in a one-table select,
  // which would bind them to the subqueries' tables.
  return sql<boolean>`(exists (select 1 from user_lead_views v where v.lead_id = "leads"."id" and v.user_id = ${userId})
    or "leads"."created_at" <= coalesce((select u.leads_seen_before from users u where u.id = ${userId}), '-infinity'::timestamptz))`;
}

/** A list row's columns that are the same for every user (the CSV export uses them alone). */
export const leadRowColumns = {
  id: leads.id,
  reference: leads.reference,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  phone: leads.phone,
  vehicleMake: leads.vehicleMake,
  vehicleModel: leads.vehicleModel,
  vehicleYear: leads.vehicleYear,
  budget: leads.budget,
  status: leads.status,
  emailSource: leads.emailSource,
  origin: leads.origin,
  starred: leads.starred,
  lastInteractionAt: leads.lastInteractionAt,
  createdAt: leads.createdAt,
};

/** The columns of a list row (LeadListItem) for `userId`, for db.select(). */
export function leadListColumns(userId: number) {
  return { ...leadRowColumns, seen: seenBy(userId) };
}

type LeadListRow = {
  [K in keyof ReturnType<typeof leadListColumns>]: K extends 'seen' ? boolean | string | null : unknown;
};

/** A selected row as the API answers it: ISO instants, the vocabularies typed. */
export function toLeadListItem(row: LeadListRow): LeadListItem {
  return {
    ...(row as unknown as LeadListItem),
    // Both drivers return booleans for exists(); PGlite can hand back 't'/'f' through raw sql.
    seen: row.seen === true || row.seen === 't',
    lastInteractionAt: new Date(row.lastInteractionAt as Date | string).toISOString(),
    createdAt: new Date(row.createdAt as Date | string).toISOString(),
  };
}
