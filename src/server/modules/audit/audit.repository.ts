import { and, count, desc, eq, gt, inArray, lt, max } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { securityAuditLog } from '#server/db/schema/auth.ts';
import type { AuditEvent } from '#shared/schemas/audit.ts';

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

/**
 * The log newest first, by id (ids grow with time; the cursor is the oldest id shown), optionally
 * one event type and one username (case-insensitive, whole name).
 */
export async function listAudit(
  db: DbOrTx,
  query: { event?: AuditEvent; username?: string; before?: number; limit: number },
) {
  return db
    .select({
      id: securityAuditLog.id,
      event: securityAuditLog.event,
      username: securityAuditLog.username,
      ipAddress: securityAuditLog.ipAddress,
      timestamp: securityAuditLog.timestamp,
      details: securityAuditLog.details,
    })
    .from(securityAuditLog)
    .where(
      and(
        query.event ? eq(securityAuditLog.event, query.event) : undefined,
        query.username ? eq(securityAuditLog.username, query.username.toLowerCase()) : undefined,
        query.before ? lt(securityAuditLog.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(securityAuditLog.id))
    .limit(query.limit);
}
