// Whether a PostgreSQL server answers, for scripts/test.mjs. Plain Node ESM with no npm
// dependencies: it must work before `npm ci` has run.
import net from 'node:net';
import { spawnSync } from 'node:child_process';
import { findExecutable } from './proc.mjs';

/** postgres://user:secret@host/db -> postgres://user:***@host/db, for messages. */
export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function tcpReachable(host, port, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Does a PostgreSQL server answer at this URL? pg_isready when installed, else a TCP connect. */
export async function postgresReachable(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, why: 'it is not a valid URL' };
  }
  const socketDir = u.searchParams.get('host');
  const host = socketDir?.startsWith('/') ? socketDir : u.hostname.replace(/^\[|\]$/g, '') || 'localhost';
  const port = Number(u.port || 5432);
  const pgIsReady = findExecutable('pg_isready');
  if (pgIsReady) {
    // Exit code 1 means "rejecting connections" (starting up): give it a few seconds.
    for (let attempt = 0; ; attempt++) {
      const r = spawnSync(pgIsReady, ['-q', '-h', host, '-p', String(port), '-t', '3'], { stdio: 'ignore' });
      if (r.status === 0) return { ok: true };
      if (r.status !== 1 || attempt >= 10) return { ok: false, why: `pg_isready -h ${host} -p ${port} failed` };
      await sleep(1000);
    }
  }
  if (host.startsWith('/')) return { ok: true }; // a socket directory: let the tests find out
  return (await tcpReachable(host, port))
    ? { ok: true }
    : { ok: false, why: `nothing accepts TCP connections at ${host}:${port}` };
}
