import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** The server listens on no TCP port; this number only names its socket file (.s.PGSQL.5432). */
export const SOCKET_PORT = 5432;

/** A Unix socket path longer than this does not fit in sockaddr_un (108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Where the server's Unix socket lives: DATA_DIR/postgres-socket, or, when that path is too long
 * for a Unix socket, a short directory in the system's temporary directory named after a hash of
 * DATA_DIR (ADR 048), so two data directories never share one.
 */
export function socketDirFor(dataDir: string): string {
  const inside = path.join(dataDir, 'postgres-socket');
  if (Buffer.byteLength(path.join(inside, `.s.PGSQL.${SOCKET_PORT}`)) <= MAX_SOCKET_PATH) return inside;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `autoimport-pg-${hash}`);
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Name of the settings file the app rewrites at every start, included by postgresql.conf. */
export const APP_CONF = 'postgresql.app.conf';

/**
 * The settings the app owns (ADR 048): no TCP, the socket in the data directory, every commit on
 * disk before it is acknowledged, autovacuum, no parallel workers, a week of rotated logs in postgres/log.
 */
export function appConf(socketDir: string, extra: Record<string, string> = {}): string {
  const settings: Record<string, string> = {
    listen_addresses: quote(''),
    port: String(SOCKET_PORT),
    unix_socket_directories: quote(socketDir),
    unix_socket_permissions: '0700',
    fsync: 'on',
    full_page_writes: 'on',
    synchronous_commit: 'on',
    autovacuum: 'on',
    // No parallel workers (ADR 069): on a small machine the app's statements are short, and a
    // worker's start costs more than it saves; the dashboard's counts took 10 times longer with them.
    max_parallel_workers_per_gather: '0',
    logging_collector: 'on',
    log_directory: quote('log'),
    log_filename: quote('postgresql-%a.log'),
    log_truncate_on_rotation: 'on',
    log_rotation_age: quote('1d'),
    log_rotation_size: '0',
    ...extra,
  };
  return [
    '# Written by the app at every start (docs/decisions/048-embedded-postgresql.md): edits here are lost.',
    ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`),
    '',
  ].join('\n');
}
