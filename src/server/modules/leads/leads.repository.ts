import { eq, sql } from 'drizzle-orm';
import { normalizePhone } from '#shared/phone.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { leadListColumns } from './lead-list-item.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

/** Inserts a lead, keeping phoneNormalized in step with phone. */
export async function insertLead(db: DbOrTx, values: NewLeadRow): Promise<LeadRow> {
  const [row] = await db
    .insert(leads)
    .values({ ...values, phoneNormalized: normalizePhone(values.phone) })
    .returning();
  return row!;
}

/** The columns of the detail view (a list row plus the rest), `seen` for `userId`. */
export function leadDetailColumns(userId: number) {
  return {
    ...leadListColumns(userId),
    mileage: leads.mileage,
    transmission: leads.transmission,
    fuelType: leads.fuelType,
    vehicleLink: leads.vehicleLink,
    notes: leads.notes,
    quotedAmount: leads.quotedAmount,
    manual: leads.manual,
    utmSource: leads.utmSource,
    assignedTo: leads.assignedTo,
    updatedAt: leads.updatedAt,
    phoneNormalized: leads.phoneNormalized,
  };
}

export async function findLeadDetail(db: DbOrTx, id: number, userId: number) {
  const [row] = await db.select(leadDetailColumns(userId)).from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}
export type LeadDetailRow = NonNullable<Awaited<ReturnType<typeof findLeadDetail>>>;

export async function findLeadById(db: DbOrTx, id: number): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

/** Partial update; phoneNormalized follows phone when phone is part of it. Undefined when missing. */
export async function updateLead(db: DbOrTx, id: number, values: Partial<NewLeadRow>): Promise<LeadRow | undefined> {
  const set = 'phone' in values ? { ...values, phoneNormalized: normalizePhone(values.phone) } : values;
  const [row] = await db.update(leads).set(set).where(eq(leads.id, id)).returning();
  return row;
}

/** Flips the star in one statement (two clicks at once never lose one); undefined when missing. */
export async function toggleStar(db: DbOrTx, id: number, now: Date): Promise<boolean | undefined> {
  const [row] = await db
    .update(leads)
    .set({ starred: sql`not ${leads.starred}`, updatedAt: now })
    .where(eq(leads.id, id))
    .returning({ starred: leads.starred });
  return row?.starred;
}

/**
 * Records that `userId` opened the lead (idempotent: a second visit moves seen_at). Inserts from a
 * select on leads, so a missing lead inserts nothing and answers false instead of a key error.
 */
export async function markLeadSeen(db: DbOrTx, userId: number, leadId: number, now: Date): Promise<boolean> {
  const result = await db.execute<{ id: number }>(sql`
    insert into user_lead_views (user_id, lead_id, seen_at)
    select ${userId}::int, l.id, ${now.toISOString()}::timestamptz from leads l where l.id = ${leadId}::int
    on conflict (user_id, lead_id) do update set seen_at = excluded.seen_at
    returning id`);
  return (result as { rows: unknown[] }).rows.length > 0;
}
