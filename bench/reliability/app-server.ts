// The compiled server (dist/server, as `npm start` runs it) on a fresh DATA_DIR (its embedded
// PostgreSQL, ADR 048) or a fresh PostgreSQL database, with three staff accounts created (create-staff.ts) before it starts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { makeTempDir, removeTempDir } from '../lib/cleanup.ts';
import { freshDatabase } from '../lib/pg.ts';
import { stopEmbeddedPostgres } from '#server/db/embedded/embedded-server.ts';
import { appDir, spawnApp, waitFor200, type Backend, type Spawned } from '../lib/server.ts';

export type BackendKind = 'embedded' | 'postgres';

export const STAFF = {
  admin: { username: 'fuzzadmin', password: 'Fuzz-admin-2026', role: 'admin' },
  user: { username: 'fuzzuser', password: 'Fuzz-user-2026', role: 'user' },
  /** The target of PUT /api/users/:id, so the fuzz never changes the accounts it signs in with. */
  victim: { username: 'fuzzvictim', password: 'Fuzz-victim-2026', role: 'user' },
} as const;

export interface PreparedBackend {
  kind: BackendKind;
  backend: Backend;
  env: NodeJS.ProcessEnv;
  /**
   * Where its servers keep their files: backups (BACKUP_DIR) and, on PostgreSQL, the mail secret
   * key (DATA_DIR). In a temporary directory, never the checkout's ./data (the fuzz makes backups).
   */
  filesEnv: NodeJS.ProcessEnv;
  dispose(): Promise<void>;
}

/** A new empty database of that kind, with the three staff accounts (migrations included). */
export async function prepareBackend(kind: BackendKind, name: string): Promise<PreparedBackend> {
  let backend: Backend;
  let dispose: () => Promise<void>;
  let filesEnv: NodeJS.ProcessEnv;
  if (kind === 'embedded') {
    const dataDir = makeTempDir(name);
    backend = { kind: 'embedded', dataDir };
    filesEnv = { BACKUP_DIR: path.join(dataDir, 'backups') };
    // A kill -9 of the app leaves its database server running: stop it before removing its files.
    dispose = async () => {
      await stopEmbeddedPostgres(dataDir);
      removeTempDir(dataDir);
    };
  } else {
    const db = await freshDatabase(`reliability_${name.replace(/\W/g, '_')}_${process.pid}`);
    const filesDir = makeTempDir(`${name}-files`);
    backend = { kind: 'postgres', databaseUrl: db.url };
    filesEnv = { DATA_DIR: filesDir, BACKUP_DIR: path.join(filesDir, 'backups') };
    dispose = async () => {
      await db.drop();
      removeTempDir(filesDir);
    };
  }
  const env = backend.kind === 'embedded' ? { DATA_DIR: backend.dataDir } : { DATABASE_URL: backend.databaseUrl };
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(appDir, 'bench', 'reliability', 'create-staff.ts'),
      JSON.stringify(Object.values(STAFF)),
    ],
    { cwd: appDir, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`creating the staff accounts failed:\n${r.stdout}${r.stderr}`);
  return { kind, backend, env, filesEnv, dispose };
}

/** Generous limits, and X-Forwarded-For trusted from loopback so per-address limits apply per simulated client. */
export const SERVER_ENV: NodeJS.ProcessEnv = {
  TRUST_PROXY: '127.0.0.1',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  ISV_RATE_LIMIT_PER_MINUTE: '100000',
  SCRAPE_RATE_LIMIT_PER_MINUTE: '100000',
};

/** Starts the compiled server on the prepared database and waits until it answers. */
export async function startServer(prepared: PreparedBackend, extraEnv: NodeJS.ProcessEnv = {}): Promise<Spawned> {
  const server = await spawnApp(prepared.backend, { ...SERVER_ENV, ...prepared.filesEnv, ...extraEnv });
  await waitFor200(server, '/api/health', { timeoutMs: 90_000 });
  return server;
}
