import { execFileSync } from 'node:child_process';
import { chownSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root. When the app runs as root (a VPS, a container, CI), the
 * embedded server runs as this system user instead, created on first need (ADR 048, README).
 */
export const DATABASE_OS_USER = 'autoimport-db';

export interface DatabaseOwner {
  name: string;
  uid: number;
  gid: number;
}

function lookUp(name: string): DatabaseOwner | null {
  try {
    // One process per start: `id NAME` prints "uid=N(NAME) gid=N(GROUP) groups=...".
    const out = execFileSync('id', [name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    const ids = /^uid=(\d+)\([^)]*\) gid=(\d+)/.exec(out);
    return ids ? { name, uid: Number(ids[1]), gid: Number(ids[2]) } : null;
  } catch {
    return null;
  }
}

/**
 * Who runs the database programs: null when the app is not root (they run as the app's own user);
 * otherwise the dedicated system user, created with useradd when it does not exist yet.
 */
export function databaseOwner(): DatabaseOwner | null {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return null;
  const found = lookUp(DATABASE_OS_USER);
  if (found) return found;
  try {
    execFileSync(
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        '--comment',
        'embedded PostgreSQL of the app',
        DATABASE_OS_USER,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (err) {
    const created = lookUp(DATABASE_OS_USER); // another process created it at the same moment
    if (created) return created;
    throw new Error(
      `The app runs as root and PostgreSQL refuses root, so it needs the system user '${DATABASE_OS_USER}', ` +
        `and creating it failed (${(err as Error).message.split('\n')[0]}). Create it yourself ` +
        `(useradd --system --user-group ${DATABASE_OS_USER}) or run the app as an ordinary user.`,
      { cause: err },
    );
  }
  const created = lookUp(DATABASE_OS_USER);
  if (!created) throw new Error(`useradd ran but the user '${DATABASE_OS_USER}' does not exist`);
  return created;
}

/** Hands a directory or file the app created to the database user (no-op when not root). */
export function giveTo(owner: DatabaseOwner | null, file: string): void {
  if (owner) chownSync(file, owner.uid, owner.gid);
}

/**
 * Throws a clear message when the database user cannot reach `dir` because a parent directory is
 * closed to it (e.g. DATA_DIR under /root, or in a mkdtemp directory, mode 700).
 */
export function assertReachable(owner: DatabaseOwner | null, dir: string): void {
  if (!owner) return;
  for (let at = path.dirname(path.resolve(dir)); ; at = path.dirname(at)) {
    const st = statSync(at);
    const searchable =
      st.uid === owner.uid
        ? (st.mode & 0o100) !== 0
        : st.gid === owner.gid
          ? (st.mode & 0o010) !== 0
          : (st.mode & 0o001) !== 0;
    if (!searchable)
      throw new Error(
        `The embedded database runs as the system user '${owner.name}' (PostgreSQL refuses root), and it cannot ` +
          `reach ${dir}: ${at} is closed to other users. Allow it (chmod o+x ${at}), choose a DATA_DIR elsewhere, ` +
          'or run the app as an ordinary user.',
      );
    if (at === path.dirname(at)) return;
  }
}
