import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { writeFileDurably } from '#server/lib/durable-file.ts';
import { postgresBinaries } from './binaries.ts';
import { assertReachable, databaseOwner, giveTo, type DatabaseOwner } from './os-user.ts';
import { isOurPostmaster, readPostmasterPid } from './orphan.ts';
import { startOrReuse } from './leftover.ts';
import { APP_CONF, appConf, socketDirFor } from './settings.ts';

/** The database the app uses inside the embedded server (the server's superuser is `postgres`). */
export const APP_DATABASE = 'app';

export interface EmbeddedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EmbeddedServerOptions {
  /** DATA_DIR: the cluster goes in DATA_DIR/postgres. */
  dataDir: string;
  log?: EmbeddedLog;
  /**
   * Settings added to the app's (tests only: a throw-away test server may skip fsync). The app
   * itself never passes any: its settings are durable (ADR 048).
   */
  extraSettings?: Record<string, string>;
}

export interface EmbeddedServer {
  /** Connection string of the app's database, over the Unix socket. */
  url: string;
  /** Connection string of the `postgres` maintenance database (tests create databases there). */
  adminUrl: string;
  pgdata: string;
  socketDir: string;
  /** How this start went: a new cluster, a server left running and reused, or a normal start. */
  started: 'initdb' | 'reused' | 'start';
  /** Stops the server (fast shutdown: open sessions are ended, committed work is on disk). */
  stop(): Promise<void>;
}

const quietLog: EmbeddedLog = { info: () => {}, warn: () => {} };

/** Runs one of PostgreSQL's programs as the database user, without the caller's PG* variables. */
function runProgram(bin: string, args: string[], owner: DatabaseOwner | null): Promise<string> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PG')) env[k] = v;
  env.LC_ALL = 'C';
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    let output = '';
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-8000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(bin)} ${args[0]} failed (exit ${code}): ${output.trim().slice(-1500)}`)),
    );
  });
}

function tail(file: string, lines = 8): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * The end of the server's newest log file (settings.ts: logging_collector, log_directory 'log'):
 * once the collector runs, the reason a start failed (a damaged file, a bad setting) is only there.
 */
function serverLogTail(pgdata: string): string {
  const dir = path.join(pgdata, 'log');
  try {
    const newest = readdirSync(dir)
      .map((name) => ({ name, at: statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)[0];
    return newest ? tail(path.join(dir, newest.name), 20) : '';
  } catch {
    return '';
  }
}

/** The generated superuser password, kept in DATA_DIR/postgres-password (0600). */
function password(dataDir: string, pgdata: string): string {
  const file = path.join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (existsSync(path.join(pgdata, 'PG_VERSION')))
    throw new Error(
      `${file} is missing: the embedded database in ${pgdata} cannot be opened without the password it was ` +
        'created with. Put the file back (from a copy of DATA_DIR).',
    );
  writeFileDurably(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

async function initdb(initdbBin: string, pgdata: string, secret: string, owner: DatabaseOwner | null) {
  // initdb wants an empty directory; the password goes through a file only the database user reads.
  rmSync(pgdata, { recursive: true, force: true });
  mkdirSync(pgdata, { mode: 0o700 });
  giveTo(owner, pgdata);
  const pwfile = path.join(path.dirname(pgdata), `.postgres-initdb-${process.pid}`);
  writeFileSync(pwfile, `${secret}\n`, { mode: 0o600 });
  giveTo(owner, pwfile);
  try {
    await runProgram(
      initdbBin,
      [
        '--pgdata',
        pgdata,
        '--username',
        'postgres',
        '--auth',
        'scram-sha-256',
        '--pwfile',
        pwfile,
        '--encoding',
        'UTF8',
        '--locale',
        'C',
        // PostgreSQL's own Unicode rules: the same on every platform, no OS locale needed.
        '--locale-provider',
        'builtin',
        '--builtin-locale',
        'C.UTF-8',
        // initdb's default sync: every file and directory fsynced before the server starts. Not
        // syncfs(): a file system that does not pass it on (FUSE) would keep the new cluster only
        // in memory, and the power-cut test lost every write that way (ADR 051).
      ],
      owner,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  const mainConf = path.join(pgdata, 'postgresql.conf');
  const withInclude = `${readFileSync(mainConf, 'utf8')}\n# The app's settings (ADR 048)\ninclude '${APP_CONF}'\n`;
  writeFileDurably(mainConf, withInclude, { mode: 0o600 });
}

function urls(socketDir: string, secret: string) {
  const at = `postgresql://postgres:${secret}@${encodeURIComponent(socketDir)}`;
  return { url: `${at}/${APP_DATABASE}`, adminUrl: `${at}/postgres` };
}

/**
 * Starts the app's private PostgreSQL server in DATA_DIR/postgres (ADR 048): creates the cluster
 * on first start, reuses a server a killed app left running, and creates the app's database.
 * The caller holds the data directory's lock, so no other app is starting the same server.
 */
export async function startEmbeddedPostgres(opts: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const log = opts.log ?? quietLog;
  const t0 = performance.now();
  const dataDir = path.resolve(opts.dataDir);
  const pgdata = path.join(dataDir, 'postgres');
  const socketDir = socketDirFor(dataDir);
  const bins = await postgresBinaries();
  const owner = databaseOwner();
  mkdirSync(dataDir, { recursive: true });
  assertReachable(owner, pgdata);
  const secret = password(dataDir, pgdata);
  const { url, adminUrl } = urls(socketDir, secret);
  const pgCtl = (...args: string[]) => runProgram(bins.pg_ctl, [...args, '--pgdata', pgdata, '--silent'], owner);

  let created: 'start' | 'initdb' = 'start';
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    await initdb(bins.initdb, pgdata, secret, owner);
    created = 'initdb';
    log.info({ ms: Math.round(performance.now() - t0), pgdata }, 'embedded PostgreSQL: new cluster created');
  }
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  giveTo(owner, socketDir);
  const conf = path.join(pgdata, APP_CONF);
  writeFileSync(conf, appConf(socketDir, opts.extraSettings));
  giveTo(owner, conf);

  // A server left by an app that was killed (kill -9, a crash, a power cut): reused, waited for or
  // stopped; never a second postmaster on the same directory (leftover.ts).
  const startLog = path.join(pgdata, 'startup.log');
  const started: EmbeddedServer['started'] = await startOrReuse({
    pgdata,
    socketDir,
    adminUrl,
    started: created,
    log,
    pgCtl,
    startFailed: (err) => {
      const logged = serverLogTail(pgdata);
      return new Error(`${err.message}\n${tail(startLog)}${logged ? `\nServer log:\n${logged}` : ''}`, { cause: err });
    },
    startLog,
  });
  await ensureAppDatabase(adminUrl);
  const ms = Math.round(performance.now() - t0);
  log.info({ ms, started, pgdata, socketDir }, 'embedded PostgreSQL ready');

  return {
    url,
    adminUrl,
    pgdata,
    socketDir,
    started,
    async stop() {
      const t = performance.now();
      await pgCtl('stop', '--mode', 'fast', '--wait', '--timeout', '60');
      log.info({ ms: Math.round(performance.now() - t) }, 'embedded PostgreSQL stopped');
    },
  };
}

async function ensureAppDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
    if (!rowCount) await client.query(`create database ${APP_DATABASE}`);
  } finally {
    await client.end();
  }
}

/** Stops whatever server runs in DATA_DIR/postgres (tests and tools cleaning up after a kill -9). */
export async function stopEmbeddedPostgres(dataDir: string): Promise<void> {
  const pgdata = path.join(path.resolve(dataDir), 'postgres');
  const left = readPostmasterPid(pgdata);
  if (!left || !isOurPostmaster(left.pid, pgdata)) return;
  const bins = await postgresBinaries();
  await runProgram(
    bins.pg_ctl,
    ['stop', '--pgdata', pgdata, '--mode', 'fast', '--wait', '--timeout', '60', '--silent'],
    databaseOwner(),
  );
}
