import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Database } from '../client.ts';
import { DataDirLockedError } from '../dir-lock.ts';
import { users } from '../schema/index.ts';
import { moveFromPglite } from '#server/integrations/backup/move-to-postgres.ts';
import { openPgliteDir } from '#test/pglite-dir.ts';
import { startEmbeddedPostgres, stopEmbeddedPostgres } from './embedded-server.ts';
import { isOurPostmaster, readPostmasterPid } from './orphan.ts';
import { importPgliteOnce } from './pglite-import.ts';

const rows = async (database: Database, text: string) =>
  ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

const quiet = { info: () => {}, warn: () => {} };

// ADR 048: the app's own PostgreSQL server in DATA_DIR, started, reused and stopped by the app.
describe('the embedded PostgreSQL server', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'embedded-test-'));
  chmodSync(tmp, 0o755); // under root the server runs as its own user, which must enter here
  const dataDir = path.join(tmp, 'data');
  let database: Database;

  beforeAll(async () => {
    database = await openDb({ dataDir, log: quiet });
  }, 120_000);
  afterAll(async () => {
    await database?.close().catch(() => {});
    await stopEmbeddedPostgres(dataDir).catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  });

  it('creates a cluster in DATA_DIR/postgres that listens on a Unix socket in DATA_DIR only', async () => {
    expect(database.embedded?.started).toBe('initdb');
    expect(database.embedded?.pgdata).toBe(path.join(dataDir, 'postgres'));
    expect(database.embedded?.socketDir.startsWith(dataDir + path.sep)).toBe(true);
    expect(readdirSync(database.embedded!.socketDir)).toContain('.s.PGSQL.5432');
    const [conf] = await rows(
      database,
      `select current_setting('listen_addresses') as listen, current_setting('server_version_num')::int as version`,
    );
    expect(conf).toEqual({ listen: '', version: expect.any(Number) });
    expect(conf!.version).toBeGreaterThanOrEqual(170000);
  });

  it('keeps every commit durable and runs autovacuum', async () => {
    const [s] = await rows(
      database,
      `select current_setting('fsync') as fsync, current_setting('full_page_writes') as fpw,
              current_setting('synchronous_commit') as sc, current_setting('autovacuum') as av`,
    );
    expect(s).toEqual({ fsync: 'on', fpw: 'on', sc: 'on', av: 'on' });
  });

  it('keeps its generated password in a file only the app can read, and asks for it', async () => {
    const file = path.join(dataDir, 'postgres-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { default: pg } = await import('pg');
    const wrong = new pg.Client({ host: database.embedded!.socketDir, user: 'postgres', password: 'nope' });
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
  });

  it('refuses a second app on the same DATA_DIR with a clear message', async () => {
    await expect(openDb({ dataDir, log: quiet })).rejects.toThrow(DataDirLockedError);
    await expect(openDb({ dataDir, log: quiet })).rejects.toThrow(/already in use by another running instance/);
  });

  it('reuses a server left running by a killed app, then stops it on close: one postmaster throughout', async () => {
    await database.close();
    expect(readPostmasterPid(database.embedded!.pgdata)).toBeNull();
    // What a kill -9 of the app leaves: the server running, nobody holding the lock.
    const orphan = await startEmbeddedPostgres({ dataDir, log: quiet });
    expect(orphan.started).toBe('start');
    const left = readPostmasterPid(orphan.pgdata)!.pid;
    database = await openDb({ dataDir, log: quiet });
    expect(database.embedded?.started).toBe('reused');
    expect(readPostmasterPid(orphan.pgdata)!.pid).toBe(left);
    expect(await rows(database, 'select 1 as one')).toEqual([{ one: 1 }]);
    await database.close();
    expect(readPostmasterPid(orphan.pgdata)).toBeNull();
    expect(isOurPostmaster(left, orphan.pgdata)).toBe(false);
    // And a normal start after a clean stop.
    database = await openDb({ dataDir, log: quiet });
    expect(database.embedded?.started).toBe('start');
  });

  it('moves a PGlite data directory in once, verified, leaving the old directory untouched', async () => {
    // Today's layout: DATA_DIR/pglite, migrated, with an administrator and a few staff.
    const oldDir = path.join(tmp, 'old');
    mkdirSync(path.join(oldDir, 'pglite'), { recursive: true });
    const pglite = await openPgliteDir(path.join(oldDir, 'pglite'));
    for (const [username, role] of [
      ['boss', 'admin'],
      ['ana', 'user'],
      ['rui', 'user'],
    ] as const)
      await pglite.db.insert(users).values({ username, password: 'x', role });
    await pglite.close();
    const snapshot = () =>
      readdirSync(path.join(oldDir, 'pglite'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => {
          const file = path.join(e.parentPath, e.name);
          const st = statSync(file);
          return `${path.relative(oldDir, file)} ${st.size} ${st.mtimeMs}`;
        })
        .sort();
    const before = snapshot();

    const target = await openDb({ dataDir: oldDir, log: quiet });
    try {
      const moved = await importPgliteOnce(target, { move: moveFromPglite, log: quiet });
      expect(moved?.rows).toBeGreaterThanOrEqual(3);
      expect(await rows(target, 'select username, role from users order by username')).toEqual([
        { username: 'ana', role: 'user' },
        { username: 'boss', role: 'admin' },
        { username: 'rui', role: 'user' },
      ]);
      expect(existsSync(path.join(oldDir, 'pglite-imported.json'))).toBe(true);
      // Once: a second start does not import again.
      expect(await importPgliteOnce(target, { move: moveFromPglite, log: quiet })).toBeNull();
    } finally {
      await target.close();
    }
    expect(snapshot()).toEqual(before);
  });
  it('a PGlite directory that fails the check is not imported: the app database stays empty, the next start tries again', async () => {
    const badDir = path.join(tmp, 'bad');
    mkdirSync(path.join(badDir, 'pglite'), { recursive: true });
    const pglite = await openPgliteDir(path.join(badDir, 'pglite'));
    await pglite.db.insert(users).values({ username: 'ana', password: 'x', role: 'user' }); // no administrator
    await pglite.close();

    const target = await openDb({ dataDir: badDir, log: quiet });
    try {
      await expect(importPgliteOnce(target, { move: moveFromPglite, log: quiet })).rejects.toThrow(
        /nothing was changed there.*no administrator account/,
      );
      expect(existsSync(path.join(badDir, 'pglite-imported.json'))).toBe(false);
      expect(await rows(target, `select count(*)::int as n from pg_tables where schemaname = 'public'`)).toEqual([
        { n: 0 },
      ]);
      expect(readdirSync(badDir).filter((n) => n.startsWith('pglite-import-'))).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
