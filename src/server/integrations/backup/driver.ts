import type { Database } from '#server/db/client.ts';
import type { Query, TableCounts } from '#server/db/table-counts.ts';
import { openLogicalDriver } from './logical-driver.ts';
import { createPostgresDriver } from './postgres-driver.ts';

/** Checks the restored data before it replaces the live data (row counts, an admin); throws. */
export type RestoreVerify = (query: Query) => Promise<void>;

/**
 * One database's own backup tools behind one interface (ADR 030, ADR 050): pg_dump/pg_restore, or
 * the logical export (COPY per table, no external binary).
 * Naming, checksums, the restore point and the integrity check are shared (modules/backups).
 */
export interface BackupDriver {
  /** What the manifest records; backups taken before ADR 048 may say 'pglite'. */
  kind: 'postgres';
  /** In file names and the manifest: pg15.20, pg17.10 (pglite0.5.8 before ADR 048). */
  databaseVersion: string;
  /** What takes the snapshot, for the info card. */
  tool: string;
  /** Why backups cannot be taken here (e.g. pg_dump older than the server), or null. */
  problem: string | null;
  /** Name of the dump inside the backup file. */
  entryName: string;
  /** Dump entries this driver can restore (its own, and on PostgreSQL the other PostgreSQL one). */
  restores: readonly string[];
  /** Writes one consistent snapshot to `file` and returns the row counts of that same snapshot. */
  dump(file: string): Promise<TableCounts>;
  /**
   * Replaces the data with the dump `entry` in `file`, all or nothing (ADR 050): the new data is
   * built beside the live one or inside one transaction, migrated, checked by `verify`, and only
   * then takes the live data's place. Throws RestoreFailure, and then the live data is unchanged.
   */
  restore(file: string, entry: string, verify: RestoreVerify): Promise<void>;
}

export class RestoreFailure extends Error {}

export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function createBackupDriver(database: Database): Promise<BackupDriver> {
  // The embedded engine ships no pg_dump: its backups are the logical export (ADR 048, ADR 050).
  if (database.embedded && database.url) return openLogicalDriver(database.url);
  return createPostgresDriver(database);
}
