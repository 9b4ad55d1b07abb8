import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { leads } from '#server/db/schema/leads.ts';
import { leadTasks, userTaskSettings } from '#server/db/schema/tasks.ts';
import { nextVersion, versionedWhere } from '#server/lib/versioned.ts';

export type TaskRow = typeof leadTasks.$inferSelect;
export type NewTaskRow = typeof leadTasks.$inferInsert;

/** A task with its owner's name parts, for the API's ownerName. */
const taskColumns = {
  task: leadTasks,
  ownerUsername: users.username,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerDeletedAt: users.deletedAt,
};
export type TaskWithOwner = { task: TaskRow } & {
  ownerUsername: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerDeletedAt: Date | null;
};

const withOwner = (db: DbOrTx) =>
  db.select(taskColumns).from(leadTasks).leftJoin(users, eq(users.id, leadTasks.ownerId));

/** Open tasks first by due time, then done ones, newest completion first. */
export function listForLead(db: DbOrTx, leadId: number): Promise<TaskWithOwner[]> {
  return withOwner(db)
    .where(eq(leadTasks.leadId, leadId))
    .orderBy(
      sql`${leadTasks.doneAt} is not null`,
      sql`${leadTasks.doneAt} desc nulls first`,
      asc(leadTasks.dueAt),
      asc(leadTasks.id),
    )
    .limit(500);
}

export async function findTask(db: DbOrTx, id: number): Promise<TaskWithOwner | undefined> {
  const [row] = await withOwner(db).where(eq(leadTasks.id, id));
  return row;
}

export async function insertTask(db: DbOrTx, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await db.insert(leadTasks).values(values).returning();
  return row!;
}

/** Versioned partial update (ADR 022); undefined when missing or stale. */
export async function updateTask(
  db: DbOrTx,
  id: number,
  set: Partial<NewTaskRow>,
  expected: number | null,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(leadTasks)
    .set({ ...set, ...nextVersion(leadTasks) })
    .where(versionedWhere(leadTasks, id, expected))
    .returning();
  return row;
}

export async function deleteTask(db: DbOrTx, id: number, expected: number | null): Promise<boolean> {
  const rows = await db
    .delete(leadTasks)
    .where(versionedWhere(leadTasks, id, expected))
    .returning({ id: leadTasks.id });
  return rows.length > 0;
}

export async function taskVersion(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ version: leadTasks.version }).from(leadTasks).where(eq(leadTasks.id, id));
  return row?.version;
}

/** One owner's open tasks due before `until`, with their leads (the Today view). */
export function openTasksOfOwner(db: DbOrTx, ownerId: number, until: Date) {
  return db
    .select({
      ...taskColumns,
      lead: {
        reference: leads.reference,
        firstName: leads.firstName,
        lastName: leads.lastName,
        vehicleMake: leads.vehicleMake,
        vehicleModel: leads.vehicleModel,
        phone: leads.phone,
      },
    })
    .from(leadTasks)
    .innerJoin(leads, eq(leads.id, leadTasks.leadId))
    .leftJoin(users, eq(users.id, leadTasks.ownerId))
    .where(and(eq(leadTasks.ownerId, ownerId), isNull(leadTasks.doneAt), lt(leadTasks.dueAt, until)))
    .orderBy(asc(leadTasks.dueAt), asc(leadTasks.id))
    .limit(500);
}

export interface DueTask {
  id: number;
  leadId: number;
  title: string;
  dueAt: Date;
  ownerId: number | null;
  createdBy: number | null;
  leadReference: string;
  leadName: string;
  ownerEmail: string | null;
  emailReminders: boolean;
}

/**
 * Claims up to `limit` open tasks due at or before `now` that nobody has announced yet, stamping
 * notifiedAt in the same statement: a task claimed here is claimed nowhere else (SKIP LOCKED lets
 * two instances share a backlog without waiting on each other), so each is announced once.
 */
export async function claimDueTasks(db: DbOrTx, now: Date, limit: number): Promise<DueTask[]> {
  const result = await db.execute(sql`
    with due as (
      select id from ${leadTasks}
      where done_at is null and notified_at is null and due_at <= ${now.toISOString()}::timestamptz
      order by due_at, id
      limit ${limit}
      for update skip locked
    ), claimed as (
      update ${leadTasks} t set notified_at = ${now.toISOString()}::timestamptz
      from due where t.id = due.id
      returning t.id, t.lead_id, t.title, t.due_at, t.owner_id, t.created_by
    )
    select c.id, c.lead_id as "leadId", c.title, c.due_at as "dueAt", c.owner_id as "ownerId",
      c.created_by as "createdBy", l.reference as "leadReference",
      trim(l.first_name || ' ' || coalesce(l.last_name, '')) as "leadName",
      u.email as "ownerEmail", coalesce(s.email_reminders, false) as "emailReminders"
    from claimed c
    join ${leads} l on l.id = c.lead_id
    left join ${users} u on u.id = c.owner_id and u.deleted_at is null
    left join ${userTaskSettings} s on s.user_id = c.owner_id
    order by c.due_at, c.id`);
  return (result as unknown as { rows: (DueTask & { dueAt: Date | string })[] }).rows.map((r) => ({
    ...r,
    dueAt: new Date(r.dueAt),
    emailReminders: r.emailReminders === true || (r.emailReminders as unknown) === 't',
  }));
}

export async function leadExists(db: DbOrTx, leadId: number): Promise<boolean> {
  const [row] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  return !!row;
}

/** A live staff account (not deleted). */
export async function liveUserExists(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return !!row;
}

export async function getSettings(db: DbOrTx, userId: number): Promise<{ emailReminders: boolean }> {
  const [row] = await db
    .select({ emailReminders: userTaskSettings.emailReminders })
    .from(userTaskSettings)
    .where(eq(userTaskSettings.userId, userId));
  return { emailReminders: row?.emailReminders ?? false };
}

export async function putSettings(db: DbOrTx, userId: number, emailReminders: boolean, now: Date): Promise<void> {
  await db
    .insert(userTaskSettings)
    .values({ userId, emailReminders, updatedAt: now })
    .onConflictDoUpdate({ target: userTaskSettings.userId, set: { emailReminders, updatedAt: now } });
}

/** Live staff accounts by name: who a task can be given to. */
export async function listOwners(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(asc(sql`lower(coalesce(${users.firstName}, ${users.username}))`), asc(users.id))
    .limit(1000);
  return rows.map((u) => ({ id: u.id, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username }));
}
