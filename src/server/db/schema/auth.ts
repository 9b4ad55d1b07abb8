import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import type { Role } from '#shared/schemas/users.ts';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: varchar({ length: 100 }).notNull(),
    /** argon2id PHC string; never leaves the server. */
    password: text().notNull(),
    email: varchar({ length: 255 }),
    firstName: varchar({ length: 100 }),
    lastName: varchar({ length: 100 }),
    profileImageUrl: text(),
    role: varchar({ length: 20 }).$type<Role>().notNull().default('user'),
    /** 'Mark all as read' on the leads list: every lead created up to this instant counts as seen by this user. */
    leadsSeenBefore: timestamp({ withTimezone: true }),
    /** Optimistic concurrency (ADR 022): every update adds one; a stale write answers 409. */
    version: integer().notNull().default(1),
    /**
     * Set when an admin deletes the account (ADR 029): the row stays so the leads, timeline entries
     * and proposals it made keep their author, shown as a deleted user; it can no longer sign in.
     */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin', 'user')`),
    // Unique regardless of case among live accounts: 'Ana' and 'ana' are the same person at sign-in;
    // a deleted account's name may be given to someone new (ADR 029).
    uniqueIndex('users_username_lower_unique')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_email_lower_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Server-side sessions; sid holds the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar({ length: 64 }).primaryKey(),
    sess: jsonb().notNull(),
    expire: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

export const securityAuditLog = pgTable(
  'security_audit_log',
  {
    id: serial().primaryKey(),
    event: varchar({ length: 50 }).notNull(),
    ipAddress: varchar({ length: 64 }),
    /**
     * The account the event belongs to, when one exists: history follows the id through a rename.
     * No foreign key, so the history outlives the account. `username` is the name at the time
     * (what was typed, for a failure on an unknown name).
     */
    userId: integer(),
    username: varchar({ length: 100 }),
    details: text(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_audit_log_timestamp_idx').on(t.timestamp.desc()),
    index('security_audit_log_username_idx').on(t.username, t.timestamp.desc()),
    index('security_audit_log_user_id_idx').on(t.userId, t.timestamp.desc()),
  ],
);

/** Secrets the server generates for itself (session signing, mailbox credential key). */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar({ length: 50 }).primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Personal access tokens (ADR 032): what the browser extension sends as `Authorization: Bearer`.
 * Only the SHA-256 of the token is kept; the token itself is shown once, when it is created. Scoped
 * to the extension's routes (reading leads, creating a lead and a proposal from a listing page).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull(),
    /** The first characters of the token, shown in the list so staff can tell tokens apart. */
    prefix: varchar({ length: 16 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_unique').on(t.tokenHash), index('api_tokens_user_id_idx').on(t.userId)],
);
