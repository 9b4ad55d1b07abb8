import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import { RestoreFailure, messageOf, type BackupDriver } from './driver.ts';
import { LOGICAL_ENTRY, createLogicalDriver } from './logical-driver.ts';
import { countTables } from '#server/db/table-counts.ts';
import { restoreInOneTransaction } from './pg-restore-tx.ts';
import { runRestoreScript } from './sql-script.ts';

/** libpq's environment for a connection string, so no password appears on a command line. */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('PG')) delete env[k];
  env.PGHOST = decodeURIComponent(u.hostname) || 'localhost';
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  env.PGDATABASE = decodeURIComponent(u.pathname.replace(/^\//, ''));
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a command; resolves on exit 0, otherwise rejects with the end of its stderr. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-4000)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ stdout })
        : reject(
            new Error(
              `${path.basename(cmd)} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit ${code}`}`,
            ),
          ),
    );
  });
}

/** The client tools for a server major: Debian's versioned directory first, then PATH. */
export async function findClientTools(
  serverMajor: number,
): Promise<{ bin: string; major: number } | { problem: string }> {
  const install = `install the package postgresql-client-${serverMajor}`;
  for (let major = Math.max(serverMajor, 0); major <= serverMajor + 5; major++) {
    const dir = `/usr/lib/postgresql/${major}/bin`;
    if (existsSync(path.join(dir, 'pg_dump')) && existsSync(path.join(dir, 'psql'))) return { bin: dir, major };
  }
  let version: string;
  try {
    version = (await run('pg_dump', ['--version'], process.env)).stdout;
  } catch {
    return { problem: `Backups are off: pg_dump is not installed; ${install}` };
  }
  const clientMajor = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1]);
  if (!(clientMajor >= serverMajor))
    return {
      problem: `Backups are off: pg_dump ${clientMajor} cannot back up this PostgreSQL ${serverMajor} server; ${install}`,
    };
  return { bin: '', major: clientMajor };
}

/**
 * PostgreSQL: pg_dump --format=custom from an exported snapshot, in which the rows are also
 * counted. Restore (ADR 050): pg_restore writes the whole script to a temporary file first (a
 * damaged archive fails there, before anything is touched), then the script runs on one
 * connection inside one transaction that empties the schemas, loads, migrates and verifies, and
 * commits only when all of it passed. Without pg_dump, the logical driver does the work.
 */
export async function createPostgresDriver(database: Database): Promise<BackupDriver> {
  const url = database.url!;
  const env = libpqEnv(url);
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  let serverVersion: string;
  let serverMajor: number;
  try {
    const { rows } = await probe.query<{ v: string; n: string }>(
      `select current_setting('server_version') as v, current_setting('server_version_num') as n`,
    );
    serverVersion = /^[\d.]+/.exec(rows[0]!.v)?.[0] ?? rows[0]!.v;
    serverMajor = Math.floor(Number(rows[0]!.n) / 10000);
  } finally {
    await probe.end();
  }
  const logical = createLogicalDriver(url, `pg${serverVersion}`);
  const tools = await findClientTools(serverMajor);
  if ('problem' in tools) return logical;
  const bin = (name: string) => (tools.bin ? path.join(tools.bin, name) : name);
  return {
    kind: 'postgres',
    databaseVersion: `pg${serverVersion}`,
    tool: `pg_dump ${tools.major} (custom format)`,
    problem: null,
    entryName: 'database.dump',
    restores: ['database.dump', LOGICAL_ENTRY],
    async dump(file) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        const snap = await client.query<{ id: string }>('select pg_export_snapshot() as id');
        const counts = await countTables((text) => client.query<Record<string, unknown>>(text));
        await run(
          bin('pg_dump'),
          [
            '--format=custom',
            '--compress=6',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snap.rows[0]!.id}`,
            `--file=${file}`,
          ],
          env,
        );
        await client.query('commit');
        return counts;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async restore(file, entry, verify) {
      if (entry === LOGICAL_ENTRY) return logical.restore(file, entry, verify);
      const script = path.join(os.tmpdir(), `restore-${process.pid}-${randomBytes(6).toString('hex')}.sql`);
      try {
        try {
          await run(bin('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '-f', script, file], env);
        } catch (err) {
          throw new RestoreFailure(`the backup could not be read: ${messageOf(err)}`);
        }
        await restoreInOneTransaction(url, (client) => runRestoreScript(client, script), verify);
      } finally {
        await rm(script, { force: true });
      }
    },
  };
}
