import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { leadOwnerRule, leads } from '#server/db/schema/leads.ts';
import type { OwnerRule, OwnerRuleResponse } from '#shared/schemas/lead-owners.ts';

/** A staff member's name as the back office shows it (displayName in src/shared/schemas/users.ts). */
export const staffName = (u: typeof users) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${u.firstName}, ${u.lastName})), ''), ${u.email}, ${u.username})`;

const live = isNull(users.deletedAt);

/** Staff who may own leads: every account not deleted, by name. */
export async function listOwnerOptions(db: DbOrTx) {
  return db
    .select({ id: users.id, name: staffName(users) })
    .from(users)
    .where(live)
    .orderBy(staffName(users), users.id);
}

/** Which of these ids are live staff accounts. */
export async function liveUserIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), live));
  return rows.map((r) => r.id);
}

export async function readOwnerOf(db: DbOrTx, leadId: number) {
  const [row] = await db
    .select({ assignedTo: leads.assignedTo, reference: leads.reference, version: leads.version })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return row;
}

/** The owner is a field staff edit: the version moves (ADR 022). */
export async function writeOwner(db: DbOrTx, leadId: number, assignedTo: number | null, now: Date) {
  const [row] = await db
    .update(leads)
    .set({ assignedTo, updatedAt: now, version: sql`${leads.version} + 1` })
    .where(eq(leads.id, leadId))
    .returning({ assignedTo: leads.assignedTo, version: leads.version });
  return row!;
}

/** Bulk assignment: the leads whose owner changes, with their references for the audit entry. */
export async function writeOwners(db: DbOrTx, ids: readonly number[], assignedTo: number | null, now: Date) {
  return db
    .update(leads)
    .set({ assignedTo, updatedAt: now, version: sql`${leads.version} + 1` })
    .where(and(inArray(leads.id, [...ids]), sql`${leads.assignedTo} is distinct from ${assignedTo}::int`))
    .returning({ id: leads.id, reference: leads.reference });
}

/** A deleted user's leads go to `to` (null: nobody); answers how many moved. */
export async function handOverLeads(db: DbOrTx, from: number, to: number | null, now: Date): Promise<number> {
  const rows = await db
    .update(leads)
    .set({ assignedTo: to, updatedAt: now, version: sql`${leads.version} + 1` })
    .where(eq(leads.assignedTo, from))
    .returning({ id: leads.id });
  return rows.length;
}

const RULE_ID = 1;

export async function readRule(db: DbOrTx, lock = false): Promise<OwnerRuleResponse & { lastUserId: number | null }> {
  const query = db.select().from(leadOwnerRule).where(eq(leadOwnerRule.id, RULE_ID));
  const [row] = lock ? await query.for('update') : await query;
  if (!row)
    return { mode: 'none', userIds: [], geralUserId: null, comercialUserId: null, version: 0, lastUserId: null };
  return {
    mode: row.mode as OwnerRule['mode'],
    userIds: row.userIds,
    geralUserId: row.geralUserId,
    comercialUserId: row.comercialUserId,
    version: row.version,
    lastUserId: row.lastUserId,
  };
}

/** Saves the rule (the caller checked its version under the row lock) and answers the new version. */
export async function writeRule(db: DbOrTx, rule: OwnerRule, now: Date): Promise<number> {
  const values = {
    mode: rule.mode,
    userIds: rule.userIds,
    geralUserId: rule.geralUserId,
    comercialUserId: rule.comercialUserId,
    updatedAt: now,
  };
  const [row] = await db
    .insert(leadOwnerRule)
    .values({ id: RULE_ID, ...values })
    .onConflictDoUpdate({ target: leadOwnerRule.id, set: { ...values, version: sql`${leadOwnerRule.version} + 1` } })
    .returning({ version: leadOwnerRule.version });
  return row!.version;
}

export async function setRoundRobinTurn(db: DbOrTx, userId: number): Promise<void> {
  await db.update(leadOwnerRule).set({ lastUserId: userId }).where(eq(leadOwnerRule.id, RULE_ID));
}
