import type { Db, DbOrTx } from '#server/db/client.ts';
import type { AuditEvent } from '#shared/schemas/auth.ts';
import * as repo from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';

/** The security audit log (sign-ins, password changes): written by auth and users, read by the lockout (ADR 005). */
export function createAuditService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Pass `tx` to write inside a caller's transaction. */
    record: (entry: repo.AuditEntry, tx: DbOrTx = db) => repo.recordAudit(tx, entry),
    /** The time of the latest of these events for a (lower-cased) username; null when none. */
    latestEventTime: (username: string, events: AuditEvent[]) => repo.latestEventTime(db, username, events),
    countFailuresSince: (username: string, since: Date) => repo.countFailuresSince(db, username, since),
    /** One account's events by id, newest first (a rename does not move them). */
    historyOfUser: (userId: number, limit = 20) => repo.listAuditOfUser(db, userId, limit),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
