import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { missedWriteError, nextVersion, versionedWhere, type VersionedWriteOptions } from '#server/lib/versioned.ts';
import type { AppError } from '#server/lib/app-error.ts';
import { normalizePhone } from '#shared/phone.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { ownerForNewLead } from './owner/owner-rule.ts';

/** The leads table as list/, lead/ and merge/ all use it: rows, the shared column sets, references. */
export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

/**
 * Whether `userId` has seen a lead (ADR 012): opened it (a user_lead_views row) or marked all as
 * read after it was created (users.leads_seen_before).
 */
export function seenBy(userId: number): SQL<boolean> {
  // Written out with qualified names: drizzle leaves columns unqualified in a one-table select,
  // which would bind them to the subqueries' tables.
  // A customer's e-mail no staff member has opened makes the lead unread for everyone (docs/rulings.md ruling 21).
  return sql<boolean>`(not "leads"."staff_unread" and (exists (select 1 from user_lead_views v where v.lead_id = "leads"."id" and v.user_id = ${userId})
    or "leads"."created_at" <= coalesce((select u.leads_seen_before from users u where u.id = ${userId}), '-infinity'::timestamptz)))`;
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
  assignedTo: leads.assignedTo,
  lastInteractionAt: leads.lastInteractionAt,
  createdAt: leads.createdAt,
};

/**
 * The lead's earliest open task as JSON ({ id, title, dueAt, ownerId }), or null: the list's 'Next
 * step' (ADR 066), one step of lead_tasks_lead_open_idx per row.
 */
export const nextTaskJson: SQL = sql`(select json_build_object('id', t.id, 'title', t.title,
  'dueAt', to_char(t.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'ownerId', t.owner_id)
  from lead_tasks t where t.lead_id = "leads"."id" and t.done_at is null order by t.due_at, t.id limit 1)`;

/** The columns of a list row (LeadListItem) for `userId`, for db.select(). */
export function leadListColumns(userId: number) {
  return {
    ...leadRowColumns,
    seen: seenBy(userId),
    quotedAmount: leads.quotedAmount,
    version: leads.version,
    nextTask: sql<{ id: number; title: string; dueAt: string; ownerId: number | null } | null>`${nextTaskJson}`,
  };
}

/** The newest leads by creation, as list rows for `userId`. */
export function newestLeads(db: DbOrTx, userId: number, limit: number) {
  return db.select(leadListColumns(userId)).from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
}

/**
 * Inserts a lead, keeping phoneNormalized in step with phone. The budget a lead arrives with is
 * also its requestedBudget (the customer's stated budget), which later edits of budget leave alone.
 * Without an owner given, the Settings rule picks one (ADR 065).
 */
export async function insertLead(db: DbOrTx, values: NewLeadRow): Promise<LeadRow> {
  const assignedTo =
    values.assignedTo !== undefined
      ? values.assignedTo
      : await ownerForNewLead(db, values.emailSource === 'comercial' ? 'comercial' : 'geral');
  const [row] = await db
    .insert(leads)
    .values({
      ...values,
      assignedTo,
      requestedBudget: values.requestedBudget ?? values.budget ?? null,
      phoneNormalized: normalizePhone(values.phone),
    })
    .returning();
  return row!;
}

/**
 * Partial update of fields staff edit; phoneNormalized follows phone when phone is part of it. Adds
 * one to the version (ADR 022) and, with `expected`, writes only while the version is still that.
 * Undefined when no row changed (missing, or stale: see missedWriteError).
 */
export async function updateLead(
  db: DbOrTx,
  id: number,
  values: Partial<NewLeadRow>,
  expected: number | null = null,
): Promise<LeadRow | undefined> {
  const set = 'phone' in values ? { ...values, phoneNormalized: normalizePhone(values.phone) } : values;
  const [row] = await db
    .update(leads)
    .set({ ...set, ...nextVersion(leads) })
    .where(versionedWhere(leads, id, expected))
    .returning();
  return row;
}

/** After updateLead changed no row: 404 when the lead is gone, else 409 STALE_VERSION. */
export const missedLeadWrite = (db: DbOrTx, id: number, opts: VersionedWriteOptions): Promise<AppError> =>
  missedWriteError(db, leads, id, opts);

export async function leadExists(db: DbOrTx, leadId: number): Promise<boolean> {
  const [row] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).limit(1);
  return !!row;
}

/** Next generated lead reference, e.g. 'L10042' (ADR 008). */
export async function nextLeadReference(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ n: string | number }>(sql`select nextval('lead_reference_seq') as n`);
  const row = (result as { rows: { n: string | number }[] }).rows[0];
  return `L${row!.n}`;
}
