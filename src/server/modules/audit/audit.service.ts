import type { Db, DbOrTx } from '#server/db/client.ts';
import type { AuditEvent, AuditLogPage, AuditLogQuery } from '#shared/schemas/audit.ts';
import * as repo from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';

/**
 * The security audit log: written by every module that audits something (the event vocabulary is
 * src/shared/schemas/audit.ts), read by the lockout (ADR 005) and the Users screen's card.
 */
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
    /** One page of the log, newest first; `nextBefore` is the cursor of the next older page. */
    async list(query: AuditLogQuery): Promise<AuditLogPage> {
      // One row more than asked tells whether an older page exists.
      const rows = await repo.listAudit(db, { ...query, limit: query.limit + 1 });
      const entries = rows.slice(0, query.limit);
      return { entries, nextBefore: rows.length > query.limit ? entries[entries.length - 1]!.id : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
