import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/db/migrate.ts';
import type { BackupDriver } from '#server/integrations/backup/driver.ts';
import { copyDurably, describeFsError } from './durable-files.ts';
import { countTablesOf } from '#server/db/table-counts.ts';
import { writeBackup } from './backup-files.ts';
import { appVersion } from './backup-context.ts';

/** Migrations in the code (drizzle's journal). */
export function migrationsInCode(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * A `migration` backup before pending migrations run, when the database already holds data
 * (main.ts, before runMigrations). Its row is added when the app lists the backups. A backup that
 * cannot be written stops the start: migrating without one is what it exists to prevent. `driver`
 * builds the backup driver (createBackupDriver, handed in by main.ts), only when one is needed.
 */
export async function backupBeforeMigrations(
  database: Database,
  opts: {
    backupDir: string;
    copyDir?: string | null;
    log: FastifyBaseLogger;
    at?: Date;
    driver: (database: Database) => Promise<BackupDriver>;
  },
): Promise<string | null> {
  const counts = await countTablesOf(database.db);
  const pending = migrationsInCode() - counts.migrations;
  const hasData = (counts.tables.users ?? 0) > 0 || (counts.tables.leads ?? 0) > 0;
  if (pending <= 0 || !hasData) return null;
  const driver = await opts.driver(database);
  if (driver.problem) {
    opts.log.warn(`${pending} migration(s) to apply and no backup can be taken first: ${driver.problem}`);
    return null;
  }
  const dir = path.resolve(opts.backupDir);
  try {
    const w = await writeBackup(driver, {
      dir,
      type: 'migration',
      at: opts.at ?? new Date(),
      appVersion: appVersion(),
    });
    if (opts.copyDir) await copyDurably(w.path, path.resolve(opts.copyDir), w.sha256);
    opts.log.info({ file: w.filename, bytes: w.size }, `backup taken before ${pending} migration(s)`);
    return w.filename;
  } catch (err) {
    throw new Error(`The backup before migrations failed: ${describeFsError(err, dir)}`, { cause: err });
  }
}
