import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { exportPgliteSql } from '#server/integrations/backup/pglite-export.ts';
import { compareCounts, countTablesOf } from '#server/integrations/backup/manifest.ts';
import { libpqEnv } from '#server/integrations/backup/postgres-driver.ts';
import { adminExists } from './backups.repository.ts';

function psql(file: string, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '-f', file], {
      env: libpqEnv(url),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`psql failed: ${errors.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

/**
 * Moves the embedded database into an empty PostgreSQL database (`npm run db:move-to-postgres`):
 * the PGlite project's pg_dump writes portable SQL, psql loads it in one transaction, then the same
 * integrity check as a restore (row counts per table, an administrator exists).
 */
export async function moveToPostgres(source: Database, targetUrl: string): Promise<{ tables: number; rows: number }> {
  if (source.kind !== 'pglite' || !source.pglite) throw new Error('The source must be the embedded database (PGlite)');
  const probe = new pg.Client({ connectionString: targetUrl });
  await probe.connect();
  try {
    const { rows } = await probe.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    if (rows[0]!.n > 0)
      throw new Error('The target database is not empty: create a new, empty database for the move (createdb NAME)');
  } finally {
    await probe.end();
  }
  const expected = await countTablesOf(source.db);
  const sqlText = await exportPgliteSql(source.pglite);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'move-to-postgres-'));
  try {
    const file = path.join(dir, 'export.sql');
    await writeFile(file, sqlText);
    await psql(file, targetUrl);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const target = await openDb({ databaseUrl: targetUrl, poolSize: 2 });
  try {
    await runMigrations(target);
    const counts = await countTablesOf(target.db);
    const problems = compareCounts(expected.tables, counts.tables);
    if (problems.length) throw new Error(`The moved data does not match (${problems.slice(0, 3).join('; ')})`);
    if (expected.migrations !== counts.migrations) throw new Error('The migration history did not arrive whole');
    if (!(await adminExists(target.db))) throw new Error('The moved database has no administrator account');
    return {
      tables: Object.keys(counts.tables).length,
      rows: Object.values(counts.tables).reduce((a, b) => a + b, 0),
    };
  } finally {
    await target.close();
  }
}
