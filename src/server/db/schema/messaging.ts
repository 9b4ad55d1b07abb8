import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { leads, leadTimeline } from './leads.ts';
import { createdAt, updatedAt } from './columns.ts';
import type { NotificationType } from '#shared/schemas/notifications.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar({ length: 20 }).$type<NotificationType>().notNull(),
    title: varchar({ length: 255 }).notNull(),
    message: text().notNull(),
    relatedId: integer(),
    relatedType: varchar({ length: 30 }),
    isRead: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('notifications_type_check', sql`${t.type} in ('new_lead', 'new_import', 'other')`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
  ],
);

export const emailTemplates = pgTable('email_templates', {
  id: serial().primaryKey(),
  templateId: varchar({ length: 50 }).notNull().unique(),
  title: varchar({ length: 255 }).notNull(),
  body: text().notNull(),
  version: integer().notNull().default(1),
  createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per company mailbox (geral, comercial): how it connects and how its sync is doing. */
export const mailboxConnections = pgTable(
  'mailbox_connections',
  {
    id: serial().primaryKey(),
    account: varchar({ length: 20 }).notNull().unique(),
    provider: varchar({ length: 20 }).notNull(),
    address: varchar({ length: 255 }),
    /** Non-secret connection settings (IMAP/SMTP host, port, TLS, user). */
    config: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Password or OAuth refresh token, encrypted with a server secret. */
    secretEncrypted: text(),
    signatureHtml: text(),
    /** Incremental sync position: { uidValidity, lastUid } or { historyId }. */
    syncState: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastError: text(),
    messagesImported: integer().notNull().default(0),
    messagesIgnored: integer().notNull().default(0),
    /** connected, or needs_reconnect (token revoked, password refused, key lost): not polled (ADR 025). */
    status: varchar({ length: 20 }).notNull().default('connected'),
    lastSuccessAt: timestamp({ withTimezone: true }),
    /** Start of the current run of failed syncs; null while syncing works. */
    failingSince: timestamp({ withTimezone: true }),
    /** When admins were told this mailbox stopped syncing (once per failure). */
    failureNotifiedAt: timestamp({ withTimezone: true }),
    /** Last manual "Check e-mails" (its cool-down holds across instances). */
    lastCheckAt: timestamp({ withTimezone: true }),
    /** One reader per mailbox at a time: the instance holding the lease, until when. */
    syncLeaseOwner: text(),
    syncLeaseUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mailbox_connections_account_check', sql`${t.account} in ('geral', 'comercial')`),
    check('mailbox_connections_provider_check', sql`${t.provider} in ('gmail', 'imap')`),
    check('mailbox_connections_status_check', sql`${t.status} in ('connected', 'needs_reconnect')`),
  ],
);

/**
 * Every message a mailbox sync has looked at, whatever became of it: a message is handled at most
 * once per mailbox (unique account + Message-ID) even when two instances race (ADR 025).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial().primaryKey(),
    account: varchar({ length: 20 }).notNull(),
    /** RFC 5322 Message-ID, or 'x-' + a hash of from, date and subject when the message has none. */
    messageId: varchar({ length: 998 }).notNull(),
    /** 'imap:<uidValidity>:<uid>' or 'gmail:<X-GM-MSGID>'. */
    providerKey: text(),
    /** Gmail's thread id (X-GM-THRID) or the first id of References. */
    threadKey: text(),
    direction: varchar({ length: 3 }).notNull().default('in'),
    /** lead_created | timeline | duplicate | bounce_matched | auto_reply_noted | ignored_self | ignored_bounce | ignored_auto | ignored_bulk | ignored_unknown | failed (ADR 025, 040) */
    outcome: varchar({ length: 20 }).notNull(),
    leadId: integer().references(() => leads.id, { onDelete: 'set null' }),
    fromAddress: varchar({ length: 320 }),
    subject: text(),
    receivedAt: timestamp({ withTimezone: true }),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    error: text(),
  },
  (t) => [
    unique('mail_messages_account_message_unique').on(t.account, t.messageId),
    index('mail_messages_message_id_idx').on(t.messageId),
    index('mail_messages_thread_idx').on(t.threadKey),
    index('mail_messages_lead_idx').on(t.leadId),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Attachments of imported e-mails, listed on their timeline entry and downloaded by staff. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial().primaryKey(),
    timelineId: integer()
      .notNull()
      .references(() => leadTimeline.id, { onDelete: 'cascade' }),
    filename: varchar({ length: 255 }).notNull(),
    contentType: varchar({ length: 255 }).notNull(),
    byteSize: integer().notNull(),
    data: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_attachments_timeline_idx').on(t.timelineId)],
);
