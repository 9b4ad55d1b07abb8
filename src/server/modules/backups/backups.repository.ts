import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { backups, jobRuns, sessions, users } from '#server/db/schema/index.ts';

export type BackupRow = typeof backups.$inferSelect;
export type NewBackupRow = typeof backups.$inferInsert;

export const listBackupRows = (db: DbOrTx) =>
  db.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id));

export async function findBackupRow(db: DbOrTx, filename: string): Promise<BackupRow | undefined> {
  const [row] = await db.select().from(backups).where(eq(backups.filename, filename));
  return row;
}

export async function insertBackupRow(db: DbOrTx, row: NewBackupRow): Promise<void> {
  await db.insert(backups).values(row).onConflictDoNothing({ target: backups.filename });
}

export async function deleteBackupRows(db: DbOrTx, filenames: string[]): Promise<void> {
  if (filenames.length) await db.delete(backups).where(inArray(backups.filename, filenames));
}

export const automatedOlderThan = (db: DbOrTx, before: Date) =>
  db
    .select({ filename: backups.filename })
    .from(backups)
    .where(and(eq(backups.type, 'automated'), lt(backups.createdAt, before)));

export const rowsOfType = (db: DbOrTx, type: string) =>
  db
    .select({ filename: backups.filename })
    .from(backups)
    .where(eq(backups.type, type))
    .orderBy(desc(backups.createdAt), desc(backups.id));

/** The latest run of a scheduled job (job_runs, ADR 014). */
export async function latestJobRun(db: DbOrTx, job: string) {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(desc(jobRuns.startedAt)).limit(1);
  return row;
}

export const allSessions = (db: DbOrTx) => db.select().from(sessions);

/**
 * After a restore: the sessions of the backup (some since signed out) are dropped and today's are
 * put back, for the accounts the restored data still has.
 */
export async function replaceSessions(db: DbOrTx, keep: (typeof sessions.$inferSelect)[]): Promise<void> {
  await db.delete(sessions);
  const ids = (await db.select({ id: users.id }).from(users)).map((r) => r.id);
  const alive = keep.filter((s) => ids.includes(Number((s.sess as { userId?: unknown }).userId)));
  if (alive.length) await db.insert(sessions).values(alive);
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const res = (await db.execute(sql`select 1 from users where role = 'admin' limit 1`)) as unknown as {
    rows: unknown[];
  };
  return res.rows.length > 0;
}
