import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { users } from './auth.ts';
import { createdAt, updatedAt } from './columns.ts';
import { leadTimeline, leads } from './leads.ts';

/**
 * Every e-mail the product sends, recorded before the first attempt (docs/decisions/027-email-outbox.md):
 * the sender job works the queue off, so a message is never lost and never sent twice.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial().primaryKey(),
    /** The caller's key: the same send asked twice records one message. */
    idempotencyKey: varchar({ length: 200 }).notNull().unique(),
    /** Fixed before the first attempt, so every attempt and the Sent copy carry the same id. */
    messageId: varchar({ length: 998 }).notNull().unique(),
    /** The company mailbox it leaves from: geral or comercial. */
    account: varchar({ length: 20 }).notNull(),
    /** reply (staff), proposal (a proposal link), acknowledgement (after a quote request), stage_update (ADR 068) or reminder (a due task, to its owner; ADR 066). */
    purpose: varchar({ length: 20 }).notNull(),
    leadId: integer().references(() => leads.id, { onDelete: 'set null' }),
    timelineId: integer().references(() => leadTimeline.id, { onDelete: 'set null' }),
    toAddress: varchar({ length: 255 }).notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    inReplyTo: varchar({ length: 998 }),
    references: text(),
    /** queued -> sending -> sent | failed (failed -> queued again on Retry). */
    status: varchar({ length: 10 }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While sending: the attempt's instance holds it until then. */
    leaseUntil: timestamp({ withTimezone: true }),
    /** Set just before SMTP is spoken for the claimed attempt: only such a row may have left (ADR 064). */
    attemptStartedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** A problem that did not stop the send (the Sent copy could not be filed). */
    warning: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('email_outbox_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    check('email_outbox_account_check', sql`${t.account} in ('geral', 'comercial')`),
    check(
      'email_outbox_purpose_check',
      sql`${t.purpose} in ('reply', 'proposal', 'acknowledgement', 'stage_update', 'reminder')`,
    ),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('email_outbox_sending_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    index('email_outbox_lead_idx').on(t.leadId),
  ],
);

/** One HTML signature per company mailbox, kept sanitised; it outlives connecting and disconnecting. */
export const mailboxSignatures = pgTable(
  'mailbox_signatures',
  {
    account: varchar({ length: 20 }).primaryKey(),
    html: text().notNull().default(''),
    version: integer().notNull().default(1),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('mailbox_signatures_account_check', sql`${t.account} in ('geral', 'comercial')`)],
);
