import { and, asc, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

// A deleted account keeps its row for the records it made (ADR 029); every lookup here sees live
// accounts only (authorship joins read the row directly, e.g. the timeline's).
const live = isNull(users.deletedAt);

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live))
    .limit(1);
  return row;
}

/** Usernames are matched case-insensitively: 'Admin' and 'admin' are the same person. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, live))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, live))
    .limit(1);
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Live accounts, by username; `search` matches part of the username, e-mail, first, last or full name. */
export async function listUsers(db: DbOrTx, search?: string): Promise<UserRow[]> {
  const term = search ? `%${escapeLike(search)}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      and(
        live,
        term
          ? or(
              ilike(users.username, term),
              ilike(users.email, term),
              ilike(users.firstName, term),
              ilike(users.lastName, term),
              sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${term}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(live);
  return Number(row?.n ?? 0);
}

export async function countAdminsExcept(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, userId), live));
  return Number(row?.n ?? 0);
}

/**
 * Serialises the last-admin rule: takes the admins' rows in a fixed order, so two admins demoting
 * or deleting each other at once cannot both pass the count. PostgreSQL only needs it; PGlite has
 * one connection and runs one transaction at a time anyway.
 */
export async function lockAdmins(db: DbOrTx): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), live))
    .orderBy(asc(users.id))
    .for('update');
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Updates a live account and adds one to its version (ADR 022). With `expectedVersion` the write
 * happens only if the row is still at that version; undefined when no row matched.
 */
export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<NewUserRow>,
  expectedVersion?: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, id), live, expectedVersion === undefined ? undefined : eq(users.version, expectedVersion)))
    .returning();
  return row;
}

/**
 * Deletes an account but keeps its row for the records it made (ADR 029): it can no longer sign
 * in (the password is replaced by a value no hash matches), its e-mail and picture are cleared and
 * its username is free for someone new. Names stay, so authorship reads 'Ana Silva (deleted user)'.
 */
export async function markUserDeleted(db: DbOrTx, id: number, at: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      deletedAt: at,
      password: '!deleted',
      email: null,
      profileImageUrl: null,
      version: sql`${users.version} + 1`,
      updatedAt: at,
    })
    .where(and(eq(users.id, id), live))
    .returning();
  return row;
}

export async function listUserIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(live);
  return rows.map((r) => r.id);
}

/** Ids of the admins (mailbox alerts go to them only). */
export async function listAdminIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.id);
}

/** Inserts unless the username exists (two instances may bootstrap at once); undefined when it did. */
export async function insertUserIfAbsent(db: DbOrTx, values: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}
