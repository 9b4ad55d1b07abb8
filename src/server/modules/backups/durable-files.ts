// Files in the backup directory written so a power cut leaves either the old state or the new:
// temporary name, fsync, rename, fsync of the directory; and the `<file>.sha256` beside each (ADR 030).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** fsync a file or a directory (a rename is durable once its directory is synced). */
export async function syncPath(p: string): Promise<void> {
  const fh = await open(p, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Puts a finished temporary file in place: sync it, rename it, sync the directory. */
export async function commitFile(tmp: string, final: string): Promise<void> {
  await syncPath(tmp);
  await rename(tmp, final);
  await syncPath(path.dirname(final));
}

/** The `<file>.sha256` line `sha256sum -c` checks (two spaces: text mode, as sha256sum writes). */
export const sha256Line = (sha256: string, filename: string) => `${sha256}  ${filename}\n`;

export async function writeChecksumFile(dir: string, filename: string, sha256: string): Promise<void> {
  const final = path.join(dir, `${filename}.sha256`);
  const tmp = `${final}.tmp`;
  await writeFile(tmp, sha256Line(sha256, filename), { flag: 'w' });
  await commitFile(tmp, final);
}

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A second copy (BACKUP_COPY_DIR) written the same safe way: temporary name, sync, rename. */
export async function copyDurably(file: string, toDir: string, sha256: string): Promise<void> {
  const name = path.basename(file);
  const tmp = path.join(toDir, `${name}.tmp`);
  try {
    await copyFile(file, tmp);
    await commitFile(tmp, path.join(toDir, name));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await writeChecksumFile(toDir, name, sha256);
}

/** A message for a file-system failure that tells the owner what to fix. */
export function describeFsError(err: unknown, dir: string): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC') return `The disk holding ${dir} is full`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EEXIST')
    return `The backup directory ${dir} is not writable`;
  if (code === 'ENOENT') return `The backup directory ${dir} does not exist`;
  return err instanceof Error ? err.message : String(err);
}
