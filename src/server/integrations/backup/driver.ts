import type { Database } from '#server/db/client.ts';
import type { TableCounts } from './manifest.ts';
import { createPgliteDriver } from './pglite-driver.ts';
import { createPostgresDriver } from './postgres-driver.ts';

/**
 * One database's own backup tools behind one interface (ADR 030): PGlite's dumpDataDir snapshot
 * or pg_dump/pg_restore. Naming, checksums, the restore point and the integrity check are shared
 * (modules/backups).
 */
export interface BackupDriver {
  kind: 'pglite' | 'postgres';
  /** In file names and the manifest: pglite0.5.8, pg15.20. */
  databaseVersion: string;
  /** What takes the snapshot, for the info card. */
  tool: string;
  /** Why backups cannot be taken here (e.g. pg_dump older than the server), or null. */
  problem: string | null;
  /** Name of the dump inside the backup file. */
  entryName: string;
  /** Writes one consistent snapshot to `file` and returns the row counts of that same snapshot. */
  dump(file: string): Promise<TableCounts>;
  /**
   * Replaces the data with the dump in `file`; `verify` runs migrations and the integrity check on
   * the restored data. Throws RestoreFailure; `applied` says whether the live data had changed.
   */
  restore(file: string, verify: (restored: Database) => Promise<void>): Promise<void>;
}

export class RestoreFailure extends Error {
  constructor(
    message: string,
    readonly applied: boolean,
  ) {
    super(message);
  }
}

export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function createBackupDriver(database: Database): Promise<BackupDriver> {
  return database.kind === 'pglite' ? createPgliteDriver(database) : createPostgresDriver(database);
}
