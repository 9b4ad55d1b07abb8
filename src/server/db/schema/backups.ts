import { bigint, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per backup file in BACKUP_DIR (ADR 030). The list shows rows whose file exists; the file
 * carries its own manifest, so an uploaded or copied file can be restored without its row.
 */
export const backups = pgTable('backups', {
  id: serial().primaryKey(),
  /** File name only, never a path: checked against BACKUP_NAME_PATTERN on every call. */
  filename: varchar({ length: 200 }).notNull().unique(),
  /** manual | automated | migration | restore_point (BACKUP_TYPES). */
  type: varchar({ length: 20 }).notNull(),
  sizeBytes: bigint({ mode: 'number' }).notNull(),
  sha256: varchar({ length: 64 }).notNull(),
  appVersion: varchar({ length: 30 }).notNull(),
  /** e.g. pglite0.5.8 or pg15.20: a PGlite snapshot opens only in the same PostgreSQL major. */
  databaseVersion: varchar({ length: 30 }).notNull(),
  /** Row counts per table in the snapshot, the restore's integrity check compares against them. */
  manifest: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
