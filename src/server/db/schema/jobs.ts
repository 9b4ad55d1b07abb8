import { integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per attempt of a scheduled job's slot (ADR 014). Inserting the row claims the attempt:
 * with several instances on one PostgreSQL, the one whose insert lands runs it.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: varchar({ length: 50 }).notNull(),
    /** The schedule's due time this run belongs to (e.g. the start of its 5-minute window). */
    slot: timestamp({ withTimezone: true }).notNull(),
    /** 1 for the slot's first run; each retry is a new row, claimed like the first. */
    attempt: integer().notNull().default(1),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** Null on success; the failure's message otherwise. */
    error: text(),
    details: jsonb(),
    /** Renewed while the run goes on; once it passes unfinished, the run counts as failed (its instance died). */
    leaseUntil: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot, t.attempt] })],
);
