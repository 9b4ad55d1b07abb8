import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';

/**
 * A backup file is a plain tar (ustar) of two members (ADR 030): `manifest.json` (versions and
 * row counts per table) and the database's own dump (`database.tar.gz` from PGlite's dumpDataDir,
 * `database.dump` from pg_dump --format=custom). `tar xf` opens it with no help from the app.
 */
export interface ContainerEntry {
  name: string;
  offset: number;
  size: number;
}

const BLOCK = 512;
const padTo = (n: number) => Math.ceil(n / BLOCK) * BLOCK;

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  const put = (value: string, at: number, len: number) => h.write(value, at, len, 'ascii');
  const octal = (n: number, len: number) => n.toString(8).padStart(len - 1, '0');
  put(name, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of h) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return h;
}

/**
 * Writes the container to `file` and returns its sha256 and size (the caller syncs and renames it).
 * One pipeline from source to file: an error anywhere (a full disk, an unreadable dump) rejects
 * this call and never surfaces elsewhere (ADR 050).
 */
export async function writeContainer(
  file: string,
  manifest: object,
  dump: { name: string; path: string; size: number },
  mtime: Date,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const json = Buffer.from(JSON.stringify(manifest, null, 2));
  async function* parts() {
    yield header('manifest.json', json.length, mtime);
    yield Buffer.concat([json, Buffer.alloc(padTo(json.length) - json.length)]);
    yield header(dump.name, dump.size, mtime);
    for await (const chunk of createReadStream(dump.path)) yield chunk as Buffer;
    yield Buffer.alloc(padTo(dump.size) - dump.size + 2 * BLOCK);
  }
  async function* tap(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  }
  await pipeline(parts, tap, createWriteStream(file, { flags: 'wx' }));
  return { sha256: hash.digest('hex'), size };
}

export class DamagedBackupError extends Error {}

/** Reads the members of a container; a truncated or foreign file throws DamagedBackupError. */
export async function readContainer(file: string): Promise<{ manifest: unknown; dump: ContainerEntry }> {
  const fh = await open(file, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const entries: ContainerEntry[] = [];
    let at = 0;
    let manifest: unknown;
    while (entries.length < 2) {
      const h = Buffer.alloc(BLOCK);
      const { bytesRead } = await fh.read(h, 0, BLOCK, at);
      if (bytesRead < BLOCK) throw new DamagedBackupError('the file is truncated');
      if (h.toString('ascii', 257, 262) !== 'ustar') throw new DamagedBackupError('not a backup file of this product');
      const name = h.toString('ascii', 0, 100).replace(/\0.*$/s, '');
      const size = parseInt(h.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim(), 8);
      if (!Number.isFinite(size) || at + BLOCK + size > fileSize) throw new DamagedBackupError('the file is truncated');
      const entry = { name, offset: at + BLOCK, size };
      if (entries.length === 0) {
        if (name !== 'manifest.json' || size > 4 * 1024 * 1024)
          throw new DamagedBackupError('not a backup file of this product');
        const json = Buffer.alloc(size);
        await fh.read(json, 0, size, entry.offset);
        try {
          manifest = JSON.parse(json.toString('utf8'));
        } catch {
          throw new DamagedBackupError('its manifest is unreadable');
        }
      }
      entries.push(entry);
      at = entry.offset + padTo(size);
    }
    if (fileSize < at + 2 * BLOCK) throw new DamagedBackupError('the file is truncated');
    return { manifest, dump: entries[1]! };
  } finally {
    await fh.close();
  }
}

/** Copies one member out to its own file (pg_restore reads a file; PGlite loads a Blob of it). */
export async function extractEntry(file: string, entry: ContainerEntry, to: string): Promise<void> {
  if (entry.size === 0) throw new DamagedBackupError('the database dump in it is empty');
  await pipeline(
    createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 }),
    createWriteStream(to),
  );
}
