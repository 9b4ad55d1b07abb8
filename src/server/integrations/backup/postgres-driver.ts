import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import { RestoreFailure, messageOf, type BackupDriver } from './driver.ts';
import { countTables } from './manifest.ts';

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

/** Run before the restored script: the schemas are emptied inside the same transaction. */
const CLEAN_SQL = `SET lock_timeout = '30s';
DROP SCHEMA IF EXISTS drizzle CASCADE;
DROP SCHEMA IF EXISTS public CASCADE;
CREATE SCHEMA public;
`;

/**
 * PostgreSQL: pg_dump --format=custom from an exported snapshot, in which the rows are also
 * counted; restore is pg_restore's script run by psql in one transaction that first empties the
 * schemas, so it is all or nothing, whatever tables a newer schema added (ADR 030).
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
  const tools = await findClientTools(serverMajor);
  const problem = 'problem' in tools ? tools.problem : null;
  const bin = (name: string) => ('bin' in tools && tools.bin ? path.join(tools.bin, name) : name);
  return {
    kind: 'postgres',
    databaseVersion: `pg${serverVersion}`,
    tool: 'problem' in tools ? 'pg_dump (missing)' : `pg_dump ${tools.major} (custom format)`,
    problem,
    entryName: 'database.dump',
    async dump(file) {
      if (problem) throw new Error(problem);
      const client = new pg.Client({ connectionString: url });
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
    async restore(file, verify) {
      if (problem) throw new RestoreFailure(problem, false);
      const prefix = path.join(os.tmpdir(), `restore-clean-${process.pid}-${Date.now()}.sql`);
      await writeFile(prefix, CLEAN_SQL);
      try {
        await pipeRestore(bin('pg_restore'), bin('psql'), file, prefix, env);
      } catch (err) {
        throw new RestoreFailure(messageOf(err), false);
      } finally {
        await rm(prefix, { force: true });
      }
      try {
        await verify(database);
      } catch (err) {
        throw new RestoreFailure(messageOf(err), true);
      }
    },
  };
}

/** pg_restore -f - FILE | psql --single-transaction -f CLEAN -f - : all or nothing. */
function pipeRestore(pgRestore: string, psql: string, file: string, prefix: string, env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const restore = spawn(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '-f', '-', file], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const apply = spawn(psql, ['-X', '-q', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '-f', prefix, '-f', '-'], {
      env: { ...env, PGOPTIONS: '-c lock_timeout=30s' },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    restore.stdout.pipe(apply.stdin);
    apply.stdin.on('error', () => {}); // psql stopped early: its own error is reported
    let errors = '';
    const collect = (d: Buffer) => (errors = (errors + d.toString()).slice(-4000));
    restore.stderr.on('data', collect);
    apply.stderr.on('data', collect);
    const exit = (child: ReturnType<typeof spawn>) =>
      new Promise<number>((r) => {
        child.on('error', () => r(127));
        child.on('close', (code) => r(code ?? 1));
      });
    void Promise.all([exit(restore), exit(apply)]).then(([a, b]) => {
      if (a === 0 && b === 0) resolve();
      else reject(new Error(errors.trim().split('\n').slice(-3).join(' ') || `pg_restore ${a}, psql ${b}`));
    });
  });
}
