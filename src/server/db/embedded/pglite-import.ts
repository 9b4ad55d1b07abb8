import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../client.ts';
import { acquireDirLock } from '../dir-lock.ts';
import { APP_DATABASE, type EmbeddedLog } from './embedded-server.ts';

/**
 * Moves a whole PGlite data directory (which it may write to: a copy) into an empty PostgreSQL
 * database and verifies it (modules/backups' moveFromPglite, ADR 030). The only code that loads
 * PGlite.
 */
export type MoveFromPglite = (pgliteDir: string, targetUrl: string) => Promise<{ tables: number; rows: number }>;

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
const markerFile = (dataDir: string) => path.join(dataDir, 'pglite-imported.json');

/** Whether DATA_DIR holds a PGlite database (from before ADR 048) that was not imported yet. */
export function pgliteImportPending(dataDir: string): boolean {
  return existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION')) && !existsSync(markerFile(dataDir));
}

/**
 * First start after ADR 048 on an install that has a PGlite data directory: its data moves into
 * the embedded PostgreSQL once. PGlite opens a copy, so the original directory stays untouched;
 * the move checks row counts per table, the migration history and an administrator, and needs no
 * system package (no psql). On success
 * DATA_DIR/pglite-imported.json records it (and the old directory may be deleted by hand); on
 * failure the app database is emptied again, so the next start tries again, and the app stops.
 */
export async function importPgliteOnce(
  database: Database,
  deps: { move: MoveFromPglite; log: EmbeddedLog },
): Promise<{ tables: number; rows: number } | null> {
  const embedded = database.embedded;
  if (!embedded || !database.url || !pgliteImportPending(embedded.dataDir)) return null;
  const { dataDir } = embedded;
  const original = pgliteDir(dataDir);
  // An app from before ADR 048 still running on that directory holds this lock.
  const lock = acquireDirLock(path.join(dataDir, 'pglite.lock'), original);
  const copy = path.join(dataDir, `pglite-import-${process.pid}`);
  const t0 = performance.now();
  deps.log.info({ from: original }, 'importing the PGlite database into the embedded PostgreSQL (once)');
  try {
    rmSync(copy, { recursive: true, force: true });
    cpSync(original, copy, { recursive: true });
    let moved: { tables: number; rows: number };
    try {
      moved = await deps.move(copy, database.url);
    } catch (err) {
      await emptyAppDatabase(embedded.adminUrl);
      throw new Error(
        `Importing the PGlite database in ${original} failed, nothing was changed there: ${(err as Error).message}`,
        { cause: err },
      );
    }
    const ms = Math.round(performance.now() - t0);
    writeFileSync(
      markerFile(dataDir),
      `${JSON.stringify({ importedAt: new Date().toISOString(), from: original, ...moved, ms }, null, 2)}\n`,
    );
    deps.log.info(
      { ...moved, ms },
      `PGlite database imported and verified; ${original} is no longer used and may be deleted`,
    );
    return moved;
  } finally {
    rmSync(copy, { recursive: true, force: true });
    lock.release();
  }
}

/** Drops and recreates the app's database, so a failed import leaves it empty for the next try. */
async function emptyAppDatabase(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${APP_DATABASE} with (force)`);
    await admin.query(`create database ${APP_DATABASE}`);
  } finally {
    await admin.end();
  }
}
