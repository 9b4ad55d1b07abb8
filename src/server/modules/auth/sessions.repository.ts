import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/auth.ts';

export interface SessionData {
  userId: number;
  createdAt: string;
  ip?: string;
  userAgent?: string;
}

export async function insertSession(db: DbOrTx, sid: string, sess: SessionData, expire: Date): Promise<void> {
  await db.insert(sessions).values({ sid, sess, expire });
}

export async function findLiveSession(db: DbOrTx, sid: string, now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sid), sql`${sessions.expire} > ${now}`))
    .limit(1);
  return row ? { sid: row.sid, sess: row.sess as SessionData, expire: row.expire } : undefined;
}

export async function extendSession(db: DbOrTx, sid: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Sessions of one user (all, or all but `keepSid`); returns the removed ids. */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number, keepSid?: string): Promise<string[]> {
  const ofUser = sql`(${sessions.sess}->>'userId')::int = ${userId}`;
  const rows = await db
    .delete(sessions)
    .where(keepSid ? and(ofUser, ne(sessions.sid, keepSid)) : ofUser)
    .returning({ sid: sessions.sid });
  return rows.map((r) => r.sid);
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  return rows.length;
}
