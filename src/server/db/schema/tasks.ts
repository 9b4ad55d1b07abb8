import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, updatedAt, version } from './columns.ts';
import { leads } from './leads.ts';

/**
 * A lead's next steps (docs/decisions/066-lead-tasks-and-pipeline-board.md): what, when, whose.
 * An open task has no doneAt; the due-task job stamps notifiedAt once it has told the owner.
 */
export const leadTasks = pgTable(
  'lead_tasks',
  {
    id: serial().primaryKey(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    title: varchar({ length: 200 }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** Whose task it is (defaults to its creator); null once that account is gone. */
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp({ withTimezone: true }),
    doneBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Set in the same statement that claims the reminder: exactly one notification per due time. */
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // The leads list's 'Next step' (earliest open task of each lead).
    index('lead_tasks_lead_open_idx')
      .on(t.leadId, t.dueAt, t.id)
      .where(sql`${t.doneAt} is null`),
    // 'Today': my open tasks by due time.
    index('lead_tasks_owner_open_idx')
      .on(t.ownerId, t.dueAt)
      .where(sql`${t.doneAt} is null`),
    // The due-task job: open tasks not yet announced, by due time.
    index('lead_tasks_due_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null and ${t.notifiedAt} is null`),
  ],
);

/** Per-user task preferences: whether a due task also arrives by e-mail (through the outbox). */
export const userTaskSettings = pgTable('user_task_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailReminders: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});
