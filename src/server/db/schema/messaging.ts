import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mailbox_connections_account_check', sql`${t.account} in ('geral', 'comercial')`),
    check('mailbox_connections_provider_check', sql`${t.provider} in ('gmail', 'imap')`),
  ],
);
