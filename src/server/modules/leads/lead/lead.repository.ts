import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads, userLeadViews } from '#server/db/schema/leads.ts';
import { nextVersion } from '#server/lib/versioned.ts';
import { leadListColumns, type LeadRow } from '../leads.repository.ts';

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
    requestedBudget: leads.requestedBudget,
    manual: leads.manual,
    utmSource: leads.utmSource,
    assignedTo: leads.assignedTo,
    lostReason: leads.lostReason,
    lostReasonText: leads.lostReasonText,
    updatedAt: leads.updatedAt,
    phoneNormalized: leads.phoneNormalized,
    version: leads.version,
  };
}

export async function findLeadDetail(db: DbOrTx, id: number, userId: number) {
  // A named statement (ADR 073): one text for every lead and user.
  const [row] = await db
    .select(leadDetailColumns(userId))
    .from(leads)
    .where(eq(leads.id, id))
    .limit(1)
    .prepare('lead_detail')
    .execute();
  return row;
}
export type LeadDetailRow = NonNullable<Awaited<ReturnType<typeof findLeadDetail>>>;

export async function findLeadById(db: DbOrTx, id: number): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

/**
 * Flips the star in one statement (two clicks at once never lose one); undefined when missing. Not
 * a field of the lead's forms: the version stays (ADR 022), so an open form is not made stale.
 */
export async function toggleStar(db: DbOrTx, id: number, now: Date): Promise<boolean | undefined> {
  const [row] = await db
    .update(leads)
    .set({ starred: sql`not ${leads.starred}`, updatedAt: now })
    .where(eq(leads.id, id))
    .returning({ starred: leads.starred });
  return row?.starred;
}

/** The creator of a new lead has seen it (ADR 012); runs in the transaction that inserts the lead. */
export async function insertLeadView(db: DbOrTx, view: { userId: number; leadId: number; seenAt: Date }) {
  await db.insert(userLeadViews).values(view);
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
  const seen = (result as { rows: unknown[] }).rows.length > 0;
  // A staff member opened it: a customer's e-mail is no longer unread (docs/rulings.md ruling 21).
  if (seen)
    await db
      .update(leads)
      .set({ staffUnread: false })
      .where(and(eq(leads.id, leadId), eq(leads.staffUnread, true)));
  return seen;
}

/** Status and quoted amount of a lead, locked until the transaction ends (the proposal-quote rule reads then writes them). */
export async function lockLeadQuote(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ status: leads.status, quotedAmount: leads.quotedAmount })
    .from(leads)
    .where(eq(leads.id, id))
    .for('update');
  return row;
}

export async function setLeadQuote(tx: DbOrTx, id: number, quotedAmount: string, at: Date): Promise<void> {
  // Status and quoted amount are fields staff edit: the version moves (ADR 022).
  await tx
    .update(leads)
    .set({ status: 'quoted', quotedAmount, updatedAt: at, ...nextVersion(leads) })
    .where(eq(leads.id, id));
}
