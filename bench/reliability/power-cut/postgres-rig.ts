// The proof of the rig (ADR 051): Debian's PostgreSQL 15 server, run as the `postgres` system user
// (it refuses root) with its data directory on the power-cut file system. 50 writers insert rows
// and record each acknowledged commit; the power is cut, every database process killed, and the
// restarted server must have every acknowledged row (fsync=on), or shows the losses (fsync=off).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { makeTempDir, removeTempDir, stopChild, trackChild } from '../../lib/cleanup.ts';
import { sleep } from '../../lib/server.ts';
import { killEverythingOn, type PowercutMount } from './powercut-fs.ts';

export const PG15_BIN = '/usr/lib/postgresql/15/bin';

/** Why the PostgreSQL 15 proof cannot run here, or null. */
export function postgres15UnavailableReason(): string | null {
  if (!existsSync(path.join(PG15_BIN, 'postgres')) || !existsSync(path.join(PG15_BIN, 'initdb')))
    return `PostgreSQL 15 binaries are missing (${PG15_BIN}; Debian package 'postgresql-15')`;
  if (process.getuid?.() !== 0) return 'running the server as the postgres system user needs root';
  if (postgresUser() === null) return "the 'postgres' system user is missing";
  return null;
}

function postgresUser(): { uid: number; gid: number } | null {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) return null;
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

export interface PgRound {
  round: number;
  /** Inserts whose commit was acknowledged before the cut. */
  acknowledged: number;
  /** Acknowledged inserts not found after the restart. */
  missing: number;
  /** Whether the restarted server accepted connections (crash recovery succeeded). */
  opened: boolean;
  /** Why it did not open, or why reading the table failed (e.g. the table itself was lost). */
  error?: string;
  /** What the cut dropped (powercut-fs counters of this cut). */
  droppedPages: number;
  droppedBytes: number;
  droppedNewFiles: number;
  loadMs: number;
  restartMs: number;
}

interface Server {
  child: ChildProcess;
  output: () => string;
}

/** A PostgreSQL 15 cluster on the mount, with its socket in a private folder outside it. */
export function createCluster(mount: PowercutMount, opts: { fsync: boolean }) {
  const user = postgresUser()!;
  const dataDir = path.join(mount.mountPoint, 'pg15');
  const socketDir = makeTempDir('pg15-socket');
  mkdirSync(dataDir);
  chownSync(dataDir, user.uid, user.gid);
  chownSync(socketDir, user.uid, user.gid);
  const asPostgres = { uid: user.uid, gid: user.gid, cwd: os.tmpdir(), env: { ...process.env, LC_ALL: 'C' } };

  const init = spawnSync(
    path.join(PG15_BIN, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'],
    { ...asPostgres, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

  const start = (): Server => {
    const child = spawn(
      path.join(PG15_BIN, 'postgres'),
      [
        '-D',
        dataDir,
        '-k',
        socketDir,
        '-c',
        'listen_addresses=',
        '-c',
        `fsync=${opts.fsync ? 'on' : 'off'}`,
        '-c',
        'synchronous_commit=on',
        '-c',
        'full_page_writes=on',
        '-c',
        'max_connections=80',
        '-c',
        'shared_buffers=32MB',
        // Checkpoints and their fsyncs happen during the load too.
        '-c',
        'checkpoint_timeout=30s',
        '-c',
        'max_wal_size=64MB',
      ],
      { ...asPostgres, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    trackChild(child);
    let tail = '';
    const keep = (c: Buffer) => (tail = (tail + c.toString()).slice(-6000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return { child, output: () => tail };
  };

  const connect = () => new pg.Client({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres' });

  /** Waits until the server answers a query; throws with its output if it exits or takes > 60 s. */
  const ready = async (server: Server): Promise<void> => {
    const deadline = performance.now() + 60_000;
    for (;;) {
      if (server.child.exitCode !== null || server.child.signalCode !== null)
        throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`);
      const c = connect();
      try {
        await c.connect();
        await c.query('select 1');
        return;
      } catch (err) {
        if (performance.now() > deadline)
          throw new Error(`not ready in 60 s: ${(err as Error).message}`, { cause: err });
      } finally {
        await c.end().catch(() => undefined);
      }
      await sleep(100);
    }
  };

  const stop = async (s: Server) => {
    await stopChild(s.child, 30_000);
    removeTempDir(socketDir);
  };
  return { start, ready, connect, stop };
}

/** `rounds` power cuts under `writers` concurrent inserters, each after `loadMs` (±50%) of load. */
export async function postgresPowerCuts(
  mount: PowercutMount,
  opts: { fsync: boolean; rounds: number; writers: number; loadMs: number; stopAtFirstLoss?: boolean },
): Promise<PgRound[]> {
  const cluster = createCluster(mount, opts);
  let server = cluster.start();
  await cluster.ready(server);
  const results: PgRound[] = [];
  try {
    for (let round = 1; round <= opts.rounds; round++) {
      // The table is created again if a cut took it away (fsync=off).
      const setup = cluster.connect();
      await setup.connect();
      await setup.query(
        'create table if not exists acks (round int, writer int, n int, primary key (round, writer, n))',
      );
      await setup.end();

      const acked: string[] = [];
      let cutting = false;
      const clients = Array.from({ length: opts.writers }, () => cluster.connect());
      await Promise.all(clients.map((c) => c.connect()));
      const writer = async (c: pg.Client, w: number) => {
        c.on('error', () => undefined); // the connection dies with the server
        for (let n = 1; !cutting; n++) {
          try {
            await c.query('insert into acks (round, writer, n) values ($1, $2, $3)', [round, w, n]);
          } catch (err) {
            if (cutting) return;
            throw err;
          }
          // Acknowledged only if the answer came before the power went: after it, a real server
          // could not have answered.
          if (!cutting) acked.push(`${w}:${n}`);
        }
      };
      const started = performance.now();
      const running = Promise.all(clients.map((c, w) => writer(c, w)));
      const loadFor = Math.round(opts.loadMs * (0.5 + Math.random()));
      while (performance.now() - started < loadFor || acked.length < opts.writers) await sleep(20);

      cutting = true;
      const before = mount.status();
      mount.cut();
      const loadMs = performance.now() - started;
      await killEverythingOn(mount, [server.child.pid!]);
      await running;
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
      const after = mount.status();
      mount.revive();

      const restartAt = performance.now();
      server = cluster.start();
      const result: PgRound = {
        round,
        acknowledged: acked.length,
        missing: acked.length,
        opened: false,
        droppedPages: (after.dropped_pages ?? 0) - (before.dropped_pages ?? 0),
        droppedBytes: (after.dropped_bytes ?? 0) - (before.dropped_bytes ?? 0),
        droppedNewFiles: (after.dropped_new_files ?? 0) - (before.dropped_new_files ?? 0),
        loadMs: Math.round(loadMs),
        restartMs: 0,
      };
      try {
        await cluster.ready(server);
        result.opened = true;
        result.restartMs = Math.round(performance.now() - restartAt);
        const check = cluster.connect();
        await check.connect();
        try {
          const stored = await check
            .query<{ writer: number; n: number }>('select writer, n from acks where round = $1', [round])
            .then((r) => new Set(r.rows.map((row) => `${row.writer}:${row.n}`)));
          result.missing = acked.filter((k) => !stored.has(k)).length;
        } catch (err) {
          result.error = (err as Error).message; // e.g. the table itself was lost: all missing
        } finally {
          await check.end();
        }
      } catch (err) {
        result.error = (err as Error).message.slice(0, 2000);
      }
      results.push(result);
      if (!result.opened) break; // the database does not open: nothing more to learn
      if (opts.stopAtFirstLoss && result.missing > 0) break;
    }
  } finally {
    await cluster.stop(server);
  }
  return results;
}
