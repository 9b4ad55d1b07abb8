import { and, count, desc, eq, gt, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { securityAuditLog } from '#server/db/schema/auth.ts';
import type { AuditEvent } from '#shared/schemas/auth.ts';

export interface AuditEntry {
  event: AuditEvent;
  /** The account's id when the event belongs to one (history survives a rename). */
  userId?: number | null;
  username?: string | null;
  ipAddress?: string | null;
  details?: string | null;
  timestamp?: Date;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(securityAuditLog).values(entry);
}

export async function latestEventTime(db: DbOrTx, username: string, events: AuditEvent[]): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(securityAuditLog.timestamp) })
    .from(securityAuditLog)
    .where(and(eq(securityAuditLog.username, username), inArray(securityAuditLog.event, events)));
  return row?.at ? new Date(row.at) : null;
}

export async function countFailuresSince(db: DbOrTx, username: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(securityAuditLog)
    .where(
      and(
        eq(securityAuditLog.username, username),
        eq(securityAuditLog.event, 'login_failure'),
        gt(securityAuditLog.timestamp, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** One account's history by its id, newest first: the same whatever its name was at the time. */
export async function listAuditOfUser(db: DbOrTx, userId: number, limit: number) {
  return db
    .select()
    .from(securityAuditLog)
    .where(eq(securityAuditLog.userId, userId))
    .orderBy(desc(securityAuditLog.timestamp), desc(securityAuditLog.id))
    .limit(limit);
}

export async function listRecentAudit(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(securityAuditLog)
    .orderBy(desc(securityAuditLog.timestamp), desc(securityAuditLog.id))
    .limit(limit);
}
